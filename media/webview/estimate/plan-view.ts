// The page of an imagery file's plan (the Plan code lens): what stops an apply, its notes, the
// total (credits for images, the orders' currency for new orders) against the balance and the
// file's budget, every unit and every order with what a plan does to it, then Apply…. Uncertain
// units may have been charged already: they are re-sent only when the person ticks the box that
// says so.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import type { PlanView, PlanViewUnit, WebviewMessage } from '../../../src/ui/webview/estimate/protocol';
import { counted, formatCredits, formatMoney, NOT_GIVEN } from '../../../src/common/format';
import type { Locale } from '../../../src/common/format';
import { custom, el, fact } from '../common/dom';

const REPORT_TEXT_LIMIT = 4000;

const UNIT_WORDS: Record<PlanViewUnit['kind'], string> = {
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
} as const;
const UNCERTAIN_ORDER =
  'Its create was sent and its answer lost: it may exist and be charged. Apply never creates it again; look in the orders list, and once you know it was not made, Forget… takes it out of the lock.';
const BUYING = new Set<PlanViewUnit['kind']>(['buy', 'rebuy', 'missing']);
/** "3 to buy, 2 on disk": the counts under the total. */
const COUNT_WORDS: Record<PlanViewUnit['kind'], string> = {
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

function unitNote(u: PlanViewUnit): string {
  if (u.changes?.length) return u.changes.join(', ');
  // The kind already says "not available": the note is the service's reason.
  if (u.kind === 'unavailable') return (u.reason ?? '').replace(/^not available: /, '');
  return u.reason ?? u.file ?? '';
}

export class PlanPage {
  private busy = false;
  private resend = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly plan: PlanView,
    private readonly readOnly: boolean,
    private readonly locale: Locale,
    private readonly post: (message: WebviewMessage) => void,
  ) {}

  render(): void {
    const p = this.plan;
    const heading = el('h1', { tabindex: '-1', 'data-testid': 'title' }, p.title);
    const parts: HTMLElement[] = [
      el('header', {}, heading, el('p', { class: 'kind', 'data-testid': 'kind' }, 'Imagery as code: plan')),
    ];
    if (p.summary)
      parts.push(
        el(
          'p',
          {
            class: `note plan-summary ${p.summary.severity}`,
            role: p.summary.severity === 'info' ? 'status' : 'alert',
            'data-testid': 'plan-summary',
          },
          p.summary.text,
        ),
      );
    if (p.stops.length) {
      parts.push(
        el(
          'section',
          { class: 'warnings', 'aria-label': 'What stops an apply' },
          el('ul', {}, ...p.stops.map((s, i) => el('li', { 'data-testid': `stop-${i}` }, `Apply is stopped: ${s}.`))),
        ),
      );
    }
    // What the plan left out and why, as the CLI's "Note:" lines say it: a unit not counted as had
    // is explained here, not only in the terminal.
    if (p.notes?.length)
      parts.push(
        el(
          'section',
          { class: 'plan-notes', 'aria-label': 'Notes on the plan' },
          el('ul', {}, ...p.notes.map((n, i) => el('li', { 'data-testid': `note-${i}` }, `Note: ${n}`))),
        ),
      );
    // A file of orders alone has no images: no empty table.
    parts.push(this.renderTotal());
    if (p.units.length > 0 || p.orders.length === 0) parts.push(this.renderUnits());
    if (p.orders.length) parts.push(this.renderOrders());
    parts.push(this.renderActions());
    this.root.replaceChildren(...parts);
    this.root.setAttribute('aria-busy', 'false');
    heading.focus();
    this.sync();
  }

  setBusy(message: string | undefined): void {
    this.busy = message !== undefined;
    const status = this.root.querySelector('[data-testid="status"]');
    if (status) status.textContent = message ?? '';
    this.sync();
  }

  private count(kind: PlanViewUnit['kind']): number {
    return this.plan.units.filter((u) => u.kind === kind).length;
  }

  private renderTotal(): HTMLElement {
    const p = this.plan;
    const l = this.locale;
    const section = el(
      'section',
      { class: 'cost', 'aria-labelledby': 'cost-heading' },
      el('h2', { id: 'cost-heading' }, 'Cost'),
    );
    const headline = p.changes ? formatCredits(p.total.credits, l) : 'No changes';
    const unanswered = p.orders.filter((o) => o.kind === 'uncertain').length;
    section.append(el('p', { class: 'headline', 'data-testid': 'plan-total' }, headline));
    const counts = COUNTED.filter((k) => this.count(k) > 0).map((k) => `${this.count(k)} ${COUNT_WORDS[k]}`);
    section.append(
      el(
        'p',
        { class: 'headline-caption', 'data-testid': 'plan-counts' },
        p.changes
          ? counts.join(', ')
          : unanswered > 0
            ? `Nothing to buy or create; ${counted(unanswered, 'order')} of ${p.file} may exist already (see Tasking orders).`
            : `The folders hold everything ${p.file} declares${this.count('unavailable') > 0 ? ' that the service makes' : ''}${counts.length ? ` (${counts.join(', ')})` : ''}.`,
      ),
    );
    const money = (v: number) => formatMoney(v, p.currency ?? 'EUR', l);
    const facts = el(
      'dl',
      { class: 'facts' },
      ...fact('Images', formatCredits(p.total.credits, l), 'plan-credits'),
      ...(p.orders.some((o) => o.kind === 'create')
        ? [
            ...fact('New orders, this month', money(p.total.euroThisMonth), 'plan-euro-this-month'),
            ...fact('New orders, next month', money(p.total.euroPerMonth), 'plan-euro-per-month'),
          ]
        : []),
      ...fact(
        'Balance',
        p.balance.credits !== undefined ? formatCredits(p.balance.credits, l) : `${NOT_GIVEN} (not compared)`,
        'plan-balance',
      ),
      ...fact('Budget of the file', this.budgetText(), 'plan-budget'),
      ...(p.month ? fact(`This month (${p.month.month})`, this.monthText(p.month), 'plan-month') : []),
    );
    section.append(facts);
    return section;
  }

  /** "120 credits spent, 300 credits cap, 80 credits left after this plan (2 deferred: 100 credits)". */
  private monthText(m: NonNullable<PlanView['month']>): string {
    const l = this.locale;
    const deferred = this.count('deferred');
    return [
      `${formatCredits(m.spentCredits, l)} spent of the cap of ${formatCredits(m.maxCredits, l)}`,
      `${formatCredits(m.leftCredits, l)} left after this plan`,
      ...(deferred > 0 ? [`${counted(deferred, 'image')} deferred (${formatCredits(m.deferredCredits, l)})`] : []),
    ].join('; ');
  }

  private budgetText(): string {
    const b = this.plan.budget;
    const parts = [
      b?.maxCredits !== undefined ? formatCredits(b.maxCredits, this.locale) : undefined,
      b?.maxCreditsPerMonth !== undefined
        ? `${formatCredits(b.maxCreditsPerMonth, this.locale)} a month for images`
        : undefined,
      b?.maxEuroPerMonth !== undefined
        ? `${formatMoney(b.maxEuroPerMonth, 'EUR', this.locale)} a month for orders`
        : undefined,
    ].filter((x): x is string => x !== undefined);
    return parts.length ? parts.join(', ') : 'none set';
  }

  private renderUnits(): HTMLElement {
    const rows = this.plan.units.map((u, i) =>
      el(
        'tr',
        { class: `unit-${u.kind}`, 'data-testid': `unit-${i}` },
        el('td', { class: 'kind-cell' }, UNIT_WORDS[u.kind]),
        el('td', {}, u.dataset),
        el('td', {}, u.area),
        el('td', { class: 'date' }, u.date),
        el(
          'td',
          { class: 'num' },
          BUYING.has(u.kind) || u.kind === 'uncertain' || u.kind === 'deferred'
            ? formatCredits(u.credits, this.locale)
            : '',
        ),
        el('td', { class: 'why' }, unitNote(u)),
      ),
    );
    const table = el(
      'table',
      { class: 'plan-table' },
      el('caption', {}, `${counted(this.plan.units.length, 'image')} the file declares or the folders hold`),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...['What', 'Dataset', 'Area', 'Date', 'Credits', 'Note'].map((h) => el('th', { scope: 'col' }, h)),
        ),
      ),
      el('tbody', {}, ...rows),
    );
    return el(
      'section',
      { class: 'plan-units', 'aria-labelledby': 'units-heading' },
      el('h2', { id: 'units-heading' }, 'Images'),
      table,
    );
  }

  private renderOrders(): HTMLElement {
    const l = this.locale;
    const rows = this.plan.orders.map((o, i) =>
      el(
        'tr',
        { class: `order-${o.kind}`, 'data-testid': `order-${i}` },
        el('td', { class: 'kind-cell' }, ORDER_WORDS[o.kind]),
        el('td', {}, o.order),
        el('td', {}, o.area),
        el(
          'td',
          { class: 'num' },
          o.kind === 'create'
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
              : o.notPricedYet
                ? `Not priced yet: ${o.notPricedYet}.`
                : (o.guid ?? ''),
          ...(o.kind === 'uncertain' ? [this.forgetButton(o.order, i)] : []),
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
      { class: 'plan-orders', 'aria-labelledby': 'orders-heading' },
      el('h2', { id: 'orders-heading' }, 'Tasking orders'),
      table,
    );
  }

  /** Forget… on an uncertain order: the host asks in a modal, then takes it out of the lock. */
  private forgetButton(order: string, index: number): HTMLElement {
    const button = custom(
      'vscode-button',
      { secondary: '', class: 'cell-action', 'data-testid': `forget-${index}` },
      'Forget…',
    );
    if (this.readOnly) button.setAttribute('disabled', '');
    button.addEventListener('click', () => {
      if (this.busy || button.hasAttribute('disabled')) return;
      this.setBusy(`Forgetting order ${order}…`);
      this.post({ type: 'forget', order });
    });
    return button;
  }

  private renderActions(): HTMLElement {
    const apply = custom('vscode-button', { 'data-testid': 'apply' }, 'Apply…');
    const close = custom('vscode-button', { secondary: '', 'data-testid': 'cancel' }, 'Close');
    apply.addEventListener('click', () => {
      if (this.busy || apply.hasAttribute('disabled')) return;
      this.setBusy('Applying…');
      this.post({ type: 'apply', resendUncertain: this.resend });
    });
    close.addEventListener('click', () => this.post({ type: 'cancel' }));
    const row = el('div', { class: 'row' }, apply, close);
    const footer = el('footer', { class: 'actions' });
    const uncertain = this.count('uncertain');
    if (uncertain > 0) {
      const box = custom(
        'vscode-checkbox',
        { 'data-testid': 'resend-uncertain' },
        `Also send the ${counted(uncertain, 'uncertain image')} again: each may have been charged already, and sending it again may charge it twice`,
      );
      box.addEventListener('change', () => {
        this.resend = (box as HTMLElement & { checked: boolean }).checked;
        this.sync();
      });
      footer.append(box);
    }
    footer.append(row, el('p', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-testid': 'status' }));
    return footer;
  }

  /** Apply… only with something to do and nothing that stops it. */
  private sync(): void {
    const p = this.plan;
    const apply = this.root.querySelector<HTMLElement>('[data-testid="apply"]');
    const something = p.applicable || (this.resend && this.count('uncertain') > 0);
    apply?.toggleAttribute('disabled', this.readOnly || this.busy || p.stops.length > 0 || !something);
    if (apply) apply.textContent = p.applicable ? `Apply… (${formatCredits(p.total.credits, this.locale)})` : 'Apply…';
    this.report();
  }

  /** The text of every data-testid element, for the host's tests (as the estimate page does). */
  private report(): void {
    const texts: Record<string, string> = {};
    for (const element of this.root.querySelectorAll('[data-testid]')) {
      const id = element.getAttribute('data-testid') ?? '';
      texts[id] = (element.textContent ?? '').trim().slice(0, REPORT_TEXT_LIMIT);
      if (element.hasAttribute('disabled')) texts[`${id}:disabled`] = 'true';
    }
    this.post({ type: 'rendered', texts });
  }
}
