import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Simulator } from '../../simulator/index';
import { datesCoveringTiles } from '../../simulator/test-helpers';
import { jsonOf, runCli } from '../fixtures/cli-helpers';
import { FIELD, nextMonth, useCliSimulator } from '../fixtures/cli-fixture';

const KEY = 'cli-verbs-key-7f3a';
/** A field inside the demo orders' area near Aarhus. */

describe('CLI: every verb against the simulator', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-verbs-',
    simulator: { seed: 1 },
    files: { 'fields.geojson': FIELD },
  });
  let sim: Simulator;
  let dir: string;
  let area: string;
  const { run } = cli;
  const processCalls = () =>
    sim.requests.filter(
      (r) =>
        r.path.startsWith('/api/satelliteimages/process/') &&
        !r.path.endsWith('/estimate') &&
        !r.path.endsWith('/available'),
    );

  before(async () => {
    ({ sim, dir } = cli);
    area = cli.file('fields.geojson');
  });

  it('--help lists every verb and the exit codes, and needs no key', async () => {
    const r = await runCli(['--help']);
    assert.equal(r.code, 0);
    for (const verb of [
      'models',
      'account',
      'dates',
      'available',
      'estimate',
      'download',
      'series',
      'orders list',
      'orders show',
      'orders estimate',
      'orders create',
      'orders cancel',
      'tiles search',
      'tiles optimize',
      'tiles process',
    ]) {
      assert.match(r.stdout, new RegExp(`^  ${verb}\\b`, 'm'), verb);
    }
    for (const code of [2, 3, 4, 5, 6, 7, 8, 9])
      assert.match(r.stdout, new RegExp(`^ +${code}  \\S`, 'm'), `exit code ${code}`);
  });

  it('models and account print the service objects with --json', async () => {
    const models = jsonOf<{ models: { Model: string }[] }>(await run('models', '--json'));
    assert.ok(models.models.some((m) => m.Model === 'Stratus2'));
    const account = jsonOf<{ account: { CreditAmount: number; MaxCompositeAreaKm2: number } }>(
      await run('account', '--json'),
    );
    assert.equal(account.account.CreditAmount, sim.state.account.CreditAmount);
    assert.equal(account.account.MaxCompositeAreaKm2, sim.state.account.MaxCompositeAreaKm2);
  });

  it('dates, available and estimate answer without sending anything billed', async () => {
    const dates = jsonOf<{ outcome: string; model: string; coverage: { full: string[] } }>(
      await run('dates', area, '--model', 'Stratus2', '--json'),
    );
    assert.equal(dates.outcome, 'completed');
    assert.equal(dates.model, 'Stratus2');
    assert.ok(dates.coverage.full.length > 0);
    const date = dates.coverage.full[0]!;
    const ready = await run('available', area, '--model', 'Stratus2', '--date', date, '--json');
    assert.equal(ready.code, 0);
    assert.equal(jsonOf<{ ready: boolean }>(ready).ready, true);
    const notOrdered = await run('available', area, '--model', 'Stratus3', '--date', date, '--json');
    assert.equal(notOrdered.code, 5);
    // Ordering the area is offered; whether Stratus3 has imagery that day too depends on the day.
    assert.ok(jsonOf<{ fixes: string[] }>(notOrdered).fixes.includes('order-area'));
    const estimate = await run(
      'estimate',
      area,
      '--model',
      'Stratus2',
      '--date',
      date,
      '--satellite-constellations',
      'Sentinel2',
      '--json',
    );
    assert.equal(estimate.code, 0);
    const e = jsonOf<{ outcome: string; cost: number; request: { Model: string; Date: string } }>(estimate);
    assert.equal(e.outcome, 'estimated');
    assert.ok(e.cost > 0);
    assert.equal(e.request.Model, 'Stratus2');
    assert.equal(e.request.Date.slice(0, 10), date);
    assert.equal(processCalls().length, 0);
  });

  it('download writes the GeoTIFF with --yes and a budget above the estimate', async () => {
    const out = join(dir, 'images');
    const r = await run(
      'download',
      area,
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--resolution',
      '20',
      '--yes',
      '--max-cost',
      '50',
      '--output-directory',
      out,
      '--json',
    );
    assert.equal(r.code, 0, r.stderr);
    const result = jsonOf<{ outcome: string; files: string[]; bytes: number; request: { Resolution: number } }>(r);
    assert.equal(result.outcome, 'completed');
    assert.equal(result.files.length, 1);
    assert.ok(existsSync(result.files[0]!) && result.files[0]!.startsWith(out));
    assert.equal(result.request.Resolution, 20);
    assert.ok(result.bytes > 0);
    assert.equal(processCalls().length, 1);
  });

  it('download says the credits it spent (priced right before sending, what the service charged); nothing when it bought nothing', async () => {
    const args = [
      'download',
      area,
      ...['--model', 'Stratus2', '--satellite-constellations', 'Sentinel2', '--resolution', '20'],
      ...['--yes', '--max-cost', '50'],
    ];
    const charged = () => sim.requests.reduce((sum, r) => sum + (r.charged?.credits ?? 0), 0);
    const estimate = jsonOf<{ cost: number }>(await run('estimate', ...args.slice(1, 8), '--json')).cost;
    assert.ok(estimate > 0, 'the composite has a price');
    sim.clearLog();
    const json = await run(...args, '--output-directory', join(dir, 'spent-json'), '--json');
    assert.equal(json.code, 0, json.stderr);
    assert.equal(
      jsonOf<{ creditsSpent: number }>(json).creditsSpent,
      estimate,
      'the price right before sending, in the JSON',
    );
    assert.equal(charged(), estimate, 'what the service charged');
    sim.clearLog();
    const text = await run(...args, '--output-directory', join(dir, 'spent-text'));
    assert.equal(text.code, 0, text.stderr);
    const last = text.stdout.trimEnd().split('\n').pop();
    assert.equal(last, `Spent: ${Math.round(estimate * 100) / 100} credits (priced right before sending).`);
    assert.equal(charged(), estimate);
    // Bought before into the same folder: nothing sent, nothing spent, no figure said.
    sim.clearLog();
    const again = await run(...args, '--output-directory', join(dir, 'spent-text'));
    assert.equal(again.code, 0, again.stderr);
    assert.equal(charged(), 0);
    assert.doesNotMatch(again.stdout, /Spent/);
    const againJson = await run(...args, '--output-directory', join(dir, 'spent-text'), '--json');
    assert.equal(jsonOf<{ creditsSpent?: number }>(againJson).creditsSpent, undefined);
  });

  it('orders list, show, estimate, create and cancel', async () => {
    const list = jsonOf<{ orders: { TaskOrderGuid: string }[] }>(await run('orders', 'list', '--json'));
    assert.ok(list.orders.length > 0);
    const shown = jsonOf<{ orders: { TaskOrderGuid: string }[] }>(
      await run('orders', 'show', list.orders[0]!.TaskOrderGuid, '--json'),
    );
    assert.equal(shown.orders[0]!.TaskOrderGuid, list.orders[0]!.TaskOrderGuid);
    const order = [
      'orders',
      'estimate',
      area,
      '--model',
      'Stratus3',
      '--satellite-constellations',
      'Sentinel2',
      '--from',
      nextMonth().from,
      '--to',
      nextMonth().to,
      '--json',
    ];
    const estimate = jsonOf<{ outcome: string; cost: number; order?: unknown }>(await run(...order));
    assert.equal(estimate.outcome, 'estimated');
    assert.ok(estimate.cost > 0);
    assert.equal(estimate.order, undefined);
    // The text says the cancelling terms as the order panel does (one source), dates in words, not raw ISO.
    const text = await run(...order.slice(0, -1));
    assert.equal(text.code, 0, text.stderr);
    assert.ok(
      text.stdout
        .split('\n')
        .includes('  Cancelling: In full only while the order is in Review; it has no renewal to stop.'),
      text.stdout,
    );
    assert.doesNotMatch(text.stdout, /T\d\d:\d\d:\d\d/);
    const before = sim.state.orders.length;
    const created = await run(
      'orders',
      'create',
      ...order.slice(2),
      '--yes',
      '--max-cost',
      String(Math.ceil(estimate.cost * 2)),
    );
    assert.equal(created.code, 0, created.stderr);
    const createdOrder = jsonOf<{ order: { TaskOrderGuid: string; Model: string } }>(created).order;
    assert.equal(createdOrder.Model, 'Stratus3');
    assert.equal(sim.state.orders.length, before + 1);
    const statusOf = async (guid: string) =>
      jsonOf<{ orders: { OrderingProcessStatus: string }[] }>(await run('orders', 'show', guid, '--json')).orders[0]!
        .OrderingProcessStatus;
    // Without --yes: what cancelling it does now, and nothing sent (exit 8).
    const cancels = () => sim.requests.filter((r) => r.method === 'DELETE' || /cancel/i.test(r.path)).length;
    const sentBefore = cancels();
    const asked = await run('orders', 'cancel', createdOrder.TaskOrderGuid);
    assert.equal(asked.code, 8, asked.stderr);
    assert.match(asked.stdout, /^Cancel the order Stratus3 · .* km², \d{4}-\d{2}-\d{2} → \d{4}-\d{2}-\d{2}\?$/m);
    assert.match(asked.stdout, /This cannot be undone\.\nNot sent: add --yes to cancel it\.$/m);
    assert.equal(cancels(), sentBefore, 'nothing sent without --yes');
    assert.notEqual(await statusOf(createdOrder.TaskOrderGuid), 'Canceled');
    const cancelled = await run('orders', 'cancel', createdOrder.TaskOrderGuid, '--yes', '--json');
    assert.equal(cancelled.code, 0, cancelled.stderr);
    assert.equal(jsonOf<{ cancelled: string }>(cancelled).cancelled, createdOrder.TaskOrderGuid);
    assert.equal(await statusOf(createdOrder.TaskOrderGuid), 'Canceled');
    // Once more: it has ended, and is not said to be cancelled again.
    const again = await run('orders', 'cancel', createdOrder.TaskOrderGuid, '--yes');
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /is Canceled: there is nothing to cancel, and nothing was sent\./);
    assert.equal(cancels(), sentBefore + 1, 'one cancel sent in all');
    const unknown = await run('orders', 'cancel', '00000000-0000-0000-0000-000000000000', '--yes');
    assert.equal(unknown.code, 9);
    // The service refuses an unknown GUID (404): exit 9, its words, nothing cancelled.
    assert.match(unknown.stderr, /No order 00000000-0000-0000-0000-000000000000\b/);
  });

  it('orders cancel of a GUID the service answers with an empty list: not in this account, exit 9, no cancel sent', async () => {
    const guid = '11111111-2222-3333-4444-555555555555';
    sim.configure({ unknownOrderAsEmptyList: true });
    try {
      sim.clearLog();
      const r = await run('orders', 'cancel', guid, '--yes');
      assert.equal(r.code, 9, r.stderr);
      assert.equal(r.stdout, `No order ${guid} in this account: nothing sent.\n`, r.stderr);
      const json = await run('orders', 'cancel', guid, '--yes', '--json');
      assert.equal(json.code, 9, json.stderr);
      assert.deepEqual(jsonOf(json), { outcome: 'not-found', guid });
      const details = sim.requests.filter((q) => q.path === '/api/tasking/orders/details');
      assert.deepEqual(
        details.map((q) => q.status),
        [200, 200],
        'the service answered the details, with no order',
      );
      assert.equal(
        sim.requests.filter((q) => q.method === 'DELETE' || /cancel/i.test(q.path)).length,
        0,
        'no cancel sent',
      );
    } finally {
      sim.configure({});
    }
  });

  it('tiles search, optimize and process', async () => {
    const search = jsonOf<{ outcome: string; tiles: { Guid: string; MiniTile?: boolean }[] }>(
      await run('tiles', 'search', area, '--mini-tiles', '--json'),
    );
    assert.equal(search.outcome, 'completed');
    assert.ok(search.tiles.length > 0 && search.tiles.every((t) => t.MiniTile === true));
    const optimized = jsonOf<{ tiles: string[]; miniTiles: string[] }>(await run('tiles', 'optimize', area, '--json'));
    assert.ok(optimized.tiles.length + optimized.miniTiles.length > 0);
    const known = new Set(search.tiles.map((t) => t.Guid));
    for (const guid of optimized.miniTiles) assert.ok(known.has(guid), `optimized mini-tile ${guid} is over the area`);
    const optimizeCall = sim.requests.find((r) => r.path === '/api/tasking/tile/optimize');
    assert.match(String((optimizeCall?.body as { Wkt?: string } | undefined)?.Wkt), /^GEOMETRYCOLLECTION/);
    const out = join(dir, 'tiles');
    const guid = search.tiles[0]!.Guid;
    // A date the simulator says covers the mini-tile whole: the area's newest date need not.
    const date = datesCoveringTiles(sim, 'Stratus2', [guid])[0]!;
    const processed = await run(
      'tiles',
      'process',
      area,
      '--mini-tiles',
      '--model',
      'Stratus2',
      '--date',
      date,
      '--tile-guids',
      guid,
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      out,
      '--json',
    );
    assert.equal(processed.code, 0, processed.stderr);
    const batch = jsonOf<{
      outcome: string;
      files: string[];
      units: { id: string; status: string }[];
      manifestPath: string;
      creditsSpent?: number;
    }>(processed);
    assert.equal(batch.outcome, 'completed');
    // A tile's price is derived from a composite's rate, not the service's estimate of the tile:
    // what the run spent is not known, so no figure is said.
    assert.equal(batch.creditsSpent, undefined);
    assert.deepEqual(
      batch.units.map((u) => [u.id, u.status]),
      [[guid, 'done']],
    );
    assert.ok(existsSync(batch.files[0]!) && existsSync(batch.manifestPath));
  });

  it('reads the area from standard input with -', async () => {
    const r = await runCli(['dates', '-', '--model', 'Stratus2', '--json'], {
      cwd: dir,
      stdin: FIELD,
      env: { SAT_IMAGERY_API_KEY: KEY, SAT_IMAGERY_BASE_URL: sim.url },
    });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(jsonOf<{ coverage: { full: string[] } }>(r).coverage.full.length > 0);
  });
});
