// An image changed in place (same size) is not taken as bought when the folder's purchase ledger
// is gone and its batch manifest is left: the manifest's record of a done date is carried into a
// new ledger only when the file is the one it recorded (its inode and modification time, with its
// size), as the lock is trusted only when the file's SHA-256 matches. Money is the simulator's
// charge log.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LEDGER_NAME } from '../../../../src/ledger/ledger-journal';
import { FIELD, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-series-manifest-changed-key-3Qp8';
const NOW = Date.UTC(2026, 5, 15, 12);
const PROCESS = '/api/satelliteimages/process/composite';
const DATES = ['2026-06-08', '2026-06-10'];

describe('CLI series: the batch manifest does not vouch for an image changed in place', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-series-manifest-changed-',
    simulator: { seed: 31, clock: () => NOW, imageryEveryDay: true, account: { CreditAmount: 1e6 } },
    files: { 'field.geojson': FIELD },
  });
  const chargedDates = () =>
    cli.sim.requests
      .filter((r) => r.method === 'POST' && r.path === PROCESS && r.charged)
      .map((r) => String((r.body as { Date?: string }).Date).slice(0, 10));
  const series = () =>
    cli.run(
      'series',
      cli.file('field.geojson'),
      '--model',
      'Stratus2',
      '--dates',
      DATES.join(','),
      '--bandnames',
      'rgb',
      '--resolution',
      '20',
      '--yes',
      '--max-cost',
      '1000',
      '--output-directory',
      join(cli.dir, 'out'),
    );

  it('the ledger gone: the untouched date is had, the changed one bought again', async () => {
    const first = await series();
    assert.equal(first.code, 0, first.stderr + first.stdout);
    assert.deepEqual(chargedDates().sort(), DATES);
    const images = readdirSync(join(cli.dir, 'out')).filter((f) => f.endsWith('.tif'));
    const changed = images.find((f) => f.includes(DATES[1]!.replace(/-/g, '')) || f.includes(DATES[1]!));
    assert.ok(changed, `an image of ${DATES[1]} among ${images.join(', ')}`);

    rmSync(join(cli.dir, 'out', LEDGER_NAME));
    // One byte changed in place: the same size, the same name.
    const path = join(cli.dir, 'out', changed);
    const bytes = readFileSync(path);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(path, bytes);
    cli.sim.clearLog();

    const again = await series();
    assert.equal(again.code, 0, again.stderr + again.stdout);
    assert.deepEqual(chargedDates(), [DATES[1]], 'only the changed image is bought again');
  });
});
