// `plan --markdown`: an imagery file's plan as a pull request comment. Its first line is a hidden
// marker naming the file, so a bot finds its own comment again and edits it in place instead of
// adding one on every push. One table per dataset (what happens to each unit, its area, date,
// credits, file and why), the orders with their euros, the totals against the balance and the
// budget (and the month's spend against each monthly cap), what stops an apply and the plan's notes. Every name and message is escaped as data
// (markdown-text.ts): a repository chooses its file names. Pure: the verb prints it.
import type { PlanOrder } from '../workflows/declared/declared-orders';
import { hasChanges, hasUncertainty } from '../workflows/declared/declared-plan';
import type { Plan, PlanUnit, UnitKind } from '../workflows/declared/declared-plan';
import type { MonthSpend } from '../workflows/declared/declared-month';
import type { OrderMonthSpend } from '../workflows/declared/declared-order-month';
import { money } from './format';
import { codeCell, codeSpan, markdownTable, plainText } from './markdown-text';

/** GitHub refuses a comment above 65,536 characters: the rows that would go beyond this are
 * counted instead of listed, the least telling first (what is had before what is bought). */
const MAX_CHARACTERS = 60_000;

/** What happens to a unit, most telling first. */
const UNIT_WORDS: Record<UnitKind, string> = {
  buy: 'to buy',
  rebuy: 'rebuy',
  missing: 'missing: buy again',
  deferred: 'deferred',
  uncertain: 'uncertain',
  unavailable: 'unavailable',
  extra: 'extra: kept',
  have: 'have',
};
const RANK = Object.keys(UNIT_WORDS) as UnitKind[];

const ORDER_KINDS: readonly PlanOrder['kind'][] = ['create', 'deferred', 'differs', 'uncertain', 'exists'];
const orderWord = (kind: PlanOrder['kind']) => (kind === 'create' ? 'to create' : kind);

/** The marker a bot looks for: the file's path with every character but letters, digits and
 * `._/-` percent-encoded, so no name can end the HTML comment (`-->`) it sits in. */
function planMarker(file: string): string {
  const name = [...new TextEncoder().encode(file)]
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9._/-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `<!-- sat-imagery plan: ${name} -->`;
}

function unitWhy(u: PlanUnit): string {
  if (u.changes) return u.changes.join(', ');
  // A deferred unit's reason names the month it is bought in.
  return (u.kind === 'unavailable' ? u.reason?.replace(/^not available: /, '') : u.reason) ?? '';
}

function unitRow(u: PlanUnit): string[] {
  const priced = u.credits !== undefined && u.kind !== 'have' && u.kind !== 'extra';
  return [
    plainText(UNIT_WORDS[u.kind]),
    codeCell(u.area),
    plainText(u.date),
    priced ? String(u.credits) : '',
    codeCell(u.file ?? ''),
    plainText(unitWhy(u)),
  ];
}

const UNIT_HEADER = ['What happens', 'Area', 'Date', 'Credits', 'File', 'Why'];

/** The units by dataset, each table's rows most telling first, within the comment's size. */
function unitTables(plan: Plan, room: number): string[] {
  const rows = plan.units
    .map((unit, index) => ({ unit, index, row: unitRow(unit) }))
    .sort((a, b) => RANK.indexOf(a.unit.kind) - RANK.indexOf(b.unit.kind) || a.index - b.index);
  const kept = new Set<number>();
  let left = room;
  for (const { index, row } of rows) {
    left -= row.join(' | ').length + 5;
    if (left < 0) break;
    kept.add(index);
  }
  const datasets = [...new Set(plan.units.map((u) => u.dataset))];
  return datasets.flatMap((dataset) => {
    const mine = rows.filter((r) => r.unit.dataset === dataset);
    const shown = mine.filter((r) => kept.has(r.index));
    const more = mine.length - shown.length;
    return [
      `### Dataset ${codeSpan(dataset)}`,
      '',
      ...markdownTable(
        UNIT_HEADER,
        shown.map((r) => r.row),
        [3],
      ),
      ...(more > 0
        ? ['', `${more} more not shown here (the comment's size): \`sat-imagery plan\` lists them all.`]
        : []),
      '',
    ];
  });
}

function orderWhy(o: PlanOrder): string {
  if (o.kind === 'differs')
    return `cancel ${o.guid ?? 'the earlier order (its create was never answered)'} and create it again by hand (${(o.changes ?? []).join(', ') || 'the payload changed'}); apply does neither`;
  if (o.kind === 'uncertain')
    return 'its create was sent and its answer lost: it may exist and be charged; apply never creates it again';
  if (o.kind === 'deferred') return o.reason ?? '';
  if (o.notPricedYet) return `not priced yet: ${o.notPricedYet}`;
  return o.guid ?? '';
}

