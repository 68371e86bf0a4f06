// Reading a JSON answer the client cannot trust. Before anything is parsed, the bytes are scanned
// as they arrive: an answer too large, nested too deep or holding too many values is refused
// there, without buffering the rest. Measured on this kind of machine: JSON.parse of 64 MB of
// `0,` takes about 7 s (a frozen extension host), and a value nested 20 000 deep parses fine but
// overflows the stack of any recursive walk after it. After parsing, a `__proto__` key is refused:
// copying it into a plain object (as normalising the keys does) would replace that object's
// prototype. Each refusal is an ApiError of kind 'protocol'.
import { ApiError } from './errors';
import type { ResponseBody } from './node-http';

const jsonLimits = {
  /** Largest answer read; V8 cannot even build a string past about 512 MiB. */
  maxBytes: 64 * 1024 * 1024,
  /** Deepest nesting; the service's answers (GeoJSON included) stay below 12. */
  maxDepth: 128,
  /** Values (array items and object members); 4 M zeros parse in about 0.6 s here. */
  maxValues: 4_000_000,
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/** Follows the structure of the bytes without parsing them. Multi-byte UTF-8 never contains an
 * ASCII byte, so scanning bytes is exact. */
export class JsonScanner {
  private bytes = 0;
  private depth = 0;
  private values = 1;
  private inString = false;
  private escaped = false;

  /** Returns a reason when the answer breaks a limit, else undefined. */
  feed(chunk: Uint8Array): string | undefined {
    this.bytes += chunk.length;
    if (this.bytes > jsonLimits.maxBytes) return `it is larger than ${jsonLimits.maxBytes / (1024 * 1024)} MiB`;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) this.inString = true;
      else if (OPEN.has(byte)) {
        this.values++;
        if (++this.depth > jsonLimits.maxDepth) return `it is nested more than ${jsonLimits.maxDepth} levels deep`;
      } else if (CLOSE.has(byte)) this.depth--;
      else if (byte === COMMA && ++this.values > jsonLimits.maxValues)
        return `it holds more than ${jsonLimits.maxValues.toLocaleString('en')} values`;
    }
    return undefined;
  }
}

function refusal(endpoint: string, status: number | undefined, reason: string, cause?: unknown): ApiError {
  return new ApiError({
    kind: 'protocol',
    message: `${endpoint} answered with JSON the client refuses to read (${reason}); the service may be misconfigured.`,
    status,
    endpoint,
    cause,
  });
}

/** The whole body as text, scanned as it arrives; a body that breaks a limit is dropped there. */
export async function readGuardedText(body: ResponseBody, endpoint: string, status: number): Promise<string> {
  const scanner = new JsonScanner();
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    const reason = scanner.feed(buffer);
    if (reason) {
      body.destroy();
      throw refusal(endpoint, status, reason);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Throws when any object in the parsed value has a `__proto__` key. Iterative: depth is bounded
 * by the scan already, but a walk without recursion cannot overflow whatever it is given. */
function refuseProtoKeys(value: unknown, endpoint: string, status: number | undefined): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === null || typeof next !== 'object') continue;
    if (Array.isArray(next)) {
      for (const item of next) if (item !== null && typeof item === 'object') stack.push(item);
      continue;
    }
    for (const key of Object.keys(next)) {
      if (key === '__proto__') throw refusal(endpoint, status, 'it has a "__proto__" key');
      const inner = (next as Record<string, unknown>)[key];
      if (inner !== null && typeof inner === 'object') stack.push(inner);
    }
  }
}

/** Parses an answer's text and refuses `__proto__` keys. `scan`: the text did not come through
 * readGuardedText, so its structure is checked first. */
export function parseGuardedJson(
  text: string,
  endpoint: string,
  status: number | undefined,
  options: { scan: boolean },
): unknown {
  const reason = options.scan ? new JsonScanner().feed(Buffer.from(text, 'utf8')) : undefined;
  if (reason) throw refusal(endpoint, status, reason);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ApiError({
      kind: 'protocol',
      message: `${endpoint} answered with something that is not JSON; the service may be misconfigured.`,
      status,
      endpoint,
      cause: err,
    });
  }
  refuseProtoKeys(json, endpoint, status);
  return json;
}
