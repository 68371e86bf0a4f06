// Orders in imagery as code whose create was sent and whose answer was lost while the account's
// list does not show them yet: held in the lock without a GUID, planned as uncertain, never
// created again (under another name, beside a second order with the same payload, or removed
// from the file), until the list shows them or a person forgets them with --yes. Split from
// declared-order-faults.test.ts so that the two files run side by side.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { jsonOf } from '../../fixtures/cli-helpers';
import { ORDERS, useDeclaredOrders } from '../../fixtures/declared-orders-fixture';

const KEY = 'cli-declared-uncertain-key-8Wq3';

describe('CLI: imagery as code, orders held as uncertain', function () {
  this.timeout(120_000);
  const { cli, creates, write, withLaggingList, lockOrders, apply, plan } = useDeclaredOrders(
    KEY,
    'sat-imagery-cli-declared-uncertain-',
  );

  it('a create whose answer is lost and which the list does not show yet is held as uncertain, never created twice', async () => {
    write('unlisted.imagery.json', { storageMonths: 4 });
    // The service makes the order, the answer is lost, and its list shows the order only an hour later.
    await withLaggingList(async () => {
      cli.sim.schedule({ method: 'POST', path: ORDERS, reset: 'after-processing', times: 1 });
      const first = await apply('unlisted.imagery.json', '--json');
      assert.equal(first.code, ExitCode.mayHaveBeenCharged, first.stderr + first.stdout);
      assert.deepEqual(jsonOf<{ orders: { order: string; outcome: string; guid?: string }[] }>(first).orders, [
        { order: 'field-order', outcome: 'unknown' },
      ]);
      assert.equal(creates(), 1);
      const lock = () =>
        (
          JSON.parse(readFileSync(cli.file('unlisted.imagery.lock.json'), 'utf8')) as {
            orders: { order: string; guid?: string; payloadHash: string }[];
          }
        ).orders;
      assert.deepEqual(
        lock().map((o) => [o.order, o.guid]),
        [['field-order', undefined]],
        'the lock holds the order without a GUID',
      );
      const held = await plan('unlisted.imagery.json');
      assert.equal(held.code, ExitCode.mayHaveBeenCharged, held.stderr);
      assert.deepEqual(
        held.plan.orders.map((o) => o.kind),
        ['uncertain'],
      );
      const text = await cli.run('plan', cli.file('unlisted.imagery.json'));
      assert.match(
        text.stdout,
        /\? uncertain +order field-order field\.geojson: its create was sent and its answer lost/,
      );
      const second = await apply('unlisted.imagery.json', '--json');
      // Held: apply exits 6 as the plan does, counting it, and creates nothing.
      assert.equal(second.code, ExitCode.mayHaveBeenCharged, second.stderr + second.stdout);
      assert.equal(jsonOf<{ uncertain: number }>(second).uncertain, 1);
      assert.equal(creates(), 1, `the second apply creates nothing: ${second.stdout}`);
      // An hour on, the list shows it: plan says exists, and apply keeps its GUID in the lock.
      cli.sim.advanceClock(3_600_000);
      const listed = await plan('unlisted.imagery.json');
      assert.equal(listed.plan.orders[0]?.kind, 'exists', JSON.stringify(listed.plan.orders));
      const guid = listed.plan.orders[0]?.guid;
      assert.match(guid ?? '', /^[0-9a-f-]{36}$/);
      const third = await apply('unlisted.imagery.json');
      assert.equal(third.code, ExitCode.ok, third.stderr + third.stdout);
      assert.deepEqual(
        lock().map((o) => [o.order, o.guid]),
        [['field-order', guid]],
      );
      assert.equal(creates(), 1);
    });
  });

  it('two orders with one payload: the lock entry of one is never taken for the other', async () => {
    write('pair.imagery.json', { storageMonths: 13 });
    await withLaggingList(async () => {
      cli.sim.schedule({ method: 'POST', path: ORDERS, reset: 'after-processing', times: 1 });
      assert.equal((await apply('pair.imagery.json')).code, ExitCode.mayHaveBeenCharged);
      const file = JSON.parse(readFileSync(cli.file('pair.imagery.json'), 'utf8')) as {
        orders: Record<string, unknown>[];
      };
      file.orders.push({ ...file.orders[0], name: 'second-order' });
      writeFileSync(cli.file('pair.imagery.json'), JSON.stringify(file));
      assert.deepEqual(
        (await plan('pair.imagery.json')).plan.orders.map((o) => [o.kind, o.order]),
        [
          ['uncertain', 'field-order'],
          ['create', 'second-order'],
        ],
      );
    });
  });

  it('an order held as uncertain is still shown when the file renames or removes it', async () => {
    write('renamed.imagery.json', { storageMonths: 10 });
    await withLaggingList(async () => {
      cli.sim.schedule({ method: 'POST', path: ORDERS, reset: 'after-processing', times: 1 });
      assert.equal((await apply('renamed.imagery.json')).code, ExitCode.mayHaveBeenCharged);
      const text = readFileSync(cli.file('renamed.imagery.json'), 'utf8');
      // Renamed, the same payload: the entry under the old name is this order, uncertain.
      writeFileSync(cli.file('renamed.imagery.json'), text.replace('"field-order"', '"the-field"'));
      const renamed = await plan('renamed.imagery.json');
      assert.equal(renamed.code, ExitCode.mayHaveBeenCharged, renamed.stderr);
      assert.deepEqual(
        renamed.plan.orders.map((o) => [o.kind, o.order]),
        [['uncertain', 'the-field']],
      );
      assert.equal((await apply('renamed.imagery.json')).code, ExitCode.mayHaveBeenCharged);
      assert.equal(creates(), 1, 'the renamed order is not created again');
      // Removed from the file: the lock's entry is shown, and plan says something may be charged.
      writeFileSync(cli.file('renamed.imagery.json'), JSON.stringify({ orders: [] }));
      const removed = await plan('renamed.imagery.json');
      assert.equal(removed.code, ExitCode.mayHaveBeenCharged, removed.stderr);
      assert.deepEqual(
        removed.plan.orders.map((o) => [o.kind, o.order]),
        [['uncertain', 'field-order']],
      );
    });
  });

  it('forget takes an uncertain order out of the lock only with --yes; the next plan creates it', async () => {
    write('forget.imagery.json', { storageMonths: 14 });
    // The connection is reset before the service made the order: nothing was made, but the client cannot know.
    cli.sim.schedule({ method: 'POST', path: ORDERS, reset: 'before-processing', times: 1 });
    assert.equal((await apply('forget.imagery.json')).code, ExitCode.mayHaveBeenCharged);
    assert.deepEqual(
      lockOrders('forget.imagery.lock.json').map((o) => [o.order, o.guid]),
      [['field-order', undefined]],
    );
    const text = await cli.run('plan', cli.file('forget.imagery.json'));
    assert.match(text.stdout, /'sat-imagery forget field-order --yes'/);
    // Without --yes: what forgetting risks, and nothing changed.
    const asked = await cli.run('forget', 'field-order', cli.file('forget.imagery.json'));
    assert.equal(asked.code, ExitCode.notConfirmed, asked.stderr + asked.stdout);
    assert.match(asked.stdout, /held as uncertain: its create was sent on .* and its answer lost/);
    assert.match(asked.stdout, /you would pay for two/);
    assert.equal(lockOrders('forget.imagery.lock.json').length, 1);
    // A name the lock does not hold as uncertain is a usage error naming those it holds.
    const other = await cli.run('forget', 'no-such-order', cli.file('forget.imagery.json'));
    assert.equal(other.code, ExitCode.usage, other.stderr);
    assert.match(
      other.stderr,
      /holds no order 'no-such-order' without a GUID: nothing to forget \(held as uncertain: field-order\)/,
    );
    const forgot = await cli.run('forget', 'field-order', cli.file('forget.imagery.json'), '--yes', '--json');
    assert.equal(forgot.code, ExitCode.ok, forgot.stderr + forgot.stdout);
    assert.equal(jsonOf<{ outcome: string }>(forgot).outcome, 'forgotten');
    assert.deepEqual(lockOrders('forget.imagery.lock.json'), []);
    assert.equal(creates(), 1, 'forget sends no create');
    const again = await plan('forget.imagery.json');
    assert.deepEqual(
      again.plan.orders.map((o) => o.kind),
      ['create'],
    );
  });

  it('forget never takes out an order the account lists: it exists, and the lock keeps it', async () => {
    write('listed.imagery.json', { storageMonths: 15 });
    await withLaggingList(async () => {
      cli.sim.schedule({ method: 'POST', path: ORDERS, reset: 'after-processing', times: 1 });
      assert.equal((await apply('listed.imagery.json')).code, ExitCode.mayHaveBeenCharged);
      // An hour on, the list shows the order the lost create made.
      cli.sim.advanceClock(3_600_000);
      const run = await cli.run('forget', 'field-order', cli.file('listed.imagery.json'), '--yes', '--json');
      assert.equal(run.code, ExitCode.ok, run.stderr + run.stdout);
      const answer = jsonOf<{ outcome: string; guid?: string }>(run);
      assert.equal(answer.outcome, 'exists');
      assert.match(answer.guid ?? '', /^[0-9a-f-]{36}$/);
      assert.deepEqual(
        lockOrders('listed.imagery.lock.json').map((o) => [o.order, o.guid]),
        [['field-order', undefined]],
        'the lock keeps it until apply writes its GUID',
      );
      assert.equal((await apply('listed.imagery.json')).code, ExitCode.ok);
      assert.equal(creates(), 1, 'never created twice');
    });
  });
});
