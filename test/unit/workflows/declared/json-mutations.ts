// A seeded mutation corpus of the JSON files a repository holds (an imagery file, its lock, a saved
// plan, a folder's purchase ledger): valid files the product wrote, changed where a reader trusts
// them. A value at a random place becomes null, another type, a huge, negative or NaN-like number,
// a very long string, a path with `..`, a date that is not one, a word the file uses elsewhere, or
// nesting deeper than any stack; a key is duplicated, added or removed; an item dropped, repeated
// or moved; or the bytes are flipped, inserted, deleted, cut or repeated. A ledger (JSON lines) has
// its lines dropped, repeated or reordered too. The same seed gives the same cases.
import { createRandom } from '../../../simulator/random';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

interface Chooser {
  next: () => number;
  pick: <T>(items: readonly T[]) => T;
  int: (below: number) => number;
}

export function chooser(seed: number): Chooser {
  const next = createRandom(seed);
  const int = (below: number) => Math.floor(next() * below);
  return { next, int, pick: (items) => items[int(items.length)]! };
}

/** Text JSON.stringify cannot write (a number past a double, a duplicate key, nesting a parser's
 * stack may not hold): placed as a marker string, swapped for its text once the value is written. */
class RawText {
  private readonly texts: string[] = [];

  marker(text: string): string {
    this.texts.push(text);
    return `\u0000raw${this.texts.length - 1}\u0000`;
  }

  write(value: Json, indent?: number): string {
    return JSON.stringify(value, null, indent).replace(
      /"\\u0000raw(\d+)\\u0000"/g,
      (_, i: string) => this.texts[Number(i)]!,
    );
  }
}

/** Every place in the value: [] is the whole of it. */
function placesOf(value: Json, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => placesOf(item, [...path, i], out));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) placesOf(item, [...path, key], out);
  return out;
}

function at(value: Json, path: Path): Json {
  let here: Json = value;
  for (const step of path) here = (here as Record<string | number, Json>)[step]!;
  return here;
}

function put(root: Json, path: Path, value: Json): Json {
  if (path.length === 0) return value;
  const parent = at(root, path.slice(0, -1)) as Record<string | number, Json>;
  parent[path[path.length - 1]!] = value;
  return root;
}

const PATHS = [
  '../../../etc/passwd',
  '/etc/passwd',
  '..',
  '.',
  '',
  'rgb/../../outside.tif',
  '../imagery.json',
  'rgb/..',
  '..\\..\\windows',
  'a\u0000b',
  'rgb/sat-imagery-ledger.jsonl',
  'field.geojson',
  '~/.ssh/id_rsa',
  '/proc/self/status',
  '/dev/zero',
];
const DAYS = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-12-31',
  '1970-01-01',
  '2026-1-1',
  '20260101',
  '2026-11-20T25:00:00Z',
];
const HUGE = [
  '1e308',
  '1e400',
  '-1e400',
  '9007199254740993',
  '123456789012345678901234567890',
  '1.7976931348623157e308',
];
const ODD = [
  '-1',
  '-0',
  '0',
  '-0.000001',
  '0.1e-320',
  '"NaN"',
  '"Infinity"',
  '"-Infinity"',
  'NaN',
  'Infinity',
  '-1e-7',
];
const KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'unknown', '', 'v', 'then', 'length'];
const WORDS = [
  'saved',
  'sending',
  'charged',
  'lost',
  'refused',
  'charged-not-saved',
  'not-sent',
  'buy',
  'rebuy',
  'missing',
  'uncertain',
  'have',
  'extra',
  'unavailable',
  'create',
  'exists',
  'differs',
  'series',
  'composite',
  '\u001b[31mred\u001b[0m',
  'line\nbreak',
  '\u202eevil',
];

/** Strings and numbers of the valid files, so a value can become another the file holds. */
function vocabulary(value: Json, out: Json[] = []): Json[] {
  if (Array.isArray(value)) value.forEach((item) => vocabulary(item, out));
  else if (value !== null && typeof value === 'object') Object.values(value).forEach((item) => vocabulary(item, out));
  else out.push(value);
  return out;
}

