// Imagery as code on the command line, run as a process against the simulator over loopback:
// plan prices the difference (exit 2), apply buys exactly it through the folder's purchase ledger
// and writes the lock, and the next plan says "no changes" (exit 0). A changed profile shows
// rebuy, a deleted file missing, a removed dataset extra, a price above the file's budget stops
// apply before any billed call, and verify names a file whose bytes changed.
import * as assert from 'node:assert/strict';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatCredits } from '../../../../src/common/format';
import type { PlanUnit } from '../../../../src/workflows/declared/declared-plan';
import type { Simulator } from '../../../simulator/index';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, fieldOrder, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-key-5Tq9';
/** The simulator's clock: imagery every day, so the dates below are covered on any day the suite runs. */
const NOW = Date.UTC(2026, 5, 15, 12);
const DATES = ['2026-06-10', '2026-06-12'];

interface PlanJson {
  changes: boolean;
  units: PlanUnit[];
  total: { credits: number; euroThisMonth: number; euroPerMonth: number };
  balance: { credits?: number };
  budget: unknown;
  stops: string[];
}
interface Lock {
  version: number;
  images: {
    dataset: string;
    area: string;
    date: string;
    bodyHash: string;
    file: string;
    bytes: number;
    sha256: string;
    credits?: number;
  }[];
}

function imagery(
  dataset: Record<string, unknown> | undefined,
  budget: Record<string, number> = { maxCredits: 1000 },
): string {
  const base = rgbDataset(DATES);
  return JSON.stringify({ datasets: dataset ? [{ ...base, ...dataset }] : [], budget }, null, 2);
}

