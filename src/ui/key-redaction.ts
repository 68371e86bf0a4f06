// The extension's one KeyRedactor (src/api/redact.ts): it learns the stored key (api-key.ts), a
// key being tried (setApiKey) and every key the client sends (the client shares it), and the log,
// the notifications and the workflows' manifests pass their text through it.
import { KeyRedactor } from '../api/redact';

export const keyRedactor = new KeyRedactor();

export function redactKey(text: string): string {
  return keyRedactor.redact(text);
}