function otherType(value: Json, raw: RawText, c: Chooser): Json {
  if (typeof value === 'number') return c.pick([String(value), [value], { value }, value > 0]);
  if (typeof value === 'string') return c.pick([12, -3, [value], { value }, true, value.length]);
  if (typeof value === 'boolean') return c.pick([String(value), Number(value), [value]]);
  if (Array.isArray(value)) return c.pick([{ ...value } as Json, JSON.stringify(value), value.length, null]);
  if (value === null) return c.pick(['null', 0, [], {}]);
  return c.pick([Object.values(value), JSON.stringify(value), 1, raw.marker('[]')]);
}

/** The kinds of change of a parsed value (mutateValue's cases, in order). */
const VALUE_KINDS = [
  'null',
  'another type',
  'a huge number',
  'an odd number',
  'deep nesting',
  'a long string',
  'a path',
  'a word of the files',
  'a key added',
  'a key removed',
  'an item moved',
  'a date that is not one',
  'a value from elsewhere',
] as const;
/** The kinds of change of the bytes (mutateBytes' cases, in order). */
const BYTE_KINDS = ['bit flipped', 'bytes inserted', 'bytes deleted', 'cut', 'bytes repeated'] as const;
/** The kinds of change of a ledger's lines (mutateJsonLines' cases before a line's own change). */
const LINE_KINDS = ['line dropped', 'line repeated', 'lines reversed'] as const;

/** Every kind of change of a JSON document, and of a JSON-lines one, by name: what a corpus's
 * first cases go through one by one, so any seed meets each kind (and its largest sizes) early. */
export const MUTATION_KINDS = {
  json: [...VALUE_KINDS.map((k) => `value: ${k}`), ...BYTE_KINDS.map((k) => `bytes: ${k}`)],
  lines: [
    ...LINE_KINDS.map((k) => `lines: ${k}`),
    ...BYTE_KINDS.map((k) => `bytes: ${k}`),
    ...VALUE_KINDS.map((k) => `value: ${k}`),
  ],
} as const;

/** A change the caller chose (an index into VALUE_KINDS, BYTE_KINDS or LINE_KINDS): made once, at
 * its largest size (a million characters, 200,000 deep), where reading went wrong before. */
type Forced = number | undefined;

function deep(raw: RawText, c: Chooser, largest: boolean): { value: Json; said: string } {
  const depth = largest ? 200_000 : c.pick([64, 1_000, 20_000, 200_000]);
  const text =
    c.next() < 0.5 ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return { value: raw.marker(text), said: `nested ${depth} deep` };
}

function longString(c: Chooser, largest: boolean): { value: Json; said: string } {
  const length = largest ? 1_000_000 : c.pick([300, 10_000, 1_000_000]);
  const unit = c.pick(['a', 'é', '\u{1F6F0}', '../', '\\u0000', '%s']);
  return {
    value: unit.repeat(Math.ceil(length / unit.length)),
    said: `a string of ${length} (${JSON.stringify(unit)})`,
  };
}

