// A long JSON document in pieces (common/json-pieces.ts): JSON.stringify(…, null, 2)'s very bytes,
// the long arrays cut between items, never the whole document as one string.
import * as assert from 'node:assert/strict';
import { prettyJsonPieces } from '../../../src/common/json-pieces';

describe('common: a JSON document in pieces', () => {
  const same = (document: Record<string, unknown>) =>
    assert.equal([...prettyJsonPieces(document)].join(''), JSON.stringify(document, null, 2));

  it('writes the bytes JSON.stringify writes, two spaces deep', () => {
    same({});
    same({ rows: [] });
    same({ rows: [{ a: 1, b: 'x\n"y"', c: undefined, d: [1, [2, {}]], e: null }], failures: [], n: 3 });
    same({ a: undefined, rows: [undefined, 1, 'two', { nested: { deeper: [] } }], files: ['a.csv'], last: true });
    same({ only: { a: [1, 2], b: {} } });
  });

  it('cuts a long array between its items, and every piece is small beside the whole', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({ field: `f${i}`, mean: i / 7, values: [i, i + 1] }));
    const document = { rows, failures: [{ image: 'a.tif', reason: 'is damaged' }], measured: 3 };
    const pieces = [...prettyJsonPieces(document)];
    assert.equal(pieces.join(''), JSON.stringify(document, null, 2));
    assert.ok(pieces.length >= 9, `${pieces.length} pieces`);
    const whole = pieces.join('').length;
    assert.ok(Math.max(...pieces.map((p) => p.length)) < whole / 8, 'no piece holds much of the document');
    assert.deepEqual(JSON.parse(pieces.join('')), document);
  });
});
