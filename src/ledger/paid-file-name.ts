// The names paid images are saved under. A name says what was asked (date, model, resolution, the
// unit) and ends with a short hash of the exact request body, so a rerun with other bands or
// another EPSG never meets an earlier image's name. Parts that come from the service or the
// specification document (a model called `Stratus2/../../x`, a tile id) are cleaned to letters,
// digits, `.`, `_` and `-`, and a name never takes one of the project's own files' names (the
// ledger, the lock, the manifest, the STAC files).
import { shortKey } from './request-key';

/** Names the project writes in an output folder; an image never takes one. */
const OWN_NAMES = new Set([
  'sat-imagery-ledger.jsonl',
  'sat-imagery.lock',
  'sat-imagery-manifest.json',
  'stac-items.json',
  'collection.json',
  'catalog.json',
]);

/** One part of a name: no separators, no `..`, no control characters, at most 64 characters. */
export function namePart(text: string | number): string {
  const clean = String(text)
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 64);
  return clean === '' ? 'x' : clean;
}

/** True for a name the project keeps for its own files (compared without case). */
export function isOwnName(name: string): boolean {
  const lower = name.toLowerCase();
  return OWN_NAMES.has(lower) || lower.startsWith('sat-imagery') || lower.startsWith('.sat-imagery');
}

/** `composite-2026-06-02-Stratus2-20m-1a2b3c4d.tif` from its parts and the unit's ledger key. */
export function paidFileName(parts: ReadonlyArray<string | number>, key: string, extension = '.tif'): string {
  const name = `${parts.map(namePart).join('-')}-${shortKey(key)}${extension}`;
  return isOwnName(name) ? `image-${name}` : name;
}
