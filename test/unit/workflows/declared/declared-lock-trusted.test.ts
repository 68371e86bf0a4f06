// The lock is trusted without the ledger: when a dataset folder's purchase ledger is gone (or lacks
// a unit) and the image the lock names for that unit is in the folder with the lock's size and
// SHA-256 (verify passes), plan counts it as had and apply does not buy it again, and records it in
// the ledger (a `saved` line saying it was adopted from the lock) under the folder's lock. A file
// that does not match is not trusted: bought again as any unit the ledger lacks, the plan saying
// why. Money is the simulator's charge log.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { MANIFEST_NAME } from '../../../../src/ledger/batch-manifest';
import { LEDGER_NAME } from '../../../../src/ledger/ledger-journal';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-lock-trusted-key-9Fz2';
const NOW = Date.UTC(2026, 5, 15, 12);
const PROCESS = '/api/satelliteimages/process/composite';
const DATES = ['2026-06-08', '2026-06-10'];

interface Unit {
  kind: string;
  date: string;
  key: string;
  reason?: string;
}

describe('CLI: imagery as code, the lock trusted without the ledger', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-lock-trusted-',
    simulator: { seed: 31, clock: () => NOW, imageryEveryDay: true, account: { CreditAmount: 1e6 } },
    files: { 'field.geojson': FIELD, 'imagery.json': JSON.stringify({ datasets: [rgbDataset(DATES)] }) },
  });
  const chargedDates = () =>
    cli.sim.requests
      .filter((r) => r.method === 'POST' && r.path === PROCESS && r.charged)
      .map((r) => String((r.body as { Date?: string }).Date).slice(0, 10));
  const apply = (...extra: string[]) =>
    cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '100', ...extra);
  const plan = async () => {
    const run = await cli.run('plan', cli.file('imagery.json'), '--json');
    return { code: run.code, units: jsonOf<{ units: Unit[] }>(run).units, stderr: run.stderr };
  };

  it('the ledger gone: a matching image is had, a changed one is bought again with the reason, the ledger adopts the first', async () => {
    const bought = await apply();
    assert.equal(bought.code, ExitCode.ok, bought.stderr + bought.stdout);
    assert.deepEqual(chargedDates().sort(), DATES);
    const lock = JSON.parse(readFileSync(cli.file('imagery.lock.json'), 'utf8')) as {
      images: { date: string; file: string }[];
    };
    const [kept, changed] = DATES.map((date) => lock.images.find((i) => i.date === date)!.file);

    // The folder's run files gone (the ledger, the batch manifest): its images and the lock remain.
    const ledger = cli.file(`rgb/${LEDGER_NAME}`);
    rmSync(ledger);
    rmSync(cli.file(`rgb/${MANIFEST_NAME}`));
    assert.equal((await cli.run('verify', cli.file('imagery.json'))).code, ExitCode.ok, 'verify passes');
    // The second image changed in place (same size, one byte): the lock's SHA-256 no longer holds.
    const bytes = readFileSync(cli.file(changed!));
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(cli.file(changed!), bytes);
    cli.sim.clearLog();

    const planned = await plan();
    assert.equal(planned.code, 2, planned.stderr);
    const [first, second] = DATES.map((date) => planned.units.find((u) => u.date === date)!);
    assert.equal(first!.kind, 'have', JSON.stringify(first));
    assert.match(first!.reason ?? '', /matches the lock's SHA-256/);
    assert.equal(second!.kind, 'buy', JSON.stringify(second));
    assert.match(
      second!.reason ?? '',
      /not trusted without the ledger \(SHA-256 [0-9a-f]{12}…, locked as [0-9a-f]{12}…\)/,
    );
    const text = await cli.run('plan', cli.file('imagery.json'));
    assert.match(
      text.stdout,
      /^\+ buy +rgb field\.geojson 2026-06-10 .*: the lock's image .* is not trusted without the ledger/m,
    );

    const again = await apply('--json');
    assert.equal(again.code, ExitCode.ok, again.stderr + again.stdout);
    assert.deepEqual(chargedDates(), [DATES[1]], 'only the changed image is bought again');
    assert.match(again.stderr, /Recorded 1 file in the ledger from the lock, its SHA-256 matching \(rgb\/.*\)/);
    assert.ok(existsSync(cli.file(kept!)));
    const lines = readFileSync(ledger, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { key: string; state: string; reason?: string; file?: string });
    const adopted = lines.filter((l) => l.key === first!.key);
    assert.deepEqual(
      adopted.map((l) => l.state),
      ['saved'],
    );
    assert.match(adopted[0]!.reason ?? '', /^adopted from imagery\.lock\.json/);

    cli.sim.clearLog();
    const after = await plan();
    assert.equal(after.code, ExitCode.ok, after.stderr);
    assert.deepEqual(
      after.units.map((u) => u.kind),
      ['have', 'have'],
    );
    assert.equal((await apply()).code, ExitCode.ok);
    assert.deepEqual(chargedDates(), [], 'nothing bought again');
    assert.equal((await cli.run('verify', cli.file('imagery.json'))).code, ExitCode.ok);
  });
});
