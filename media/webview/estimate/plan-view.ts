// The page of an imagery file's plan (the Plan code lens): its summary after an apply, the plan as
// every cost panel shows one (plan-table.ts) with the total and its counts on top, then Apply….
// Uncertain units may have been charged already: they are re-sent only when the person ticks the
// box that says so.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import type { PlanView, WebviewMessage } from '../../../src/ui/webview/estimate/protocol';
import { counted, formatCredits } from '../../../src/common/format';
import type { Locale } from '../../../src/common/format';
import { custom, el } from '../common/dom';
import { countOf, planCounts, renderPlan } from './plan-table';

const REPORT_TEXT_LIMIT = 4000;

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
    parts.push(
      ...renderPlan(p, {
        locale: this.locale,
        heading: 'Cost',
        headline: this.headline(),
        caption: `${counted(p.units.length, 'image')} the file declares or the folders hold`,
        forget: (order, i) => this.forgetButton(order, i),
      }),
    );
    // What apply does to the declared field tables, in the command line's plan's words.
    if (p.tables?.length)
      parts.push(
        el(
          'section',
          { class: 'plan-notes', 'aria-label': 'Field tables', 'data-testid': 'plan-tables' },
          el('ul', {}, ...p.tables.map((line, i) => el('li', { 'data-testid': `plan-table-${i}` }, line))),
        ),
      );
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

  /** The total, or "No changes", and what it is made of. */
  private headline(): HTMLElement[] {
    const p = this.plan;
    const unanswered = p.orders.filter((o) => o.kind === 'uncertain').length;
    const counts = planCounts(p);
    const unavailable = countOf(p, 'unavailable') > 0;
    return [
      el(
        'p',
        { class: 'headline', 'data-testid': 'plan-total' },
        p.changes ? formatCredits(p.total.credits, this.locale) : 'No changes',
      ),
      el(
        'p',
        { class: 'headline-caption', 'data-testid': 'plan-counts' },
        p.changes
          ? counts.join(', ')
          : unanswered > 0
            ? `Nothing to buy or create; ${counted(unanswered, 'order')} of ${p.file} may exist already (see Tasking orders).`
            : `The folders hold everything ${p.file} declares${unavailable ? ' that the service makes' : ''}${counts.length ? ` (${counts.join(', ')})` : ''}.`,
      ),
    ];
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
    const uncertain = countOf(this.plan, 'uncertain');
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
    const something = p.applicable || (this.resend && countOf(this.plan, 'uncertain') > 0);
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
