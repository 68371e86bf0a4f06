// `sat-imagery alerts imagery.json` streams a declared field table (stats/alerts tableAlerts): a
// table of 156,000 rows (22 MB) gives its alerts, its fields and dates counted and the images the
// lock lists that it lacks, in a process whose JavaScript heap is held to 32 MB. Read whole (the
// text, then a row object per row) the same table needs between 96 and 128 MB of heap, and the
// run aborted; streamed, its memory is the rules' columns and the names (16 MB of heap suffice
// for 416,000 rows). No simulator: alerts of a file need no key and send nothing.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIELD } from '../../fixtures/cli-fixture';
import { jsonOf, runCli } from '../../fixtures/cli-helpers';
import { TABLE_HEADER } from '../../../../src/stats/read-table';

const FIELDS = 3000;
const WEEKS = 52;
/** The field whose value falls on the last week: the one alert. */
const FALLING = 'field-0007';
const HEAP_MB = 32;

interface AlertsJson {
  alerts: { dataset: string; field: string; date: string; rule: string }[];
  tables: { dataset: string; fields: number; dates: number; behind: number; alerts: number }[];
}

function weekOf(w: number): string {
  return new Date(Date.UTC(2026, 3, 6) + w * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** Every field at 0.6 each week, FALLING at 0.3 on the last; one image a week. */
function table(): string {
  const lines = [TABLE_HEADER];
  for (let w = 0; w < WEEKS; w++) {
    const date = weekOf(w);
    for (let f = 0; f < FIELDS; f++) {
      const field = `field-${String(f).padStart(4, '0')}`;
      const mean = field === FALLING && w === WEEKS - 1 ? 0.3 : 0.6;
      lines.push(
        `${field},${date},ndvi,${mean},${mean},0.01,0.5,0.7,0.55,0.58,0.62,0.65,400,0,1,composite-${date}-Stratus2-20m-0123abcd.tif`,
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('CLI: alerts of an imagery file stream a large declared table', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-declared-alerts-large-'));
    writeFileSync(join(dir, 'field.geojson'), FIELD);
    const fields = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { name: 'a' }, geometry: JSON.parse(FIELD) }],
    };
    writeFileSync(join(dir, 'fields.geojson'), JSON.stringify(fields));
    const dataset = {
      name: 'big',
      area: 'field.geojson',
      model: 'Stratus2',
      bandnames: 'B4,B8',
      dates: [weekOf(0)],
      fieldStats: { fields: 'fields.geojson', indices: ['ndvi'], idProperty: 'name' },
    };
    writeFileSync(join(dir, 'imagery.json'), JSON.stringify({ datasets: [dataset] }, null, 2));
    mkdirSync(join(dir, 'big'));
    writeFileSync(join(dir, 'big', 'field-stats.csv'), table());
    // The lock lists an image the table lacks: `behind` counts it.
    const hash = createHash('sha256').update('a').digest('hex');
    const locked = {
      dataset: 'big',
      area: 'field.geojson',
      featureHash: hash,
      date: '2027-01-01',
      bodyHash: hash,
      request: {},
      file: 'big/composite-2027-01-01-Stratus2-20m-0123abcd.tif',
      bytes: 1,
      sha256: hash,
      at: '2027-01-01T12:00:00.000Z',
    };
    writeFileSync(join(dir, 'imagery.lock.json'), JSON.stringify({ version: 1, images: [locked], orders: [] }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it(`gives the table's alerts and counts with ${HEAP_MB} MB of heap`, async () => {
    const run = await runCli(['alerts', 'imagery.json', '--json'], {
      cwd: dir,
      env: { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` },
    });
    assert.equal(run.code, 2, `alerts found (exit 2): ${run.stderr.slice(0, 2000)}`);
    const found = jsonOf<AlertsJson>(run);
    assert.deepEqual(
      found.alerts.map((a) => `${a.dataset} ${a.field} ${a.date} ${a.rule}`),
      [`big ${FALLING} ${weekOf(WEEKS - 1)} drop`],
    );
    assert.deepEqual(found.tables, [
      { dataset: 'big', csv: join(dir, 'big', 'field-stats.csv'), fields: FIELDS, dates: WEEKS, behind: 1, alerts: 1 },
    ]);
  });
});
