// The bad-input corpus: more than 200 malformed WKT and GeoJSON texts, generated here. Every one
// must be refused with a sentence and a position inside the text, and none may throw.
import * as assert from 'node:assert/strict';
import { readAoi } from '../../../src/geometry';
import { offsetOf, textAt } from './geometry-helpers';
import { corpus, tenMegabyteLine } from './bad-input-corpus';
import type { BadInput } from './bad-input-corpus';

function checkRefused(c: BadInput): void {
  let result;
  try {
    result = readAoi(c.text, c.format);
  } catch (error) {
    assert.fail(`${c.name}: readAoi threw ${String(error)}`);
  }
  assert.equal(result.ok, false, `${c.name}: was accepted`);
  assert.ok(result.problems.length > 0, `${c.name}: no problem reported`);
  const lines = c.text.split(/\r\n|\r|\n/);
  for (const problem of result.problems) {
    assert.match(problem.message, /^[A-Z'"].{15,}[.]$/s, `${c.name}: message is not a sentence: ${problem.message}`);
    assert.doesNotMatch(problem.message, /undefined|\[object |NaN \(/, `${c.name}: ${problem.message}`);
    for (const at of [problem.range.start, problem.range.end]) {
      assert.ok(at.line >= 0 && at.line < lines.length, `${c.name}: line ${at.line} outside the text`);
      assert.ok(
        at.column >= 0 && at.column <= lines[at.line].length,
        `${c.name}: column ${at.column} outside line ${at.line}`,
      );
    }
    assert.ok(
      offsetOf(c.text, problem.range.start) <= offsetOf(c.text, problem.range.end),
      `${c.name}: range runs backwards`,
    );
  }
  const first = result.problems[0];
  if (c.code) assert.ok([c.code].flat().includes(first.code), `${c.name}: code ${first.code} (${first.message})`);
  if (c.covers !== undefined) {
    const covered = textAt(c.text, first.range);
    if (typeof c.covers === 'string') assert.equal(covered, c.covers, `${c.name}: range covers '${covered}'`);
    else assert.match(covered, c.covers, `${c.name}: range covers '${covered}'`);
  }
}

describe('geometry: bad-input corpus', () => {
  const cases = corpus();

  it('holds at least 200 generated inputs', () => {
    assert.ok(cases.length >= 200, `only ${cases.length} cases`);
  });

  for (const c of cases) {
    it(`refuses ${c.name}`, () => checkRefused(c));
  }

  for (const format of ['geojson', 'wkt'] as const) {
    it(`refuses a 10 MB single-line ${format} file with the position of its last position`, function () {
      this.timeout(20_000);
      const { text, lastPosition } = tenMegabyteLine(format);
      assert.ok(text.length >= 10_000_000 && !text.includes('\n'));
      checkRefused({ name: `10 MB ${format}`, text, format: 'auto', code: 'ring-not-closed', covers: lastPosition });
      const truncated = text.slice(0, -3);
      checkRefused({ name: `10 MB ${format} truncated`, text: truncated, format: 'auto', code: 'parse' });
    });
  }
});
