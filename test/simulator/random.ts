// Seeded, dependency-free randomness: everything the simulator invents (dates, GUIDs, pixels,
// random faults) derives from the run's seed, so a run can be replayed exactly.

/** FNV-1a over the text, 32 bits. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Hash of several values joined, e.g. hashOf(seed, 'dates', model). */
export function hashOf(...parts: Array<string | number>): number {
  return hashString(parts.join('|'));
}

/** mulberry32: a small generator with good enough spread for test data. Returns [0, 1). */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hex(value: number, digits: number): string {
  return (value >>> 0).toString(16).padStart(8, '0').slice(-digits);
}

/** A version-4-shaped GUID derived from the given parts. */
export function guidOf(...parts: Array<string | number>): string {
  const key = parts.join('|');
  const a = hashString(key);
  const b = hashString(`${key}#b`);
  const c = hashString(`${key}#c`);
  const d = hashString(`${key}#d`);
  return `${hex(a, 8)}-${hex(b, 4)}-4${hex(b >>> 16, 3)}-${hex((c & 0x3fff) | 0x8000, 4)}-${hex(c >>> 16, 4)}${hex(d, 8)}`;
}
