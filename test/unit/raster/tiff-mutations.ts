// A seeded mutation corpus of hostile TIFFs: valid files (the simulator's writer, GDAL's overviews)
// changed where a TIFF reader trusts the file: a directory's entries (type, count, value or
// offset), the values an entry points to, the directory's entry count, the next-directory and
// first-directory pointers, a few bytes anywhere, the file cut short. The same seed gives the same cases.
import { createRandom } from '../../simulator/random';

/** Where a directory and its entries are in a little-endian classic TIFF. */
interface DirectoryMap {
  offset: number;
  entries: { at: number; tag: number; type: number; count: number; valuesAt: number | undefined }[];
  nextAt: number;
}

const TYPE_SIZE: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  16: 8,
};

/** The directories of a valid file. */
function directoriesOf(file: Buffer): DirectoryMap[] {
  const maps: DirectoryMap[] = [];
  let offset = file.readUInt32LE(4);
  while (offset !== 0 && maps.length < 64) {
    const n = file.readUInt16LE(offset);
    const entries = Array.from({ length: n }, (_, e) => {
      const at = offset + 2 + e * 12;
      const type = file.readUInt16LE(at + 2);
      const count = file.readUInt32LE(at + 4);
      const outOfLine = count * (TYPE_SIZE[type] ?? 1) > 4;
      return {
        at,
        tag: file.readUInt16LE(at),
        type,
        count,
        valuesAt: outOfLine ? file.readUInt32LE(at + 8) : undefined,
      };
    });
    maps.push({ offset, entries, nextAt: offset + 2 + n * 12 });
    offset = file.readUInt32LE(offset + 2 + n * 12);
  }
  return maps;
}

export interface Mutant {
  name: string;
  bytes: Buffer;
}

/** `count` mutants of the bases, chosen by `seed`. */
export function mutants(bases: { name: string; bytes: Buffer }[], count: number, seed: number): Mutant[] {
  const next = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const out: Mutant[] = [];
  for (let i = 0; i < count; i++) {
    const base = pick(bases);
    const bytes = Buffer.from(base.bytes);
    const maps = directoriesOf(base.bytes);
    const steps = 1 + Math.floor(next() * next() * 3);
    const said: string[] = [];
    for (let s = 0; s < steps; s++) said.push(mutateOnce(bytes, maps, next, pick));
    const cut = said.find((w) => w.startsWith('cut at '));
    const length = cut ? Number(cut.slice(7)) : bytes.length;
    out.push({ name: `${i}: ${base.name}: ${said.join('; ')}`, bytes: bytes.subarray(0, length) });
  }
  return out;
}

function interesting(next: () => number, original: number, size: number): number {
  const choices = [
    0,
    1,
    2,
    8,
    0xff,
    0xffff,
    0x7fffffff,
    0x80000000,
    0xffffffff,
    size,
    size - 1,
    size + 1,
    original + 1,
    original - 1,
    original * 2,
    original * 256,
    Math.floor(next() * 0x100000000),
    Math.floor(next() * size),
  ];
  return (choices[Math.floor(next() * choices.length)] as number) >>> 0;
}

/** One change of `bytes`, at a place found in the valid file it was copied from (`maps`). */
function mutateOnce(
  bytes: Buffer,
  maps: DirectoryMap[],
  next: () => number,
  pick: <T>(items: readonly T[]) => T,
): string {
  const dir = pick(maps);
  const entry = pick(dir.entries);
  const u32 = (at: number, what: string): string => {
    if (at + 4 > bytes.length) return `${what}: out of reach`;
    const value = interesting(next, bytes.readUInt32LE(at), bytes.length);
    bytes.writeUInt32LE(value, at);
    return `${what} = ${value}`;
  };
  const u16 = (
    at: number,
    what: string,
    value = interesting(next, bytes.readUInt16LE(at), bytes.length) & 0xffff,
  ): string => {
    bytes.writeUInt16LE(value, at);
    return `${what} = ${value}`;
  };
  switch (Math.floor(next() * 9)) {
    case 0:
      return u32(entry.at + 4, `tag ${entry.tag} count`);
    case 1:
      return u32(entry.at + 8, `tag ${entry.tag} value`);
    case 2:
      return entry.type === 3 && entry.valuesAt === undefined
        ? u16(entry.at + 8, `tag ${entry.tag} short value`)
        : u16(entry.at + 2, `tag ${entry.tag} type`, Math.floor(next() * 20));
    case 3: {
      if (entry.valuesAt === undefined) return u32(entry.at + 8, `tag ${entry.tag} value`);
      const size = TYPE_SIZE[entry.type] ?? 1;
      const k = Math.floor(next() * Math.min(entry.count, 64));
      return size === 2
        ? u16(entry.valuesAt + k * 2, `tag ${entry.tag} value ${k}`)
        : u32(entry.valuesAt + k * size, `tag ${entry.tag} value ${k}`);
    }
    case 4: {
      const target = pick([8, dir.offset, ...maps.map((m) => m.offset), interesting(next, 0, bytes.length)]);
      bytes.writeUInt32LE(target >>> 0, dir.nextAt);
      return `next directory of ${dir.offset} = ${target >>> 0}`;
    }
    case 5:
      return u32(4, 'first directory');
    case 6:
      return u16(dir.offset, `entries of directory ${dir.offset}`);
    case 7: {
      const flips = 1 + Math.floor(next() * 8);
      for (let f = 0; f < flips; f++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      return `${flips} bytes changed`;
    }
    default:
      return `cut at ${8 + Math.floor(next() * (bytes.length - 8))}`;
  }
}
