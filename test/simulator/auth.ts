// The keys a run knows: valid, revoked (401) and lacking permission (403). A missing or
// unknown key is 401. The log shows only which of these a key was, never the key.
import { SimError } from './envelope';

export type KeyStatus = 'valid' | 'revoked' | 'forbidden' | 'unknown' | 'missing';

export class KeyRing {
  private readonly valid: Set<string>;
  private readonly revoked: Set<string>;
  private readonly forbidden: Set<string>;

  constructor(keys: { valid?: string[]; revoked?: string[]; forbidden?: string[] } | undefined) {
    this.valid = new Set(keys?.valid ?? ['demo-key']);
    this.revoked = new Set(keys?.revoked ?? []);
    this.forbidden = new Set(keys?.forbidden ?? []);
  }

  status(key: string | undefined): KeyStatus {
    if (key === undefined || key === '') return 'missing';
    if (this.valid.has(key)) return 'valid';
    if (this.revoked.has(key)) return 'revoked';
    if (this.forbidden.has(key)) return 'forbidden';
    return 'unknown';
  }

  /** The refusal for a key that may not call, or undefined for a valid key. */
  refusal(status: KeyStatus): SimError | undefined {
    switch (status) {
      case 'valid':
        return undefined;
      case 'missing':
        return new SimError(401, 'The x-api-key header is missing.', 401);
      case 'revoked':
        return new SimError(401, 'The API key has been revoked.', 401);
      case 'forbidden':
        return new SimError(403, 'The API key does not have permission for this operation.', 403);
      default:
        return new SimError(401, 'The API key is not valid.', 401);
    }
  }
}

export function redactedKey(status: KeyStatus): string | undefined {
  return status === 'missing' ? undefined : `<redacted:${status}>`;
}
