// `sat-imagery series --stats`: a time series bought from the simulator ends with its field
// statistics, field-stats.csv beside the images, one row per field and date, dated by the
// series' STAC ItemCollection; a bad --index is refused before anything is sent.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonOf } from '../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'stats-series-key-Qm4e';

describe('stats: a series that ends with its statistics', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-stats-series-',
    simulator: { seed: 5 },
    files: { 'field.geojson': FIELD },
  });

  it('writes field-stats.csv for the dates bought, and refuses a bad --index before buying', async () => {
    const area = cli.file('field.geojson');
    const dates = jsonOf<{ coverage: { full: string[] } }>(
      await cli.run('dates', area, '--model', 'Stratus2', '--json'),
    ).coverage.full;
    assert.ok(dates.length >= 2, 'the demo field has two dates');
    const two = dates.slice(0, 2).join(',');
    const out = join(cli.dir, 'series');
    const common = [
      'series',
      area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--dates',
      two,
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      out,
      '--stats',
    ];
    const posted = () =>
      cli.sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/satelliteimages/process/composite').length;
    const before = posted();
    const bad = await cli.run(...common, '--index', 'nope!');
    assert.equal(bad.code, 2, bad.stderr);
    assert.equal(posted(), before, 'nothing sent');
    const run = await cli.run(...common, '--index', 'B4', '--json');
    assert.equal(run.code, 0, run.stderr);
    const report = jsonOf<{ stats: { csv: string; rows: number; failures: unknown[] } }>(run);
    assert.equal(report.stats.csv, join(out, 'field-stats.csv'));
    assert.deepEqual(report.stats.failures, []);
    const lines = readFileSync(report.stats.csv, 'utf8').split('\r\n').slice(1, -1);
    assert.equal(lines.length, 2);
    assert.deepEqual(
      lines.map((l) => l.split(',')[1]),
      [...dates.slice(0, 2)].sort(),
    );
    for (const line of lines) {
      const cells = line.split(',');
      assert.equal(cells[2], 'B4');
      assert.ok(Number(cells[12]) > 0, `valid pixels in ${line}`);
      assert.ok(Number(cells[3]) >= 0 && Number(cells[3]) <= 1.2, `B4 reflectance in ${line}`);
    }
  });
});
