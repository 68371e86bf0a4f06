// The corpus's cases reach every kind of change of every file early, whatever the seed: the default
// seed once never made the million-character string that broke the lock.
import * as assert from 'node:assert/strict';
import type { Kind } from './corpus-cases';
import { caseOf, kindsOf } from './corpus-cases';

/** Small files of the corpus's shape: what the cases change (their content matters little here). */
const BASES: Record<Kind, string> = {
  imagery: `${JSON.stringify({ datasets: [{ name: 'rgb', area: 'field.geojson', dates: ['2026-06-01'] }] }, null, 2)}\n`,
  lock: `${JSON.stringify({ version: 1, images: [{ file: 'rgb/a.tif', bytes: 10, sha256: 'ab' }] }, null, 2)}\n`,
  ledger: `${JSON.stringify({ key: 'k1', state: 'sending', id: 'rgb' })}\n${JSON.stringify({ key: 'k1', state: 'saved', file: 'a.tif', bytes: 10 })}\n`,
  plan: `${JSON.stringify({ version: 1, units: [{ dataset: 'rgb', date: '2026-06-01', action: 'buy' }] }, null, 2)}\n`,
};
const FIRST = 80;

describe('the repository-file corpus: its first cases', function () {
  this.timeout(60_000);
  for (const seed of [7, 1, 12345]) {
    it(`seed ${seed}: each kind of change of each file within the first ${FIRST} cases`, () => {
      const seen = new Set<string>();
      let millionInLock = false;
      for (let index = 0; index < FIRST; index++) {
        const c = caseOf(seed, index, BASES);
        for (const change of c.changes) seen.add(`${c.kind} ${change}`);
        if (c.kind === 'lock' && /a string of 1000000/.test(c.name)) millionInLock = true;
      }
      const missing = (['imagery', 'lock', 'ledger', 'plan'] as const).flatMap((kind) =>
        kindsOf(kind)
          .map((change) => `${kind} ${change}`)
          .filter((name) => !seen.has(name)),
      );
      assert.deepEqual(missing, []);
      assert.ok(millionInLock, 'a lock with a million-character string');
    });
  }
});
