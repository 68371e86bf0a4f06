// The specification's patterns give the same answer for a value checked again (a series sends its
// area's WKT with every date, and the answer is remembered), a refusal as much as an acceptance,
// and keep giving the right answers once more values were checked than are remembered.
import * as assert from 'node:assert/strict';
import { loadPatternTest } from '../../../src/api/safe-pattern';

describe('api: specification patterns checked again', () => {
  it('answer a value checked again as the first time, past the answers remembered', async () => {
    const test = await loadPatternTest(() => undefined);
    const pattern = '^POLYGON \\(\\(.*\\)\\)$';
    const area = 'POLYGON ((10 56, 10.1 56, 10.1 56.1, 10 56, 10 56))';
    for (let round = 0; round < 3; round++) {
      assert.equal(test(pattern, area), true, `round ${round}: the area`);
      assert.equal(test(pattern, 'POINT (10 56)'), false, `round ${round}: a point`);
      for (let n = 0; n < 100; n++) assert.equal(test('^[0-9]+$', String(n)), true);
      assert.equal(test('^[0-9]+$', 'x1'), false, `round ${round}: no number`);
    }
  });
});
