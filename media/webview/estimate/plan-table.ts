// The one rendering of a purchase's plan (pricing/purchase-plan.ts), for the Plan panel of an
// imagery file and the cost panel of a composite, a series, tiles and an order alike: what stops
// it, its notes, the total (credits for images, the orders' currency for new orders) against the
// balance and the budget, then every unit and every order with what the plan does to it.
import type { PurchasePlan, PurchaseUnit } from '../../../src/ui/webview/estimate/protocol';
import { counted, formatCredits, formatMoney, NOT_GIVEN } from '../../../src/common/format';
import type { Locale } from '../../../src/common/format';
import { el, fact } from '../common/dom';
import { pathText } from '../common/path-text';

const UNIT_WORDS: Record<PurchaseUnit['kind'], string> = {
  buy: 'buy',
  rebuy: 'buy again (changed)',
  missing: 'buy again (file gone)',
  uncertain: 'uncertain (may have been charged)',
  have: 'have',
  extra: 'extra (kept)',
  unavailable: 'not available',
  deferred: 'deferred (monthly cap)',
};
const ORDER_WORDS = {
  create: 'create',
  exists: 'exists',
  differs: 'differs (cancel and create by hand)',
  uncertain: 'uncertain (may exist)',
  deferred: 'deferred (monthly cap)',
} as const;
const UNCERTAIN_ORDER =
  'Its create was sent and its answer lost: it may exist and be charged. Apply never creates it again; look in the orders list, and once you know it was not made, Forget… takes it out of the lock.';
const PRICED = new Set<PurchaseUnit['kind']>(['buy', 'rebuy', 'missing', 'uncertain', 'deferred']);
/** "3 to buy, 2 on disk": the counts under a total. */
const COUNT_WORDS: Record<PurchaseUnit['kind'], string> = {
  buy: 'to buy',
  rebuy: 'to buy again',
  missing: 'missing',
  uncertain: 'uncertain',
  have: 'on disk',
  extra: 'extra',
  unavailable: 'not available',
  deferred: 'deferred',
};
/** The kinds in the order the counts say them. */
const COUNTED = ['buy', 'rebuy', 'missing', 'deferred', 'uncertain', 'have', 'extra', 'unavailable'] as const;

export interface PlanTableOptions {
  locale: Locale;
  /** The cost section's heading, and what it opens with (the Plan panel's total and counts). */
  heading: string;
  headline?: HTMLElement[];
  /** The units table's caption. */
  caption: string;
  /** Forget… on an order held as uncertain (the Plan panel). */
  forget?: (order: string, index: number) => HTMLElement;
}

export function countOf(plan: PurchasePlan, kind: PurchaseUnit['kind']): number {
  return plan.units.filter((u) => u.kind === kind).length;
}

/** "1 to buy, 2 not available". */
export function planCounts(plan: PurchasePlan): string[] {
  return COUNTED.filter((k) => countOf(plan, k) > 0).map((k) => `${countOf(plan, k)} ${COUNT_WORDS[k]}`);
}

/** Every part of a plan, in the order a decision reads it. A plan of orders alone has no images:
 * no empty table. */
export function renderPlan(plan: PurchasePlan, options: PlanTableOptions): HTMLElement[] {
  const parts: HTMLElement[] = [];
  if (plan.stops.length)
    parts.push(
      el(
        'section',
        { class: 'warnings', 'aria-label': 'What stops it' },
        el('ul', {}, ...plan.stops.map((s, i) => el('li', { 'data-testid': `stop-${i}` }, `Apply is stopped: ${s}.`))),
      ),
    );
  // What the plan left out and why, as the CLI's "Note:" lines say it.
  if (plan.notes?.length)
    parts.push(
      el(
        'section',
        { class: 'plan-notes', 'aria-label': 'Notes on the plan' },
        el('ul', {}, ...plan.notes.map((n, i) => el('li', { 'data-testid': `note-${i}` }, `Note: ${n}`))),
      ),
    );
  parts.push(renderTotals(plan, options));
  if (plan.units.length > 0 || plan.orders.length === 0) parts.push(renderUnits(plan, options));
  if (plan.orders.length) parts.push(renderOrders(plan, options));
  return parts;
}