/** One change of a parsed document at a place chosen by `c`. */
function mutateValue(
  root: Json,
  raw: RawText,
  words: readonly Json[],
  c: Chooser,
  kind: number,
  largest: boolean,
): { root: Json; said: string } {
  const places = placesOf(root);
  const path = c.pick(places);
  const here = at(root, path);
  const where = path.length === 0 ? '(root)' : path.join('.');
  const set = (value: Json, what: string) => ({ root: put(root, path, value), said: `${where} = ${what}` });
  const objects = places.filter((p) => {
    const v = at(root, p);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
  const arrays = places.filter((p) => Array.isArray(at(root, p)) && (at(root, p) as Json[]).length > 0);
  switch (kind) {
    case 0:
      return set(null, 'null');
    case 1: {
      const value = otherType(here, raw, c);
      return set(value, `another type (${JSON.stringify(value)?.slice(0, 40)})`);
    }
    case 2: {
      const text = c.pick(HUGE);
      return set(raw.marker(text), text);
    }
    case 3: {
      const text = c.pick(ODD);
      return set(raw.marker(text), text);
    }
    case 4: {
      const { value, said } = deep(raw, c, largest);
      return set(value, said);
    }
    case 5: {
      const { value, said } = longString(c, largest);
      return set(value, said);
    }
    case 6: {
      const value = c.pick(PATHS);
      return set(value, JSON.stringify(value));
    }
    case 7: {
      const value = c.pick([...words, ...WORDS]);
      return set(value, `${JSON.stringify(value)?.slice(0, 80)} (a word of the files)`);
    }
    case 8: {
      // A key added, or a key written twice: JSON.parse keeps the last, other readers the first.
      if (objects.length === 0) return set(null, 'null');
      const target = c.pick(objects);
      const object = at(root, target) as Record<string, Json>;
      const keys = Object.keys(object);
      const duplicate = keys.length > 0 && c.next() < 0.6;
      const key = duplicate ? c.pick(keys) : c.pick(KEYS);
      const value = c.pick([null, 1, 'x', [], {}, ...words.slice(0, 20)]);
      const name = raw.marker(JSON.stringify(key));
      object[name] = value;
      // JSON.stringify writes the marker as a key: it becomes the key's own text.
      return {
        root,
        said: `${target.join('.') || '(root)'}: ${duplicate ? 'duplicate' : 'unknown'} key ${JSON.stringify(key)} = ${JSON.stringify(value)?.slice(0, 40)}`,
      };
    }
    case 9: {
      if (objects.length === 0) return set(null, 'null');
      const target = c.pick(objects);
      const object = at(root, target) as Record<string, Json>;
      const keys = Object.keys(object);
      if (keys.length === 0) return set(null, 'null');
      const key = c.pick(keys);
      delete object[key];
      return { root, said: `${target.join('.') || '(root)'}: ${key} removed` };
    }
    case 10: {
      if (arrays.length === 0) return set([], '[]');
      const target = c.pick(arrays);
      const list = at(root, target) as Json[];
      const i = c.int(list.length);
      const picked = c.pick(['dropped', 'repeated', 'repeated 1000 times', 'moved first']);
      // A thousand of an item a long string or deep nesting already made large is past what a
      // string can hold (or anything a case needs).
      const item = JSON.stringify(list[i]);
      const large = item.length > 10_000 || item.includes('\\u0000raw');
      const how = picked === 'repeated 1000 times' && large ? 'repeated' : picked;
      if (how === 'dropped') list.splice(i, 1);
      else if (how === 'repeated') list.splice(i, 0, structuredClone(list[i]!));
      else if (how === 'repeated 1000 times') list.push(...Array.from({ length: 1000 }, () => list[i]!));
      else list.unshift(...list.splice(i, 1));
      return { root, said: `${target.join('.') || '(root)'}[${i}] ${how}` };
    }
    case 11: {
      const value = c.pick(DAYS);
      return set(value, `${JSON.stringify(value)} (a date that is not one)`);
    }
    default: {
      const value = c.pick(words);
      return set(structuredClone(value), `${JSON.stringify(value)?.slice(0, 40)} from elsewhere in the file`);
    }
  }
}

const BYTES = [0x7b, 0x7d, 0x5b, 0x5d, 0x22, 0x2c, 0x3a, 0x5c, 0x0a, 0x00, 0xff, 0xc3, 0x65, 0x2d, 0x39, 0x2e];

/** One change of the bytes. */
function mutateBytes(bytes: Buffer, c: Chooser, kind: number): { bytes: Buffer; said: string } {
  const where = c.int(Math.max(1, bytes.length));
  switch (kind) {
    case 0: {
      const copy = Buffer.from(bytes);
      copy[where] = (copy[where] ?? 0) ^ (1 << c.int(8));
      return { bytes: copy, said: `bit flipped at ${where}` };
    }
    case 1: {
      const inserted = Buffer.from(Array.from({ length: 1 + c.int(8) }, () => c.pick(BYTES)));
      return {
        bytes: Buffer.concat([bytes.subarray(0, where), inserted, bytes.subarray(where)]),
        said: `${inserted.toString('hex')} inserted at ${where}`,
      };
    }
    case 2: {
      const length = 1 + c.int(32);
      return {
        bytes: Buffer.concat([bytes.subarray(0, where), bytes.subarray(where + length)]),
        said: `${length} bytes deleted at ${where}`,
      };
    }
    case 3:
      return { bytes: bytes.subarray(0, where), said: `cut at ${where}` };
    default: {
      const length = 1 + c.int(64);
      const span = bytes.subarray(where, where + length);
      return {
        bytes: Buffer.concat([bytes.subarray(0, where + span.length), span, bytes.subarray(where + span.length)]),
        said: `${span.length} bytes repeated at ${where}`,
      };
    }
  }
}

export interface Mutated {
  bytes: Buffer;
  said: string[];
  /** The kinds of change made, by their MUTATION_KINDS names. */
  kinds: string[];
}

/** The index of `forced` (a MUTATION_KINDS name) among `names` with `prefix`, or undefined. */
function forcedOf(forced: string | undefined, prefix: string, names: readonly string[]): Forced {
  if (forced === undefined || !forced.startsWith(prefix)) return undefined;
  const index = names.indexOf(forced.slice(prefix.length));
  if (index < 0) throw new Error(`no such change: ${forced}`);
  return index;
}

/** A changed JSON document: its values (most cases) or its bytes; `forced` (a name of
 * MUTATION_KINDS.json) makes one change of that kind. */
export function mutateJson(text: string, c: Chooser, forced?: string): Mutated {
  const said: string[] = [];
  const kinds: string[] = [];
  const steps = 1 + Math.floor(c.next() * c.next() * 3);
  const byte = forcedOf(forced, 'bytes: ', BYTE_KINDS);
  const value = forcedOf(forced, 'value: ', VALUE_KINDS);
  const onBytes = c.next() < 0.3;
  if (forced === undefined ? onBytes : byte !== undefined) {
    let bytes: Buffer = Buffer.from(text);
    for (let s = 0; s < (forced === undefined ? steps : 1); s++) {
      const kind = byte ?? c.int(BYTE_KINDS.length);
      const changed = mutateBytes(bytes, c, kind);
      bytes = changed.bytes;
      said.push(changed.said);
      kinds.push(`bytes: ${BYTE_KINDS[kind]}`);
    }
    return { bytes, said, kinds };
  }
  const raw = new RawText();
  let root = JSON.parse(text) as Json;
  const words = vocabulary(root);
  for (let s = 0; s < (forced === undefined ? steps : 1); s++) {
    const kind = value ?? c.int(VALUE_KINDS.length);
    const changed = mutateValue(root, raw, words, c, kind, forced !== undefined);
    root = changed.root;
    said.push(changed.said);
    kinds.push(`value: ${VALUE_KINDS[kind]}`);
  }
  return { bytes: Buffer.from(`${raw.write(root, 2)}\n`), said, kinds };
}

/** A changed ledger: one line's values or bytes, or its lines dropped, repeated or reordered;
 * `forced` (a name of MUTATION_KINDS.lines) makes one change of that kind. */
export function mutateJsonLines(text: string, c: Chooser, forced?: string): Mutated {
  const lines = text.split('\n').filter((line) => line !== '');
  const i = c.int(lines.length);
  const joined = (list: string[], said: string, kind: string): Mutated => ({
    bytes: Buffer.from(`${list.join('\n')}\n`),
    said: [said],
    kinds: [kind],
  });
  const line = forcedOf(forced, 'lines: ', LINE_KINDS);
  const byte = forcedOf(forced, 'bytes: ', BYTE_KINDS);
  const value = forcedOf(forced, 'value: ', VALUE_KINDS);
  // Unforced: the three line changes, the bytes, or (half the time) one line's value.
  const drawn = c.int(8);
  const choice = forced === undefined ? drawn : (line ?? (byte !== undefined ? 3 : 4));
  switch (choice) {
    case 0:
      return joined(
        lines.filter((_, k) => k !== i),
        `line ${i + 1} dropped`,
        'lines: line dropped',
      );
    case 1:
      return joined([...lines, lines[i]!], `line ${i + 1} repeated at the end`, 'lines: line repeated');
    case 2:
      return joined([...lines].reverse(), 'lines reversed', 'lines: lines reversed');
    case 3: {
      const kind = byte ?? c.int(BYTE_KINDS.length);
      const { bytes, said } = mutateBytes(Buffer.from(`${lines.join('\n')}\n`), c, kind);
      return { bytes, said: [said], kinds: [`bytes: ${BYTE_KINDS[kind]}`] };
    }
    default: {
      const raw = new RawText();
      const parsed = JSON.parse(lines[i]!) as Json;
      const words = [...new Set(lines.flatMap((l) => vocabulary(JSON.parse(l) as Json)))];
      const kind = value ?? c.int(VALUE_KINDS.length);
      const changed = mutateValue(parsed, raw, words, c, kind, forced !== undefined);
      const written = raw.write(changed.root);
      return joined(
        lines.map((l, k) => (k === i ? written : l)),
        `line ${i + 1}: ${changed.said}`,
        `value: ${VALUE_KINDS[kind]}`,
      );
    }
  }
}