function orderTable(plan: Plan): string[] {
  if (plan.orders.length === 0) return [];
  const rows = plan.orders.map((o) => {
    const priced = o.kind === 'create' || o.kind === 'deferred';
    return [
      plainText(orderWord(o.kind)),
      codeCell(o.order),
      codeCell(o.area),
      priced ? plainText(money(o.euroThisMonth, o.currency)) : '',
      priced ? plainText(money(o.euroPerMonth, o.currency)) : '',
      plainText(orderWhy(o)),
    ];
  });
  return [
    '### Orders',
    '',
    ...markdownTable(['What happens', 'Order', 'Area', 'This month', 'Per month', 'Why'], rows),
    '',
  ];
}

function summary(plan: Plan): string {
  const count = (kind: UnitKind) => plan.units.filter((u) => u.kind === kind).length;
  const units = RANK.filter((kind) => count(kind) > 0).map((kind) => `${count(kind)} ${UNIT_WORDS[kind]}`);
  const orders = ORDER_KINDS.map((kind) => [kind, plan.orders.filter((o) => o.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${orderWord(kind)}`);
  const what = [...units, ...(orders.length > 0 ? [`orders: ${orders.join(', ')}`] : [])].join('; ');
  if (hasChanges(plan)) return `**Changes to make:** ${what}.`;
  if (hasUncertainty(plan))
    return `**No changes to make**, but what is marked uncertain may have been made and charged; apply leaves it (${what}).`;
  return `**No changes:** the folders${plan.orders.length > 0 ? ' and the account' : ''} hold everything the file declares${what ? ` (${what})` : ''}.`;
}

function totals(plan: Plan): string[] {
  const currency = plan.orders.find((o) => o.kind === 'create' && o.currency !== undefined)?.currency;
  const creating = plan.orders.some((o) => o.kind === 'create');
  const lines = [
    `- **Total:** ${plan.total.credits} credits${creating ? plainText(`; new orders ${money(plan.total.euroThisMonth, currency)} this month, ${money(plan.total.euroPerMonth, currency)} per month`) : ''}`,
    `- **Balance:** ${plan.balance.credits !== undefined ? `${plan.balance.credits} credits` : 'not known'}`,
  ];
  const budget = [
    ...(plan.budget?.maxCredits !== undefined ? [`${plan.budget.maxCredits} credits an apply`] : []),
    ...(plan.budget?.maxCreditsPerMonth !== undefined ? [`${plan.budget.maxCreditsPerMonth} credits a month`] : []),
    ...(plan.budget?.maxEuroPerMonth !== undefined ? [`${plan.budget.maxEuroPerMonth} EUR a month for orders`] : []),
  ];
  lines.push(`- **Budget:** ${budget.length > 0 ? budget.join('; ') : 'none in the file'}`);
  if (plan.month) lines.push(monthLine(plan.month, plan.units.filter((u) => u.kind === 'deferred').length));
  if (plan.orderMonth)
    lines.push(orderMonthLine(plan.orderMonth, plan.orders.filter((o) => o.kind === 'deferred').length));
  return lines;
}

/** The month's orders against the file's monthly cap in euros: what they cost so far, what this
 * plan leaves, what they are billed next month, and what waits. */
function orderMonthLine(m: OrderMonthSpend, deferred: number): string {
  const later = deferred > 0 ? `; ${deferred} deferred (${m.deferredEuro} EUR)` : '';
  const unknown = m.unknown?.length ? `; not known: ${m.unknown.join('; ')}` : '';
  return `- **Orders this month (${m.month}):** ${plainText(`${m.spentEuro} EUR of the cap of ${m.maxEuro} EUR spent, ${m.leftEuro} EUR left after this plan; ${m.nextMonthEuro} EUR billed next month for the orders already made${later}${unknown}`)}`;
}

/** The month's images against the file's monthly cap: what the ledgers record as charged, what
 * this plan leaves, and what waits for a later month. */
function monthLine(m: MonthSpend, deferred: number): string {
  const later = deferred > 0 ? `; ${deferred} deferred (${m.deferredCredits} credits)` : '';
  return `- **This month (${m.month}):** ${m.spentCredits} of the cap of ${m.maxCredits} credits spent, ${m.leftCredits} left after this plan${later}`;
}

function listed(title: string, items: readonly string[]): string[] {
  return items.length === 0 ? [] : ['', `**${title}**`, '', ...items.map((item) => `- ${plainText(item)}`)];
}

export function planMarkdown(plan: Plan): string {
  const head = [planMarker(plan.file), `## Imagery plan: ${plainText(plan.file)}`, '', summary(plan), ''];
  const stops =
    plan.stops.length > 0
      ? listed('Apply would stop before any billed call:', plan.stops)
      : hasChanges(plan)
        ? ['', 'Nothing stops an apply.']
        : [];
  const tail = ['### Totals', '', ...totals(plan), ...stops, ...listed('Notes:', plan.notes)];
  const orders = orderTable(plan);
  const fixed = [...head, ...orders, ...tail].join('\n').length;
  return `${[...head, ...unitTables(plan, MAX_CHARACTERS - fixed), ...orders, ...tail].join('\n')}\n`;
}
