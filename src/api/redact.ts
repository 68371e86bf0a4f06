// The one redaction step. A server may repeat the key it was sent (in an error message, a field
// error, a file name, a Location header), so every text that leaves the client (an error, a log
// line, a file name, a manifest) passes through a KeyRedactor that knows the keys in use: the key
// the transport sent, the stored key and a key being tried. Each is replaced by a mark.

export const REDACTED_KEY = '[api-key]';

/** Fewer keys than this are kept: the current one, a few tried ones. */
const MAX_KEYS = 8;
/** Shorter strings are not keys (the key check asks for at least 4 characters), and replacing
 * them would mangle ordinary text. */
const MIN_KEY_LENGTH = 4;
const MAX_CAUSE_DEPTH = 4;

export class KeyRedactor {
  private keys: string[] = [];

  /** Redacts `key` (and its URL-encoded form) from now on. */
  remember(key: string | undefined): void {
    if (!key || key.length < MIN_KEY_LENGTH || this.keys.includes(key)) return;
    this.keys = [key, ...this.keys].slice(0, MAX_KEYS);
  }

  private forms(): string[] {
    const forms = new Set<string>();
    for (const key of this.keys) {
      forms.add(key);
      forms.add(encodeURIComponent(key));
    }
    // Longest first: a key that contains another is replaced whole.
    return [...forms].sort((a, b) => b.length - a.length);
  }

  contains(text: string): boolean {
    return this.keys.length > 0 && this.forms().some((form) => text.includes(form));
  }

  redact(text: string): string {
    if (this.keys.length === 0) return text;
    let out = text;
    for (const form of this.forms()) out = out.split(form).join(REDACTED_KEY);
    return out;
  }

  /** The error with every text it carries redacted; the same object when there was nothing to do. */
  redactError<T>(err: T): T {
    return this.redactValue(err, 0) as T;
  }

  private redactValue(value: unknown, depth: number): unknown {
    if (this.keys.length === 0 || depth > MAX_CAUSE_DEPTH) return value;
    if (typeof value === 'string') return this.redact(value);
    if (!(value instanceof Error)) return value;
    const record = value as unknown as Record<string, unknown>;
    const cause = record.cause;
    const redactedCause = cause === undefined ? undefined : this.redactValue(cause, depth + 1);
    const texts = Object.keys(record)
      .filter((name) => name !== 'cause')
      .map((name) => JSON.stringify(record[name]) ?? '');
    if (!this.contains(`${value.message}\n${value.stack ?? ''}\n${texts.join('\n')}`) && redactedCause === cause) return value;
    // A copy of the same class with the same fields, every string in them redacted.
    const copy = Object.create(Object.getPrototypeOf(value) as object) as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(value)) {
      if (name === 'cause') continue;
      copy[name] = this.redactField(record[name]);
    }
    for (const symbol of Object.getOwnPropertySymbols(value)) Reflect.set(copy, symbol, Reflect.get(value, symbol));
    if (cause !== undefined) Object.defineProperty(copy, 'cause', { value: redactedCause, configurable: true, writable: true, enumerable: false });
    return copy;
  }

  private redactField(field: unknown): unknown {
    if (typeof field === 'string') return this.redact(field);
    if (Array.isArray(field)) return field.map((item) => this.redactField(item));
    if (field !== null && typeof field === 'object' && Object.getPrototypeOf(field) === Object.prototype) {
      return Object.fromEntries(Object.entries(field).map(([name, item]) => [this.redact(name), this.redactField(item)]));
    }
    return field;
  }
}
