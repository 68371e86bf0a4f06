// The one redaction step. A server may repeat the key it was sent (in an error message, a field
// error, a file name, a Location header), so every text that leaves the client (an error, a log
// line, a file name, a manifest) passes through a KeyRedactor that knows the keys in use: the key
// the transport sent, the stored key and a key being tried. Each is replaced by a mark, in any
// letter case (a Location host comes back lower-cased) and percent-encoded or not.

export const REDACTED_KEY = '[api-key]';

/** Fewer keys than this are kept: the current one, a few tried ones. */
const MAX_KEYS = 8;
/** Shorter strings are not keys (the key check asks for at least 4 characters), and replacing
 * them would mangle ordinary text. */
const MIN_KEY_LENGTH = 4;
const MAX_CAUSE_DEPTH = 4;

/** One character of a key as a server may send it back: itself in either case (a URL's host is
 * lower-cased when parsed), or percent-encoded (its UTF-8 bytes, hex digits in either case). */
function characterPattern(character: string): string {
  const literal = character.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  const encoded = [...Buffer.from(character, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  return `(?:${literal}|${encoded})`;
}

/** The key in any of those forms, matched case-insensitively. */
function keyPattern(key: string): string {
  return [...key].map(characterPattern).join('');
}

export class KeyRedactor {
  private keys: string[] = [];
  private pattern: RegExp | undefined;

  /** `mark` replaces what is redacted: the key's by default; a host may redact other secrets. */
  constructor(private readonly mark: string = REDACTED_KEY) {}

  /** Redacts `key` from now on, in any letter case and percent-encoded. */
  remember(key: string | undefined): void {
    if (!key || key.length < MIN_KEY_LENGTH || this.keys.includes(key)) return;
    this.keys = [key, ...this.keys].slice(0, MAX_KEYS);
    // Longest first: a key that contains another is replaced whole.
    const longestFirst = [...this.keys].sort((a, b) => b.length - a.length);
    this.pattern = new RegExp(longestFirst.map(keyPattern).join('|'), 'giu');
  }

  contains(text: string): boolean {
    if (!this.pattern) return false;
    this.pattern.lastIndex = 0;
    return this.pattern.test(text);
  }

  redact(text: string): string {
    if (!this.pattern) return text;
    return text.replace(this.pattern, this.mark);
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
    if (!this.contains(`${value.message}\n${value.stack ?? ''}\n${texts.join('\n')}`) && redactedCause === cause)
      return value;
    // A copy of the same class with the same fields, every string in them redacted.
    const copy = Object.create(Object.getPrototypeOf(value) as object) as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(value)) {
      if (name === 'cause') continue;
      copy[name] = this.redactField(record[name]);
    }
    for (const symbol of Object.getOwnPropertySymbols(value)) Reflect.set(copy, symbol, Reflect.get(value, symbol));
    if (cause !== undefined)
      Object.defineProperty(copy, 'cause', {
        value: redactedCause,
        configurable: true,
        writable: true,
        enumerable: false,
      });
    return copy;
  }

  private redactField(field: unknown): unknown {
    if (typeof field === 'string') return this.redact(field);
    if (Array.isArray(field)) return field.map((item) => this.redactField(item));
    if (field !== null && typeof field === 'object' && Object.getPrototypeOf(field) === Object.prototype) {
      return Object.fromEntries(
        Object.entries(field).map(([name, item]) => [this.redact(name), this.redactField(item)]),
      );
    }
    return field;
  }
}
