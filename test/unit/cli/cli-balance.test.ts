// The newer /api/account/info documents no balance (TenantId, limits, EuroOverdraftLimit,
// EuroBalanceCap). With only that endpoint, `tiles process` cannot read what was spent: the balance
// check is skipped and said so, while the derived price and --max-cost still decide what is sent.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Simulator } from '../../simulator/index';
import { jsonOf } from '../fixtures/cli-helpers';
import { FIELD, WIDE, useCliSimulator } from '../fixtures/cli-fixture';
import { datesCoveringTiles } from '../../simulator/test-helpers';

const KEY = 'cli-balance-key-Vn41';

describe('CLI: an account that reports no balance', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-balance-',
    simulator: { seed: 2, specVariant: { accountInfo: 'account', accountInfoBalances: false } },
    files: { 'field.geojson': FIELD, 'wide.geojson': WIDE },
  });
  let sim: Simulator;
  let dir: string;
  let wide: string;
  let date: string;
  const { run } = cli;
  const billed = () =>
    sim.requests.filter(
      (r) => r.method === 'POST' && /^\/api\/satelliteimages\/process\/(tile|minitile)$/.test(r.path),
    );

  before(async () => {
    ({ sim, dir } = cli);
    const area = cli.file('field.geojson');
    wide = cli.file('wide.geojson');
    // A date on which every mini-tile of the wide area has imagery whole: not the newest date,
    // which need not cover them all.
    const minis = jsonOf<{ tiles: { Guid: string }[] }>(
      await run('tiles', 'search', wide, '--mini-tiles', '--json'),
    ).tiles.map((t) => t.Guid);
    date = datesCoveringTiles(sim, 'Stratus2', minis)[0]!;
    assert.ok(date, `a date covers every mini-tile of ${area}'s wide neighbour`);
  });

  it('the simulator answers account/info without a balance', async () => {
    const account = jsonOf<{ account: Record<string, unknown> }>(await run('account', '--json')).account;
    assert.equal(account.TenantId, 'sim-tenant');
    assert.equal(account.CreditAmount, undefined);
    assert.equal(account.EuroCreditAmount, undefined);
  });

  it('tiles process: the derived price above --max-cost still sends nothing; within it every unit goes, the skipped balance check said', async () => {
    const args = [
      'tiles',
      'process',
      wide,
      '--mini-tiles',
      '--model',
      'Stratus2',
      '--date',
      date,
      '--concurrency',
      '1',
      '--yes',
      '--output-directory',
      join(dir, 'tiles'),
      '--json',
    ];
    const credits = sim.state.account.CreditAmount;
    sim.clearLog();
    const refused = await run(...args, '--max-cost', '1');
    assert.equal(refused.code, 8, refused.stderr);
    const stopped = jsonOf<{ stopped: { cost: number; reason: string } }>(refused).stopped;
    assert.ok(stopped.cost > 1, `the derived price ${stopped.cost} is above the budget`);
    assert.deepEqual(billed(), []);

    const sent = await run(...args, '--max-cost', String(Math.ceil(stopped.cost)));
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stderr, /does not report its credit balance: the balance check is skipped/);
    assert.equal(sent.stderr.match(/balance check is skipped/g)?.length, 1, 'said once, not per unit');
    const batch = jsonOf<{ units: { status: string }[] }>(sent);
    assert.ok(batch.units.length >= 2, 'the area has several mini-tiles');
    assert.deepEqual(
      batch.units.map((u) => u.status),
      batch.units.map(() => 'done'),
    );
    assert.equal(billed().length, batch.units.length);
    assert.ok(credits - sim.state.account.CreditAmount <= Math.ceil(stopped.cost), 'spent no more than the budget');
  });
});