describe('CLI: imagery as code (plan, apply, verify)', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-',
    simulator: { seed: 7, clock: () => NOW, imageryEveryDay: true },
    files: { 'field.geojson': FIELD, 'imagery.json': imagery({}) },
  });
  let sim: Simulator;
  const charged = () => sim.requests.filter((r) => r.charged);
  const kinds = (plan: PlanJson) => plan.units.map((u) => `${u.kind} ${u.date}`).sort();
  const lock = () => JSON.parse(readFileSync(cli.file('imagery.lock.json'), 'utf8')) as Lock;
  const plan = async (...args: string[]) => {
    const run = await cli.run('plan', cli.file('imagery.json'), '--json', ...args);
    return { code: run.code, plan: jsonOf<PlanJson>(run), stderr: run.stderr };
  };

  before(() => ({ sim } = cli));
  beforeEach(() => sim.clearLog());

  it('plan lists every declared date as buy with its price, exits 2, and sends nothing billed', async () => {
    const { code, plan: p, stderr } = await plan('--out', cli.file('saved-plan.json'));
    assert.equal(code, 2, stderr);
    assert.deepEqual(
      kinds(p),
      DATES.map((d) => `buy ${d}`),
    );
    assert.ok(
      p.units.every((u) => typeof u.credits === 'number' && u.credits > 0),
      JSON.stringify(p.units),
    );
    assert.equal(p.total.credits, Math.round(p.units.reduce((s, u) => s + u.credits!, 0) * 1e6) / 1e6);
    assert.equal(typeof p.balance.credits, 'number');
    assert.deepEqual(p.stops, []);
    assert.deepEqual(charged(), [], 'a plan is never billed');
  });

  it('apply --plan buys exactly the planned units, writes the lock, and a second plan says no changes (exit 0)', async () => {
    const run = await cli.run(
      'apply',
      cli.file('imagery.json'),
      '--yes',
      '--plan',
      cli.file('saved-plan.json'),
      '--json',
    );
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.equal(charged().length, DATES.length, 'one charge per date');
    // What it spent: the estimates the plan showed, which is what the service charged.
    const paid = charged().reduce((sum, r) => sum + (r.charged?.credits ?? 0), 0);
    assert.ok(paid > 0);
    assert.equal(jsonOf<{ creditsSpent?: number }>(run).creditsSpent, Math.round(paid * 1e6) / 1e6);
    const locked = lock();
    assert.deepEqual(
      locked.images.map((i) => i.date),
      DATES,
    );
    for (const image of locked.images) {
      const bytes = readFileSync(join(cli.dir, image.file));
      assert.equal(bytes.length, image.bytes);
      assert.match(image.file, /^rgb\/composite-/);
    }
    sim.clearLog();
    const again = await plan();
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(
      kinds(again.plan),
      DATES.map((d) => `have ${d}`),
    );
    assert.equal(again.plan.total.credits, 0);
    assert.deepEqual(charged(), []);
    const applied = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '100', '--json');
    assert.equal(applied.code, 0, applied.stderr);
    assert.deepEqual(charged(), [], 'nothing to buy: nothing bought');
    assert.equal(jsonOf<{ creditsSpent?: number }>(applied).creditsSpent, undefined, 'nothing spent, no figure');
  });

  it('verify passes, then names the file whose byte changed (exit 10)', async () => {
    const ok = await cli.run('verify', cli.file('imagery.json'), '--json');
    assert.equal(ok.code, 0, ok.stderr);
    const image = lock().images[1]!;
    const path = join(cli.dir, image.file);
    const original = readFileSync(path);
    const changed = Buffer.from(original);
    changed[changed.length >> 1] ^= 0xff;
    writeFileSync(path, changed);
    const bad = await cli.run('verify', cli.file('imagery.json'));
    assert.equal(bad.code, 10, bad.stderr);
    assert.match(bad.stdout, new RegExp(`${image.file.replace(/[.]/g, '\\.')}: SHA-256 `));
    assert.match(bad.stdout, /1 of 2 locked images match/);
    writeFileSync(path, original);
  });

  it('verify of a file without a lock (a mistyped path) fails: nothing was verified (exit 10)', async () => {
    const run = await cli.run('verify', cli.file('imagery-typo.json'));
    assert.equal(run.code, 10, run.stdout);
    assert.match(run.stderr, /There is no lock at .*imagery-typo\.lock\.json: nothing to verify/);
    assert.doesNotMatch(run.stdout, /locked images match/);
  });

  it('a deleted file is missing, priced, and bought again by apply', async () => {
    const image = lock().images[0]!;
    unlinkSync(join(cli.dir, image.file));
    const { code, plan: p } = await plan();
    assert.equal(code, 2);
    assert.deepEqual(kinds(p), [`have ${DATES[1]}`, `missing ${DATES[0]}`]);
    assert.ok(p.total.credits > 0);
    // The file's budget (1,000 credits) caps; it never stands in for the person's --max-cost.
    const unbudgeted = await cli.run('apply', cli.file('imagery.json'), '--yes');
    assert.equal(unbudgeted.code, 8, unbudgeted.stderr);
    assert.match(unbudgeted.stdout, /Nothing was sent: .*--max-cost/);
    assert.equal(charged().length, 0, 'nothing billed without --max-cost');
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '100');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(charged().length, 1);
    // The text ends with what it spent: the missing date's price, as the plan gave it.
    assert.equal(
      run.stdout.trimEnd().split('\n').pop(),
      `Spent: ${formatCredits(p.total.credits, undefined)} (priced right before sending).`,
    );
    assert.equal((await plan()).code, 0);
  });

  it('a changed profile shows rebuy, naming the change; a price above the budget stops apply before any billed call', async () => {
    writeFileSync(cli.file('imagery.json'), imagery({ resolution: 10 }, { maxCredits: 0.01 }));
    const { code, plan: p } = await plan();
    assert.equal(code, 2);
    assert.deepEqual(
      kinds(p),
      DATES.map((d) => `rebuy ${d}`)
        .concat(DATES.map((d) => `extra ${d}`))
        .sort(),
    );
    assert.ok(
      p.units.filter((u) => u.kind === 'rebuy').every((u) => u.changes?.includes('Resolution: 20 → 10')),
      JSON.stringify(p.units),
    );
    assert.match(p.stops.join(), /above the file's budget of 0\.01 credits/);
    sim.clearLog();
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '100', '--json');
    assert.equal(run.code, 8, run.stderr);
    assert.deepEqual(charged(), [], 'nothing billed was sent');
    assert.equal(
      sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/satelliteimages/process/composite').length,
      0,
      'no billed call left',
    );
  });

  it('a removed dataset leaves its images as extra: kept, locked, and no change (exit 0)', async () => {
    writeFileSync(cli.file('imagery.json'), imagery(undefined));
    const { code, plan: p } = await plan();
    assert.equal(code, 0);
    assert.deepEqual(
      kinds(p),
      DATES.map((d) => `extra ${d}`),
    );
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '100');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(
      lock().images.map((i) => i.date),
      DATES,
      'the lock keeps what was bought',
    );
  });

  it('a date the service does not make is unavailable: said with its reason, never counted as one to buy, and no change', async () => {
    // Five days after the simulator's clock: no imagery yet.
    writeFileSync(cli.file('imagery.json'), imagery({ dates: ['2026-06-20'] }));
    const { code, plan: p } = await plan();
    assert.equal(code, 0, 'nothing apply would buy');
    assert.deepEqual(
      p.units.filter((u) => u.date === '2026-06-20').map((u) => [u.kind, u.credits]),
      [['unavailable', undefined]],
    );
    assert.match(p.units.find((u) => u.date === '2026-06-20')?.reason ?? '', /^not available: /);
    const text = await cli.run('plan', cli.file('imagery.json'));
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^ {2}unavailable +rgb field\.geojson 2026-06-20: (?!not available)\S/m);
    assert.match(text.stdout, /^Plan: 0 buy, .*1 unavailable\.$/m);
    assert.match(text.stdout, /but for the 1 unavailable above, which the service does not make\.$/m);
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '100');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(charged(), []);
    writeFileSync(cli.file('imagery.json'), imagery(undefined));
  });

  it('apply --plan is refused when a fresh plan buys other units, before any billed call', async () => {
    writeFileSync(cli.file('imagery.json'), imagery({ dates: ['2026-06-01'] }));
    const saved = await plan('--out', cli.file('older-plan.json'));
    assert.equal(saved.code, 2);
    writeFileSync(cli.file('imagery.json'), imagery({ dates: ['2026-06-01', '2026-06-02'] }));
    sim.clearLog();
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--plan', cli.file('older-plan.json'));
    assert.equal(run.code, 8, run.stderr);
    assert.match(run.stderr, /The plan has changed since --plan was written/);
    assert.deepEqual(charged(), []);
    writeFileSync(cli.file('imagery.json'), imagery(undefined));
  });

  it('orders: create (priced in euros), then exists (matched by meaning); a changed order differs and apply neither cancels nor creates', async () => {
    // The month after the simulator's clock: priced this month (nothing) and next month.
    const order = fieldOrder({ from: '2026-07-01', to: '2026-07-31' });
    const write = (extra: Record<string, unknown>) =>
      writeFileSync(cli.file('orders.imagery.json'), JSON.stringify({ orders: [{ ...order, ...extra }] }));
    const orderPlan = async () => {
      const run = await cli.run('plan', cli.file('orders.imagery.json'), '--json');
      return {
        code: run.code,
        plan: jsonOf<{
          orders: {
            kind: string;
            guid?: string;
            euroThisMonth?: number;
            euroPerMonth?: number;
            changes?: string[];
            notPricedYet?: string;
          }[];
          total: PlanJson['total'];
        }>(run),
      };
    };
    const creates = () => sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/tasking/orders').length;
    write({});
    const first = await orderPlan();
    assert.equal(first.code, 2);
    assert.equal(first.plan.orders[0]!.kind, 'create');
    assert.ok(
      typeof first.plan.orders[0]!.euroPerMonth === 'number' &&
        first.plan.total.euroPerMonth === first.plan.orders[0]!.euroPerMonth,
      JSON.stringify(first.plan),
    );
    assert.equal(creates(), 0, 'a plan creates nothing');
    assert.ok((first.plan.orders[0]!.euroPerMonth ?? 0) > 0, 'next month is its first month, priced');
    assert.equal(first.plan.orders[0]!.notPricedYet, undefined);
    // As a person reads it: each price in its currency, the total too.
    const text = (await cli.run('plan', cli.file('orders.imagery.json'))).stdout;
    const o = first.plan.orders[0]!;
    assert.ok(
      text.includes(
        `+ create     order field-order field.geojson (${o.euroThisMonth} EUR this month, ${o.euroPerMonth} EUR next month)`,
      ),
      text,
    );
    assert.match(
      text,
      /^Plan: 0 buy, 0 rebuy, 0 missing, 0 uncertain, 0 have, 0 extra, 0 unavailable; orders: 1 create\.$/m,
    );
    assert.match(text, /^Total: 0 credits, orders [\d.]+ EUR this month and [\d.]+ EUR next month/m);
    const applied = await cli.run('apply', cli.file('orders.imagery.json'), '--yes', '--max-cost', '100000', '--json');
    assert.equal(applied.code, 0, applied.stderr + applied.stdout);
    assert.equal(creates(), 1, applied.stderr + applied.stdout);
    const locked = JSON.parse(readFileSync(cli.file('orders.imagery.lock.json'), 'utf8')) as {
      orders: { order: string; guid: string; price?: Record<string, unknown> }[];
    };
    assert.equal(locked.orders.length, 1);
    // Its fields in one order, the GUID (added after the create) beside the name.
    assert.deepEqual(Object.keys(locked.orders[0]!), [
      'order',
      'area',
      'guid',
      'payloadHash',
      'payload',
      'at',
      'price',
    ]);
    // The price its create was held to, and the month it left in: what the monthly cap counts.
    const { month, ...price } = locked.orders[0]!.price!;
    assert.match(String(month), /^\d{4}-\d{2}$/);
    assert.deepEqual(price, { currency: 'EUR', thisMonth: o.euroThisMonth, perMonth: o.euroPerMonth });
    const again = await orderPlan();
    assert.equal(again.code, 0);
    assert.deepEqual(
      again.plan.orders.map((o) => [o.kind, o.guid]),
      [['exists', locked.orders[0]!.guid]],
    );
    assert.match(
      (await cli.run('plan', cli.file('orders.imagery.json'))).stdout,
      /^No changes: the folders and the account hold everything the file declares\.$/m,
    );
    write({ storageMonths: 2 });
    const changed = await orderPlan();
    assert.equal(changed.code, 2);
    assert.equal(changed.plan.orders[0]!.kind, 'differs');
    assert.ok(changed.plan.orders[0]!.changes?.includes('StorageMonths: 1 → 2'), JSON.stringify(changed.plan.orders));
    const notApplied = await cli.run('apply', cli.file('orders.imagery.json'), '--yes', '--max-cost', '100000');
    assert.equal(notApplied.code, 0, notApplied.stderr);
    assert.equal(creates(), 1, 'apply neither creates the changed order nor cancels the old one');
    assert.equal(sim.requests.filter((r) => r.method === 'DELETE' || r.path.includes('cancel')).length, 0);
  });

  it('an order that starts after the two months the estimate prices is "not priced yet": said, and a monthly budget stops its apply', async () => {
    const order = {
      name: 'later-order',
      area: 'field.geojson',
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      from: '2026-09-01',
      to: '2026-11-30',
    };
    const write = (budget?: Record<string, number>) =>
      writeFileSync(cli.file('later.imagery.json'), JSON.stringify({ orders: [order], ...(budget ? { budget } : {}) }));
    const creates = () => sim.requests.filter((r) => r.method === 'POST' && r.path === '/api/tasking/orders').length;
    write();
    const run = await cli.run('plan', cli.file('later.imagery.json'), '--json');
    assert.equal(run.code, 2, run.stderr);
    const planned = jsonOf<{
      orders: { kind: string; euroPerMonth?: number; notPricedYet?: string }[];
      stops: string[];
    }>(run);
    assert.equal(planned.orders[0]?.kind, 'create');
    assert.equal(planned.orders[0]?.euroPerMonth, 0);
    assert.match(planned.orders[0]?.notPricedYet ?? '', /^it starts 2026-09-01, after this month and next/);
    assert.deepEqual(planned.stops, []);
    const text = (await cli.run('plan', cli.file('later.imagery.json'))).stdout;
    assert.match(
      text,
      /^\+ create +order later-order field\.geojson \(0 EUR this month, 0 EUR next month\): not priced yet: it starts 2026-09-01/m,
    );
    // With a monthly budget the file set, the order cannot be held to it: apply stops, nothing created.
    write({ maxEuroPerMonth: 500 });
    const stopped = await cli.run('apply', cli.file('later.imagery.json'), '--yes', '--max-cost', '100000');
    assert.equal(stopped.code, 8, stopped.stderr + stopped.stdout);
    assert.match(
      stopped.stderr + stopped.stdout,
      /later-order' is not priced yet .* cannot hold it: create it nearer its start/,
    );
    assert.equal(creates(), 0);
  });

  it('an imagery file with problems names each at its line and column and exits 3', async () => {
    writeFileSync(
      cli.file('bad.imagery.json'),
      '{\n  "datasets": [\n    { "name": "x", "area": "nowhere.geojson", "model": "Stratus2", "Bands": "rgb" }\n  ]\n}\n',
    );
    const run = await cli.run('plan', cli.file('bad.imagery.json'));
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stderr, /bad\.imagery\.json:3:\d+: error: unknown name 'Bands'/);
  });
});
