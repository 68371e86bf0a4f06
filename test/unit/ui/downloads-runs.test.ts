// The Downloads view's rows as data (downloads-runs.ts, no VS Code): a bought image's row carries
// what the purchase measured, says its valid share, and is a warning when a field (or the area) is
// mostly without data, in the words of purchase-notes.ts.
import * as assert from 'node:assert/strict';
import { compositeRunOf, imageRowText, runOf } from '../../../src/ui/tree/downloads-runs';
import type { BatchResult } from '../../../src/workflows/engine/results';

const NOW = new Date(Date.UTC(2026, 5, 15, 12));
const NORTH_EMPTY = {
  area: 0.5,
  fields: [
    { field: 'north', validFraction: 0 },
    { field: 'south', validFraction: 1 },
  ],
};

function series(units: BatchResult['units']): BatchResult {
  return { outcome: 'completed', manifestPath: '/out/m.json', units, files: [], failed: [], uncertain: [], bytes: 0 };
}

describe('Downloads view rows: what a bought image holds', () => {
  it('a date whose image leaves a field without data keeps its coverage and is a warning naming the field', () => {
    const run = runOf(
      'series',
      { path: '/w/fields.geojson' },
      series([
        { id: '2026-06-03', status: 'done', file: '/out/b.tif', validFraction: 1, coverage: { area: 1, fields: [] } },
        { id: '2026-06-02', status: 'done', file: '/out/a.tif', validFraction: 0.56, coverage: NORTH_EMPTY },
      ]),
      NOW,
    );
    const [poor, fine] = run!.units;
    assert.deepEqual(poor!.coverage, NORTH_EMPTY);
    const text = imageRowText(poor!, '/out/a.tif');
    assert.equal(text.description, "done · 56 % valid · field 'north' 0 % valid");
    assert.equal(text.warning, true);
    assert.match(text.tooltip, /^Valid pixels: area 50 %, field 'north' 0 %, field 'south' 100 %\.$/m);
    assert.match(text.tooltip, /leaves a field mostly without data \(under 50 % valid\)/);
    const ok = imageRowText(fine!, '/out/b.tif');
    assert.equal(ok.description, 'done · 100 % valid');
    assert.equal(ok.warning, false);
  });

  it('the area mostly without data (no fields) is a warning too; an empty image stays one', () => {
    const areaPoor = imageRowText(
      { id: 'part-01', status: 'done', validFraction: 0.3, coverage: { area: 0.2, fields: [] } },
      '/out/p.tif',
    );
    assert.equal(areaPoor.description, 'done · 30 % valid · area 20 % valid');
    assert.equal(areaPoor.warning, true);
    const empty = imageRowText({ id: 'd', status: 'skipped', validFraction: 0 }, '/out/e.tif');
    assert.equal(empty.description, 'done in an earlier run · paid, but no valid pixels: every pixel is nodata');
    assert.equal(empty.warning, true);
    // Its coverage (0 % of the area, of each field) is not said again beside it.
    const emptyMeasured = imageRowText(
      {
        id: 'd',
        status: 'done',
        validFraction: 0,
        coverage: { area: 0, fields: [{ field: 'north', validFraction: 0 }] },
      },
      '/out/e.tif',
    );
    assert.equal(emptyMeasured.description, 'done · paid, but no valid pixels: every pixel is nodata');
    assert.equal(emptyMeasured.warning, true);
  });

  it("a single composite's row carries its image's valid share and fields", () => {
    const run = compositeRunOf(
      undefined,
      {
        outcome: 'completed',
        files: ['/out/c.tif'],
        request: { Date: '2026-06-08T00:00:00Z' },
        validFraction: 0.56,
        coverage: NORTH_EMPTY,
      },
      NOW,
    );
    assert.deepEqual(run!.units, [
      { id: '2026-06-08', status: 'done', file: '/out/c.tif', validFraction: 0.56, coverage: NORTH_EMPTY },
    ]);
    assert.equal(imageRowText(run!.units[0]!, '/out/c.tif').warning, true);
  });
});
