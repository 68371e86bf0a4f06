// The rule that keeps an apply to the plan a person saw (the CLI's --plan, the cost panel's
// Apply…), and the plan as the cost panel receives it: every unit and order, the totals, and
// nothing that would not survive the message or parse on the page.
import * as assert from 'node:assert/strict';
import type { Plan, PlanUnit } from '../../../../src/workflows/declared/declared-plan';
import { planDrift, plannedPurchases } from '../../../../src/workflows/declared/plan-drift';
import { addSpent, overBudget } from '../../../../src/pricing/cost-decision';
import { toPlanView } from '../../../../src/ui/webview/estimate/plan-view-model';
import { parseHostMessage } from '../../../../src/ui/webview/estimate/protocol';

const unit = (kind: PlanUnit['kind'], date: string, credits?: number): PlanUnit => ({
  kind,
  dataset: 'rgb',
  area: 'field.wkt',
  date,
  key: `key-${date}`,
  ...(credits !== undefined ? { credits } : {}),
});

function plan(units: PlanUnit[], credits: number, orders: Plan['orders'] = []): Plan {
  return {
    file: 'imagery.json',
    units,
    orders,
    total: { credits, euroThisMonth: 0, euroPerMonth: 0 },
    balance: { credits: 100 },
    budget: { maxCredits: 50 },
    stops: [],
    notes: [],
  };
}

describe('plan drift: an apply buys the plan that was seen', () => {
  const seen = plan([unit('buy', '2026-06-10', 1.5), unit('have', '2026-06-08'), unit('rebuy', '2026-06-12', 2)], 3.5);
  const purchases = () => plannedPurchases(seen.units, seen.orders, seen.total.credits);

  it('accepts the same units at the same or a lower total', () => {
    assert.equal(planDrift(purchases(), seen), undefined);
    assert.equal(planDrift(purchases(), plan(seen.units, 3)), undefined);
  });

  it('refuses another unit to buy, a unit no longer bought, or the same unit bought as another kind', () => {
    assert.deepEqual(planDrift(purchases(), plan([...seen.units, unit('buy', '2026-06-14', 1)], 4.5)), {
      kind: 'other-units',
    });
    assert.deepEqual(planDrift(purchases(), plan([seen.units[0]!], 1.5)), { kind: 'other-units' });
    assert.deepEqual(planDrift(purchases(), plan([seen.units[0]!, unit('missing', '2026-06-12', 2)], 3.5)), {
      kind: 'other-units',
    });
  });

  it('refuses a unit that was not available when seen and is now bought in place of another, at the same total', () => {
    const unavailable = (date: string): PlanUnit => ({
      ...unit('unavailable', date),
      reason: 'not available: no imagery',
    });
    const before = plan([unit('buy', '2026-06-10', 1.5), unavailable('2026-06-11')], 1.5);
    const now = plan([unavailable('2026-06-10'), unit('buy', '2026-06-11', 1.5)], 1.5);
    assert.deepEqual(planDrift(plannedPurchases(before.units, before.orders, before.total.credits), now), {
      kind: 'other-units',
    });
  });

  it("lets each series of the apply go within the plan's total, when the sum of their credits is not exact in binary", () => {
    // The plan's total is rounded (0.1 + 0.2 is 0.30000000000000004): apply --plan and Apply… hold to 0.3.
    const spent: Record<string, number> = {};
    const budget = { amount: 0.3, name: '--max-cost', inclusive: true, spent };
    for (const credits of [0.1, 0.2]) {
      const price = { images: { credits } };
      assert.equal(overBudget(price, budget), undefined, `the series of ${credits} credits`);
      addSpent(spent, price);
    }
    assert.match(overBudget({ images: { credits: 0.000001 } }, budget) ?? '', /above the 0 left/);
  });

  it('refuses a higher total, naming both', () => {
    assert.deepEqual(planDrift(purchases(), plan(seen.units, 3.6)), { kind: 'dearer', seen: 3.5, now: 3.6 });
  });

  it('counts an order to create by its payload, not an order that exists', () => {
    const order = {
      kind: 'create' as const,
      order: 'o',
      area: 'field.wkt',
      payloadHash: 'p1',
      currency: 'EUR',
      euroThisMonth: 5,
      euroPerMonth: 5,
    };
    const withOrder = plannedPurchases(seen.units, [order], 3.5);
    assert.equal(planDrift(withOrder, plan(seen.units, 3.5, [order])), undefined);
    assert.deepEqual(planDrift(withOrder, plan(seen.units, 3.5, [{ ...order, payloadHash: 'p2' }])), {
      kind: 'other-units',
    });
    assert.deepEqual(planDrift(withOrder, plan(seen.units, 3.5, [{ ...order, kind: 'exists' }])), {
      kind: 'other-units',
    });
  });
});

