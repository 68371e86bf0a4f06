// A JSON document written in pieces, never as one string: each top-level array item by item, a
// few hundred items to a piece. The bytes are JSON.stringify(document, null, 2)'s, so a table of
// any length reaches standard output without a string of its whole size (V8 refuses strings
// beyond about 512 MiB, and the memory would hold the rows twice).

const ITEMS_PER_PIECE = 512;

/** `value` indented as it stands `depth` levels deep in a two-space document. */
function nested(value: unknown, depth: number): string {
  return (JSON.stringify(value, null, 2) ?? 'null').replace(/\n/g, `\n${'  '.repeat(depth)}`);
}

export function* prettyJsonPieces(document: Record<string, unknown>): Generator<string> {
  const entries = Object.entries(document).filter(
    ([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol',
  );
  if (entries.length === 0) {
    yield '{}';
    return;
  }
  let piece = '{';
  for (const [k, [key, value]] of entries.entries()) {
    piece += `${k === 0 ? '' : ','}\n  ${JSON.stringify(key)}: `;
    if (!Array.isArray(value) || value.length === 0) {
      piece += nested(value, 1);
      continue;
    }
    piece += '[';
    for (let i = 0; i < value.length; i++) {
      piece += `${i === 0 ? '' : ','}\n    ${nested(value[i] === undefined ? null : value[i], 2)}`;
      if ((i + 1) % ITEMS_PER_PIECE === 0) {
        yield piece;
        piece = '';
      }
    }
    piece += '\n  ]';
  }
  yield `${piece}\n}`;
}
