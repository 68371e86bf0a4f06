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

function deep(raw: RawText, c: Chooser): { value: Json; said: string } {
  const depth = c.pick([64, 1_000, 20_000, 200_000]);
  const text =
    c.next() < 0.5 ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return { value: raw.marker(text), said: `nested ${depth} deep` };
}

function longString(c: Chooser): { value: Json; said: string } {
  const length = c.pick([300, 10_000, 1_000_000]);
  const unit = c.pick(['a', 'é', '\u{1F6F0}', '../', '\\u0000', '%s']);
  return {
    value: unit.repeat(Math.ceil(length / unit.length)),
    said: `a string of ${length} (${JSON.stringify(unit)})`,
  };
}

/** One change of a parsed document at a place chosen by `c`. */
function mutateValue(root: Json, raw: RawText, words: readonly Json[], c: Chooser): { root: Json; said: string } {
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
  switch (c.int(13)) {
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
      const { value, said } = deep(raw, c);
      return set(value, said);
    }
    case 5: {
      const { value, said } = longString(c);
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
function mutateBytes(bytes: Buffer, c: Chooser): { bytes: Buffer; said: string } {
  const where = c.int(Math.max(1, bytes.length));
  switch (c.int(5)) {
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

/** A changed JSON document: its values (most cases) or its bytes. */
export function mutateJson(text: string, c: Chooser): { bytes: Buffer; said: string[] } {
  const said: string[] = [];
  const steps = 1 + Math.floor(c.next() * c.next() * 3);
  if (c.next() < 0.3) {
    let bytes: Buffer = Buffer.from(text);
    for (let s = 0; s < steps; s++) {
      const changed = mutateBytes(bytes, c);
      bytes = changed.bytes;
      said.push(changed.said);
    }
    return { bytes, said };
  }
  const raw = new RawText();
  let root = JSON.parse(text) as Json;
  const words = vocabulary(root);
  for (let s = 0; s < steps; s++) {
    const changed = mutateValue(root, raw, words, c);
    root = changed.root;
    said.push(changed.said);
  }
  return { bytes: Buffer.from(`${raw.write(root, 2)}\n`), said };
}

/** A changed ledger: one line's values or bytes, or its lines dropped, repeated or reordered. */
export function mutateJsonLines(text: string, c: Chooser): { bytes: Buffer; said: string[] } {
  const lines = text.split('\n').filter((line) => line !== '');
  const i = c.int(lines.length);
  const joined = (list: string[], said: string) => ({ bytes: Buffer.from(`${list.join('\n')}\n`), said: [said] });
  switch (c.int(8)) {
    case 0:
      return joined(
        lines.filter((_, k) => k !== i),
        `line ${i + 1} dropped`,
      );
    case 1:
      return joined([...lines, lines[i]!], `line ${i + 1} repeated at the end`);
    case 2:
      return joined([...lines].reverse(), 'lines reversed');
    case 3: {
      const { bytes, said } = mutateBytes(Buffer.from(`${lines.join('\n')}\n`), c);
      return { bytes, said: [said] };
    }
    default: {
      const raw = new RawText();
      const line = JSON.parse(lines[i]!) as Json;
      const words = [...new Set(lines.flatMap((l) => vocabulary(JSON.parse(l) as Json)))];
      const changed = mutateValue(line, raw, words, c);
      const written = raw.write(changed.root);
      return joined(
        lines.map((l, k) => (k === i ? written : l)),
        `line ${i + 1}: ${changed.said}`,
      );
    }
  }
}
