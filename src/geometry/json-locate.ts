// Finds where values sit in JSON text, given their paths (["features", 3, "geometry",
// "coordinates", 0, 12]). JSON.parse gives no positions; this scan runs only when a problem
// needs one, resolves every requested path in a single pass, and stops once all are found.
// The text is known to be valid JSON here (JSON.parse accepted it).

export type JsonPath = readonly (string | number)[];

export interface Span {
  start: number;
  end: number;
}

interface TrieNode {
  targets: number[];
  children: Map<string | number, TrieNode>;
}

const ALL_FOUND = -1;

export function locateJsonPaths(text: string, paths: readonly JsonPath[]): (Span | undefined)[] {
  const root: TrieNode = { targets: [], children: new Map() };
  for (let p = 0; p < paths.length; p++) {
    let node = root;
    for (const step of paths[p]) {
      let next = node.children.get(step);
      if (!next) node.children.set(step, (next = { targets: [], children: new Map() }));
      node = next;
    }
    node.targets.push(p);
  }
  const found: (Span | undefined)[] = new Array(paths.length).fill(undefined);
  let remaining = paths.length;
  if (remaining === 0) return found;

  const skipSpace = (i: number): number => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
      i++;
    }
    return i;
  };

  const visit = (node: TrieNode, start: number): number => {
    let end: number;
    if (node.children.size === 0) end = skipValue(text, start);
    else {
      const open = text.charCodeAt(start);
      if (open !== 91 && open !== 123) end = skipValue(text, start);
      else {
        let i = start + 1;
        let index = 0;
        for (;;) {
          i = skipSpace(i);
          if (text.charCodeAt(i) === 93 || text.charCodeAt(i) === 125 || i >= text.length) break;
          let key: string | number = index;
          if (open === 123) {
            const keyEnd = skipValue(text, i);
            key = JSON.parse(text.slice(i, keyEnd)) as string;
            i = skipSpace(skipSpace(keyEnd) + 1); // past the ':'
          }
          const child = node.children.get(key);
          const valueEnd = child ? visit(child, i) : skipValue(text, i);
          if (valueEnd === ALL_FOUND) return ALL_FOUND;
          i = skipSpace(valueEnd);
          if (text.charCodeAt(i) === 44) i++;
          index++;
        }
        end = i + 1;
      }
    }
    for (const target of node.targets) {
      found[target] = { start, end };
      remaining--;
    }
    return remaining === 0 ? ALL_FOUND : end;
  };

  visit(root, skipSpace(0));
  return found;
}

/** The offset just past the JSON value that starts at `start` (brackets and strings followed, the
 * rest unchecked: a caller that does not know the text is JSON parses what it skipped). */
export function skipValue(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === 34) return skipString(text, start);
  if (first !== 91 && first !== 123) {
    let i = start;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 44 || c === 93 || c === 125 || c === 32 || c === 9 || c === 10 || c === 13 || c === 58) break;
      i++;
    }
    return i;
  }
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = skipString(text, i) - 1;
    else if (c === 91 || c === 123) depth++;
    else if (c === 93 || c === 125) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

function skipString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i + 1;
  }
  return text.length;
}