describe('the plan in the cost panel', () => {
  it('carries every unit, order and total, and parses as the page parses it', () => {
    const p = plan(
      [
        unit('buy', '2026-06-10', 1.5),
        unit('uncertain', '2026-06-11'),
        { ...unit('rebuy', '2026-06-12', 2), changes: ['Resolution: 20 → 10'] },
      ],
      3.5,
      [
        {
          kind: 'create',
          order: 'weekly',
          area: 'field.wkt',
          payloadHash: 'p',
          currency: 'EUR',
          euroThisMonth: 12,
          euroPerMonth: 10,
        },
      ],
    );
    p.total = { credits: 3.5, euroThisMonth: 12, euroPerMonth: 10 };
    p.stops = ['the total is above the budget'];
    const view = toPlanView(p, 'imagery.json', { text: 'Applied: 1 bought', severity: 'info' });
    assert.deepEqual(
      view.units.map((u) => `${u.kind} ${u.date} ${u.credits ?? '-'}`),
      ['buy 2026-06-10 1.5', 'uncertain 2026-06-11 -', 'rebuy 2026-06-12 2'],
    );
    assert.deepEqual(view.units[2]!.changes, ['Resolution: 20 → 10']);
    assert.equal(view.currency, 'EUR');
    assert.deepEqual(view.total, { credits: 3.5, euroThisMonth: 12, euroPerMonth: 10 });
    assert.equal(view.changes, true);
    assert.equal('key' in view.units[0]!, false, 'the request keys stay in the host');
    const parsed = parseHostMessage(JSON.parse(JSON.stringify({ type: 'plan', plan: view })));
    assert.equal(parsed?.type, 'plan');
  });

  it("carries the field tables' lines to the panel, and offers Apply… for a table alone, as the command line's apply updates it", () => {
    const p = plan([], 0);
    const tables = ['field table rgb: 2 images to add (rgb/field-stats.csv)'];
    const view = toPlanView({ ...p, tables }, 'imagery.json');
    assert.deepEqual(view.tables, tables);
    assert.equal(view.applicable, true);
    const parsed = parseHostMessage(JSON.parse(JSON.stringify({ type: 'plan', plan: view })));
    assert.deepEqual((parsed as { plan: { tables?: string[] } }).plan.tables, tables);
    const without = toPlanView(p, 'imagery.json');
    assert.deepEqual([without.tables, without.applicable], [undefined, false]);
  });

  it("carries a deferred order and the orders' month to the panel, through the page's message check", () => {
    const p = plan([], 0);
    p.orders = [
      {
        kind: 'deferred',
        order: 'c',
        area: 'field.geojson',
        payloadHash: 'p',
        currency: 'EUR',
        euroThisMonth: 0.86,
        euroPerMonth: 0.86,
        reason: "the month's orders would reach 2.58 EUR of the file's 2 EUR",
      },
    ];
    p.budget = { maxEuroPerMonth: 2 };
    p.orderMonth = {
      month: '2026-07',
      spentEuro: 1.72,
      nextMonthEuro: 1.72,
      maxEuro: 2,
      leftEuro: 0.28,
      deferredEuro: 0.86,
      unknown: ["order 'b' is not in the account's list of orders"],
    };
    const view = toPlanView(p, 'imagery.json');
    assert.deepEqual(view.orderMonth, p.orderMonth);
    assert.equal(view.orders[0]!.reason, p.orders[0]!.reason);
    assert.equal(view.changes, true, 'a deferred order is a change pending');
    assert.equal(view.applicable, false, 'nothing to create');
    const parsed = parseHostMessage(JSON.parse(JSON.stringify({ type: 'plan', plan: view })));
    assert.equal(parsed?.type, 'plan');
    assert.deepEqual((parsed as { plan: { orderMonth?: unknown } }).plan.orderMonth, p.orderMonth);
  });

  it("carries the plan's notes to the panel, through the page's message check", () => {
    const p = plan([unit('buy', '2026-06-10', 1)], 1);
    p.notes = [
      'rgb/sat-imagery-ledger.jsonl: 1 line naming ../../../etc/passwd ignored',
      'lnk: reached through lnk, a symbolic link (to /tmp): its ledger and images are not read',
    ];
    const view = toPlanView(p, 'imagery.json');
    assert.deepEqual(view.notes, p.notes);
    const parsed = parseHostMessage(JSON.parse(JSON.stringify({ type: 'plan', plan: view })));
    assert.equal(parsed?.type, 'plan');
    assert.deepEqual((parsed as { plan: { notes?: string[] } }).plan.notes, p.notes);
  });

  it('says no changes when there is nothing to buy, and drops figures a message cannot carry', () => {
    const view = toPlanView(plan([unit('have', '2026-06-10'), unit('extra', '2026-05-01')], 0), 'imagery.json');
    assert.equal(view.changes, false);
    const odd = toPlanView(plan([unit('buy', '2026-06-10', Number.NaN)], Number.POSITIVE_INFINITY), 'imagery.json');
    assert.equal(odd.units[0]!.credits, undefined);
    assert.equal(parseHostMessage(JSON.parse(JSON.stringify({ type: 'plan', plan: odd })))?.type, 'plan');
  });
});