function renderTotals(plan: PurchasePlan, options: PlanTableOptions): HTMLElement {
  const l = options.locale;
  const money = (v: number) => formatMoney(v, plan.currency ?? 'EUR', l);
  const priced = plan.notPricedYet === undefined || plan.total.credits !== undefined;
  return el(
    'section',
    { class: 'cost', 'aria-labelledby': 'plan-heading' },
    el('h2', { id: 'plan-heading' }, options.heading),
    ...(options.headline ?? []),
    el(
      'dl',
      { class: 'facts' },
      ...(plan.units.length > 0 || plan.orders.length === 0
        ? fact(
            'Images',
            priced ? formatCredits(plan.total.credits, l) : `not priced yet: ${plan.notPricedYet}`,
            'plan-credits',
          )
        : []),
      ...(plan.orders.some((o) => o.kind === 'create')
        ? [
            ...fact('New orders, this month', money(plan.total.euroThisMonth), 'plan-euro-this-month'),
            ...fact('New orders, next month', money(plan.total.euroPerMonth), 'plan-euro-per-month'),
          ]
        : []),
      ...fact(
        'Balance',
        plan.balance.credits !== undefined ? formatCredits(plan.balance.credits, l) : `${NOT_GIVEN} (not compared)`,
        'plan-balance',
      ),
      ...fact(plan.budget?.setting ? 'Your budget' : 'Budget of the file', budgetText(plan, l), 'plan-budget'),
      ...(plan.month ? fact(`This month (${plan.month.month})`, monthText(plan, l), 'plan-month') : []),
      ...(plan.orderMonth
        ? fact(`Orders this month (${plan.orderMonth.month})`, orderMonthText(plan, l), 'plan-order-month')
        : []),
    ),
  );
}

/** "1.20 € spent of the cap of 5.00 €; 2.10 € left after this plan; 1.50 € billed next month; 1 order deferred (0.93 €)". */
function orderMonthText(plan: PurchasePlan, l: Locale): string {
  const m = plan.orderMonth!;
  const money = (v: number) => formatMoney(v, 'EUR', l);
  const deferred = plan.orders.filter((o) => o.kind === 'deferred').length;
  return [
    `${money(m.spentEuro)} spent of the cap of ${money(m.maxEuro)}`,
    `${money(m.leftEuro)} left after this plan`,
    `${money(m.nextMonthEuro)} billed next month for the orders already made`,
    ...(deferred > 0 ? [`${counted(deferred, 'order')} deferred (${money(m.deferredEuro)})`] : []),
    ...(m.unknown?.length ? [`not known: ${m.unknown.join('; ')}`] : []),
  ].join('; ');
}

/** "120 credits spent of the cap of 300 credits; 80 credits left after this plan; 2 images deferred (100 credits)". */
function monthText(plan: PurchasePlan, l: Locale): string {
  const m = plan.month!;
  const deferred = countOf(plan, 'deferred');
  return [
    `${formatCredits(m.spentCredits, l)} spent of the cap of ${formatCredits(m.maxCredits, l)}`,
    `${formatCredits(m.leftCredits, l)} left after this plan`,
    ...(deferred > 0 ? [`${counted(deferred, 'image')} deferred (${formatCredits(m.deferredCredits, l)})`] : []),
  ].join('; ');
}

function budgetText(plan: PurchasePlan, l: Locale): string {
  const b = plan.budget;
  const monthly = b?.setting ? '' : ' a month for orders';
  const parts = [
    b?.maxCredits !== undefined ? formatCredits(b.maxCredits, l) : undefined,
    b?.maxCreditsPerMonth !== undefined ? `${formatCredits(b.maxCreditsPerMonth, l)} a month for images` : undefined,
    b?.maxEuroPerMonth !== undefined
      ? `${formatMoney(b.maxEuroPerMonth, plan.currency ?? 'EUR', l)}${monthly}`
      : undefined,
  ].filter((x): x is string => x !== undefined);
  const where = b?.setting ? ` (${b.setting})` : '';
  return `${parts.length ? parts.join(', ') : 'none set'}${where}`;
}

