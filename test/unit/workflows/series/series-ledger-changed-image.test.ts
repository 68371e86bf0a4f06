// An image changed in place (same size) is not taken as bought from the purchase ledger: a `saved`
// line records the file's inode and modification time beside its size and SHA-256, and a file of
// the recorded size whose inode or time differ is had only when its SHA-256 is still the one
// recorded. The batch manifest is gone here, so the ledger alone decides; `plan` says the changed
// unit `missing` with why. Money is the simulator's charge log.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_NAME } from '../../../../src/ledger/batch-manifest';
import type { PlanUnit } from '../../../../src/workflows/declared/declared-plan';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-series-ledger-changed-key-8Wd2';
const NOW = Date.UTC(2026, 5, 15, 12);
const PROCESS = '/api/satelliteimages/process/composite';
const DATES = ['2026-06-08', '2026-06-10'];
const SETTINGS = { model: 'Stratus2', bandnames: 'rgb', resolution: 20 };
/** The series below, declared: its folder is the series' output folder, its bodies the series'. */
const IMAGERY = { datasets: [{ name: 'out', area: 'field.geojson', ...SETTINGS, dates: DATES }] };

describe('CLI series: the purchase ledger does not vouch for an image changed in place', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-series-ledger-changed-',
    simulator: { seed: 31, clock: () => NOW, imageryEveryDay: true, account: { CreditAmount: 1e6 } },
    files: { 'field.geojson': FIELD, 'imagery.json': JSON.stringify(IMAGERY) },
  });
  const chargedDates = () =>
    cli.sim.requests
      .filter((r) => r.method === 'POST' && r.path === PROCESS && r.charged)
      .map((r) => String((r.body as { Date?: string }).Date).slice(0, 10));
  const series = () =>
    cli.run(
      'series',
      cli.file('field.geojson'),
      ...['--model', SETTINGS.model, '--bandnames', SETTINGS.bandnames, '--resolution', String(SETTINGS.resolution)],
      ...['--dates', DATES.join(','), '--yes', '--max-cost', '1000', '--output-directory', join(cli.dir, 'out')],
    );
  const imageOf = (date: string) => {
    const images = readdirSync(join(cli.dir, 'out')).filter((f) => f.endsWith('.tif'));
    const image = images.find((f) => f.includes(date.replace(/-/g, '')) || f.includes(date));
    assert.ok(image, `an image of ${date} among ${images.join(', ')}`);
    return join(cli.dir, 'out', image);
  };

  it('the manifest gone: a touched image is had, one changed by a byte is planned rebuy (its change named) and bought again', async () => {
    const first = await series();
    assert.equal(first.code, 0, first.stderr + first.stdout);
    assert.deepEqual(chargedDates().sort(), DATES);

    rmSync(join(cli.dir, 'out', MANIFEST_NAME));
    // The first date's image touched: another modification time, the same bytes.
    const touched = imageOf(DATES[0]!);
    utimesSync(touched, new Date(NOW), new Date(NOW));
    // The second's changed by one byte in place: the same size, the same name.
    const changed = imageOf(DATES[1]!);
    const bytes = readFileSync(changed);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(changed, bytes);
    cli.sim.clearLog();

    const planned = await cli.run('plan', cli.file('imagery.json'), '--json');
    assert.equal(planned.code, 2, planned.stderr);
    const units = jsonOf<{ units: PlanUnit[] }>(planned).units;
    // There, but not as bought: a rebuy that names the change, not 'missing' (which is a file gone).
    assert.deepEqual(units.map((u) => `${u.kind} ${u.date}`).sort(), [`have ${DATES[0]}`, `rebuy ${DATES[1]}`]);
    assert.match((units.find((u) => u.date === DATES[1])!.changes ?? []).join(), /file changed since it was bought/);

    const again = await series();
    assert.equal(again.code, 0, again.stderr + again.stdout);
    assert.deepEqual(chargedDates(), [DATES[1]], 'only the changed image is bought again');
  });
});
