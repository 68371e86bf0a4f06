// The cost block: what the decision costs, as large as the page makes anything, with the figures
// of the kind behind it. Credits for a composite; order and storage amounts for this month and next
// month for an order; the selection count for tiles. The plan below it (plan-table.ts) lists the
// units and the orders, the balance and the budget, as every plan does.
import type { AutomaticOrderPrice, EstimateModel } from '../../../src/ui/webview/estimate/protocol';
import { el, fact } from '../common/dom';
import { formatArea, formatCredits, formatMoney, NOT_GIVEN } from '../../../src/common/format';
import type { Locale } from '../../../src/common/format';
import { compositeFacts } from '../../../src/common/estimate-facts';
import { cancellationTerms } from '../../../src/common/cancellation-terms';
import { billedAreaKm2, currentMonthTotal, nextMonthTotal } from './warnings';

export function renderCost(model: EstimateModel, locale: Locale, now: Date): HTMLElement {
  const heading = model.kind === 'tiles' ? 'Selection' : 'Cost';
  const section = el(
    'section',
    { class: 'cost', 'aria-labelledby': 'cost-heading' },
    el('h2', { id: 'cost-heading' }, heading),
  );
  const facts = el('dl', { class: 'facts' });
  if (model.kind === 'composite') {
    section.append(el('p', { class: 'headline', 'data-testid': 'credits' }, formatCredits(model.credits, locale)));
    facts.append(...compositeFacts(model, locale).flatMap((f) => fact(f.label, f.value, f.id)));
  } else if (model.kind === 'order') {
    const money = (value: number | undefined) => formatMoney(value, model.currency, locale);
    section.append(
      el('p', { class: 'headline', 'data-testid': 'current-month' }, money(currentMonthTotal(model))),
      el('p', { class: 'headline-caption' }, 'this month, order and storage together'),
      el(
        'p',
        { class: 'headline-caption', 'data-testid': 'per-month' },
        `then ${money(nextMonthTotal(model))} per month`,
      ),
    );
    if (model.caveat) section.append(el('p', { class: 'caveat', role: 'note', 'data-testid': 'caveat' }, model.caveat));
    if (model.cadence) {
      const c = model.cadence;
      facts.append(
        ...fact(
          'Image frequency',
          c.imageFrequency === 1 ? 'an image every day' : `an image every ${c.imageFrequency} days`,
          'cadence-image-frequency',
        ),
        ...fact('Storage', `${c.storageMonths} month${c.storageMonths === 1 ? '' : 's'}`, 'cadence-storage-months'),
        ...fact('API requests', String(c.apiRequests), 'cadence-api-requests'),
      );
      if (c.referenceDate) facts.append(...fact('Cadence counted from', c.referenceDate, 'cadence-reference-date'));
    }
    const row = (
      label: string,
      order: number | undefined,
      storage: number | undefined,
      total: number | undefined,
      id: string,
    ) =>
      el(
        'tr',
        {},
        el('th', { scope: 'row' }, label),
        el('td', { 'data-testid': `${id}-order` }, money(order)),
        el('td', { 'data-testid': `${id}-storage` }, money(storage)),
        el('td', { 'data-testid': `${id}-total`, class: 'total' }, money(total)),
      );
    section.append(
      el(
        'table',
        { class: 'amounts' },
        el('caption', { 'data-testid': 'currency' }, `Amounts in ${model.currency}`),
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            el('td', {}),
            el('th', { scope: 'col' }, 'Order'),
            el('th', { scope: 'col' }, 'Storage'),
            el('th', { scope: 'col' }, 'Total'),
          ),
        ),
        el(
          'tbody',
          {},
          row(
            'This month',
            model.currentMonthOrder,
            model.currentMonthStorage,
            currentMonthTotal(model),
            'current-month',
          ),
          row('Next month', model.nextMonthOrder, model.nextMonthStorage, nextMonthTotal(model), 'next-month'),
        ),
      ),
    );
    facts.append(
      ...fact(
        'Renewal',
        model.recurring ? 'Every month until cancelled' : 'None: the order has an end date',
        'renewal',
      ),
    );
    for (const term of cancellationTerms(model, locale, now))
      facts.append(...fact(term.label, term.value, term.id, term.strong ? 'strong' : ''));
  } else {
    section.append(el('p', { class: 'headline', 'data-testid': 'tile-count' }, ''));
  }
  if (facts.childElementCount) section.append(facts);
  // After the image's own figures: the second price, in its own currency.
  if (model.kind === 'composite' && model.automaticOrder)
    section.append(renderAutomaticOrder(model.automaticOrder, locale));
  return section;
}

/** AutomaticOrderCreation: the order the service may create, priced beside the image. */
function renderAutomaticOrder(order: AutomaticOrderPrice, locale: Locale): HTMLElement {
  const money = (value: number | undefined) => formatMoney(value, order.currency, locale);
  return el(
    'div',
    { class: 'automatic-order', 'data-testid': 'automatic-order' },
    el('h3', {}, 'And the tasking order the service creates'),
    el('p', { class: 'headline', 'data-testid': 'automatic-order-current-month' }, money(order.currentMonth)),
    el('p', { class: 'headline-caption' }, 'this month, charged from the order balance'),
    el(
      'p',
      { class: 'headline-caption', 'data-testid': 'automatic-order-per-month' },
      `then ${money(order.perMonth)} per month while it runs`,
    ),
    el('p', { 'data-testid': 'automatic-order-note' }, order.note),
    el('p', { class: 'caveat', role: 'note', 'data-testid': 'automatic-order-caveat' }, order.caveat),
  );
}

export function renderAreaFacts(model: EstimateModel, locale: Locale): HTMLElement {
  const billed = billedAreaKm2(model);
  const drawn = model.aoi?.areaKm2;
  const facts = el(
    'dl',
    { class: 'facts' },
    ...fact('Requested (drawn)', formatArea(drawn, locale), 'requested-area'),
    ...fact('Billed', formatArea(billed, locale), 'billed-area', 'strong'),
  );
  if (drawn && billed !== undefined) {
    facts.append(...fact('Billed ÷ drawn', `${(billed / drawn).toFixed(1)}×`, 'area-ratio'));
  }
  if (model.aoi) facts.append(...fact('Polygons', String(model.aoi.polygons.length), 'polygon-count'));
  return facts.childElementCount ? facts : el('p', {}, NOT_GIVEN);
}