/** What changed, the reason, or else the unit's file (its path relative to the imagery file). */
function unitNote(u: PurchaseUnit): string | HTMLElement {
  if (u.changes?.length) return u.changes.join(', ');
  // The kind already says "not available": the note is the service's reason.
  if (u.kind === 'unavailable') return (u.reason ?? '').replace(/^not available: /, '');
  return u.reason ?? (u.file ? pathText(u.file) : '');
}

function renderUnits(plan: PurchasePlan, options: PlanTableOptions): HTMLElement {
  const rows = plan.units.map((u, i) =>
    el(
      'tr',
      { class: `unit-${u.kind}`, 'data-testid': `unit-${i}` },
      el('td', { class: 'kind-cell' }, UNIT_WORDS[u.kind]),
      el('td', {}, u.label),
      el('td', {}, pathText(u.area)),
      el('td', { class: 'date' }, u.date),
      el('td', { class: 'num' }, PRICED.has(u.kind) ? unitCredits(plan, u, options.locale) : ''),
      el('td', { class: 'why' }, unitNote(u)),
    ),
  );
  const headings = ['What', plan.labelHeading ?? 'Image', 'Area', 'Date', 'Credits', 'Note'];
  const table = el(
    'table',
    { class: 'plan-table', 'data-testid': 'plan-units' },
    el('caption', {}, options.caption),
    el('thead', {}, el('tr', {}, ...headings.map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...rows),
  );
  return el(
    'section',
    // Focusable: in a narrow panel the table scrolls sideways inside it, and the keyboard scrolls it.
    { class: 'plan-units', 'aria-labelledby': 'units-heading', tabindex: '0' },
    el('h2', { id: 'units-heading' }, 'Images'),
    table,
  );
}

function unitCredits(plan: PurchasePlan, u: PurchaseUnit, locale: Locale): string {
  return u.credits === undefined && plan.notPricedYet !== undefined
    ? 'not priced yet'
    : formatCredits(u.credits, locale);
}

function renderOrders(plan: PurchasePlan, options: PlanTableOptions): HTMLElement {
  const l = options.locale;
  const rows = plan.orders.map((o, i) =>
    el(
      'tr',
      { class: `order-${o.kind}`, 'data-testid': `order-${i}` },
      el('td', { class: 'kind-cell' }, ORDER_WORDS[o.kind]),
      el('td', {}, o.order),
      el('td', {}, pathText(o.area)),
      el(
        'td',
        { class: 'num' },
        o.kind === 'create' || o.kind === 'deferred'
          ? `${formatMoney(o.euroThisMonth, o.currency ?? 'EUR', l)} this month, ${formatMoney(o.euroPerMonth, o.currency ?? 'EUR', l)} next month`
          : '',
      ),
      el(
        'td',
        { class: 'why' },
        o.kind === 'differs'
          ? `${o.guid ?? 'an earlier create never answered'}: ${(o.changes ?? []).join(', ') || 'the payload changed'}`
          : o.kind === 'uncertain'
            ? UNCERTAIN_ORDER
            : o.kind === 'deferred'
              ? (o.reason ?? '')
              : o.notPricedYet
                ? `Not priced yet: ${o.notPricedYet}.`
                : (o.guid ?? ''),
        ...(o.kind === 'uncertain' && options.forget ? [options.forget(o.order, i)] : []),
      ),
    ),
  );
  const table = el(
    'table',
    { class: 'plan-table' },
    el(
      'thead',
      {},
      el('tr', {}, ...['What', 'Order', 'Area', 'Price', 'Note'].map((h) => el('th', { scope: 'col' }, h))),
    ),
    el('tbody', {}, ...rows),
  );
  return el(
    'section',
    // Focusable: in a narrow panel the table scrolls sideways inside it, and the keyboard scrolls it.
    { class: 'plan-orders', 'aria-labelledby': 'orders-heading', tabindex: '0' },
    el('h2', { id: 'orders-heading' }, 'Tasking orders'),
    table,
  );
}
