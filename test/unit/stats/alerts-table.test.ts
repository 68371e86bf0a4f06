// Field alerts read from a table file as it streams (alertsOfTable) are the alerts of the same
// rows read whole (alertsOf): names a CSV must quote (a comma, a quote, a line break, a formula a
// spreadsheet would run) or that are not ASCII, rows out of date order, two images of one date, a
// row of a field outside its image; a table longer than one read, whose multi-byte names fall
// across the reads' ends; and a table that is not one, or holds no number where the rules read
// one, refused by name and row.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alertsOf, alertsOfTable } from '../../../src/stats/alerts/index';
import { toCsv } from '../../../src/stats/index';
import type { StatsRow } from '../../../src/stats/index';

const WEEKS = ['2026-05-04', '2026-05-11', '2026-05-18', '2026-05-25', '2026-06-01', '2026-06-08', '2026-06-15'];

function row(field: string, date: string, mean: number | undefined, share: number, index = 'ndvi'): StatsRow {
  const valid = Math.round(share * 400);
  return {
    field,
    date,
    index,
    ...(mean === undefined ? {} : { mean, median: mean, std: 0.01, min: mean - 0.1, max: mean + 0.1 }),
    valid_pixels: valid,
    nodata_pixels: 400 - valid,
    valid_fraction: share,
    image: `imagery/${date}.tif`,
  };
}

/** A season of `field`: up, a harvest on the fifth week, a cloudy sixth. */
function season(field: string, index = 'ndvi'): StatsRow[] {
  const values = [0.5, 0.6, 0.7, 0.72, 0.3, 0.31, 0.33];
  return WEEKS.map((date, w) => row(field, date, values[w], w === 5 ? 0.1 : 1, index));
}

describe('stats: field alerts from a table file', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'alerts-table-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));

  function written(name: string, text: string): string {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  }

  it('gives the alerts of the rows read whole, of names a CSV quotes and rows in any order', async () => {
    const names = ['a,b', 'say "hi"', 'two\r\nlines', '=HYPERLINK("x")', 'Łąka północna', 'plain'];
    const rows = names.flatMap((name) => [...season(name), ...season(name, 'ndwi')]);
    // A week listed before the one it follows, one date of two images (the later, fuller one
    // counts), a row of a field outside the image (no pixels: no date bought).
    rows.push(rows.splice(3, 1)[0] as StatsRow);
    rows.push(row('plain', WEEKS[4] as string, 0.71, 1), {
      ...row('plain', WEEKS[2] as string, 0.1, 1),
      valid_pixels: 0,
      nodata_pixels: 0,
    });
    const expected = alertsOf(rows);
    assert.ok(expected.some((a) => a.rule === 'drop') && expected.some((a) => a.rule === 'low-coverage'));
    const file = written('quoted.csv', toCsv(rows));
    assert.deepEqual(await alertsOfTable(file), expected);
    assert.deepEqual(await alertsOfTable(file, { drop: 0.5 }, 'ndwi'), alertsOf(rows, { drop: 0.5 }, 'ndwi'));
  });

  it('reads a table longer than one read, multi-byte names across the reads’ ends, as the rows read whole', async () => {
    const rows: StatsRow[] = [];
    for (let f = 0; rows.length < 30_000; f++) rows.push(...season(`żółć-${'ą'.repeat(f % 7)}-${f}`));
    const text = toCsv(rows);
    assert.ok(Buffer.byteLength(text) > 2 * (1 << 20));
    const alerts = await alertsOfTable(written('long.csv', text));
    assert.equal(alerts.length, alertsOf(rows).length);
    assert.deepEqual(alerts, alertsOf(rows));
  });

  it('refuses a file that is not a statistics table, and a cell the rules read that holds no number', async () => {
    await assert.rejects(alertsOfTable(written('other.csv', 'a,b\r\n1,2\r\n')), /other\.csv is not a statistics table/);
    await assert.rejects(alertsOfTable(written('empty.csv', '')), /empty\.csv is not a statistics table/);
    const text = toCsv(season('A')).replace('A,2026-05-11,ndvi,0.6,', 'A,2026-05-11,ndvi,six,');
    await assert.rejects(alertsOfTable(written('bad.csv', text)), /bad\.csv, row 3: mean is 'six', not a number\./);
  });
});
