// The features of a FeatureCollection's text, each as a text of its own, found without parsing the
// whole: the field statistics read 100,000 fields a feature at a time, so the value of the whole
// file (an array per vertex: 300 MB for three million of them) is never held at once. A text this
// scan cannot split for sure (no object, no or two "features" members, anything but commas between
// the features, text after the end) gives undefined, and is left to the reader of the whole file.
import { skipValue } from '../geometry/json-locate';

export interface FeatureTexts {
  /** The text with its features taken out (`"features": []`): the collection's own members. */
  collection: string;
  /** Each feature's text, in order (slices of the text, not copies). */
  features: string[];
}

function skipSpace(text: string, at: number): number {
  for (; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
  }
  return at;
}

/** The member name whose string starts at `at` (a string of JSON, escapes and all), or undefined. */
function nameAt(text: string, at: number): { name: string; end: number } | undefined {
  if (text[at] !== '"') return undefined;
  const end = skipValue(text, at);
  try {
    return { name: JSON.parse(text.slice(at, end)) as string, end };
  } catch {
    return undefined;
  }
}

/** The elements of the array at `at`, and the offset past it; undefined unless they are separated
 * by commas alone. Each element is checked by whoever parses it. */
function arrayAt(text: string, at: number): { items: string[]; end: number } | undefined {
  if (text[at] !== '[') return undefined;
  const items: string[] = [];
  let i = skipSpace(text, at + 1);
  if (text[i] === ']') return { items, end: i + 1 };
  for (;;) {
    const end = skipValue(text, i);
    if (end === i) return undefined;
    items.push(text.slice(i, end));
    i = skipSpace(text, end);
    if (text[i] === ']') return { items, end: i + 1 };
    if (text[i] !== ',') return undefined;
    i = skipSpace(text, i + 1);
  }
}

/** `text` (without a byte order mark) split into its collection and its features. */
export function splitFeatureCollection(text: string): FeatureTexts | undefined {
  let i = skipSpace(text, 0);
  if (text[i] !== '{') return undefined;
  let found: { start: number; end: number; items: string[] } | undefined;
  i = skipSpace(text, i + 1);
  if (text[i] === '}') return undefined;
  for (;;) {
    const member = nameAt(text, i);
    if (!member) return undefined;
    i = skipSpace(text, member.end);
    if (text[i] !== ':') return undefined;
    i = skipSpace(text, i + 1);
    if (member.name === 'features') {
      // Two members of one name: JSON.parse keeps the last; the whole file's reader says what it makes of it.
      const array = found ? undefined : arrayAt(text, i);
      if (!array) return undefined;
      found = { start: i, end: array.end, items: array.items };
      i = array.end;
    } else i = skipValue(text, i);
    i = skipSpace(text, i);
    if (text[i] === '}') break;
    if (text[i] !== ',') return undefined;
    i = skipSpace(text, i + 1);
  }
  if (!found || skipSpace(text, i + 1) !== text.length) return undefined;
  return {
    collection: `${text.slice(0, found.start)}[]${text.slice(found.end)}`,
    features: found.items,
  };
}
