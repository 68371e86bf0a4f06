// The cheapest-cover comparison: the polygon order and the tile order the service proposes, side
// by side with their price now, per month and billed area, each with a map of what it covers, and
// a choice of one. Proceed creates the chosen one.
import type { OrderEstimateModel } from '../../../src/ui/webview/estimate/protocol';
import { el } from '../common/dom';
import { formatArea, formatMoney } from '../../../src/common/format';
import type { Locale } from '../../../src/common/format';
import type { MapInput } from './map-view';

type Cover = NonNullable<OrderEstimateModel['covers']>[number];

/** `mapOf` makes the map of one cover (the page keeps it, to build it after the text). */
export function renderCovers(
  model: OrderEstimateModel,
  locale: Locale,
  chosen: Cover['id'],
  choose: (id: Cover['id']) => void,
  readOnly: boolean,
  mapOf: (input: MapInput, testId: string) => HTMLElement | undefined,
): HTMLElement | undefined {
  const covers = model.covers;
  if (!covers || covers.length < 2) return undefined;
  const cheapestNow = Math.min(...covers.map((c) => c.perMonth ?? Infinity));
  const column = (cover: Cover) => {
    const money = (value: number | undefined) => formatMoney(value, cover.currency, locale);
    const input = el('input', {
      type: 'radio',
      name: 'cover',
      value: cover.id,
      id: `cover-${cover.id}`,
      'data-testid': `cover-pick-${cover.id}`,
    });
    input.checked = cover.id === chosen;
    input.disabled = readOnly;
    input.addEventListener('change', () => choose(cover.id));
    const map = mapOf(
      {
        polygons: model.aoi?.polygons ?? [],
        billedBoxes: cover.id === 'polygon' ? (model.aoi?.billedBoxes ?? []) : [],
        tiles: cover.footprints,
      },
      `cover-map-${cover.id}`,
    );
    const units =
      cover.id === 'tiles'
        ? `${cover.tiles} tiles, ${cover.miniTiles} mini-tiles`
        : 'each polygon billed as its bounding box';
    return el(
      'div',
      { class: `cover${cover.id === chosen ? ' chosen' : ''}`, 'data-testid': `cover-${cover.id}` },
      el(
        'label',
        { for: `cover-${cover.id}`, class: 'cover-label' },
        input,
        ` ${cover.label}${cover.perMonth === cheapestNow ? ' (cheaper per month)' : ''}`,
      ),
      el(
        'dl',
        { class: 'facts' },
        el('dt', {}, 'Price now'),
        el('dd', { 'data-testid': `cover-${cover.id}-now` }, money(cover.currentMonth)),
        el('dt', {}, 'Per month'),
        el('dd', { 'data-testid': `cover-${cover.id}-per-month` }, money(cover.perMonth)),
        el('dt', {}, 'Billed'),
        el('dd', { 'data-testid': `cover-${cover.id}-billed` }, formatArea(cover.billedKm2, locale)),
        el('dt', {}, 'Ordered as'),
        el('dd', {}, units),
      ),
      ...(map ? [el('figure', {}, map)] : []),
    );
  };
  return el(
    'section',
    { class: 'covers', 'aria-labelledby': 'covers-heading', 'data-testid': 'covers' },
    el('h2', { id: 'covers-heading' }, 'Cheapest cover: polygon or tiles'),
    el('p', { 'data-testid': 'covers-intro' }, coversIntro(covers, locale)),
    el('div', { class: 'cover-row' }, ...covers.map(column)),
  );
}

/** Which cover is cheaper, said as it is: for a small field the service's tiles often cost more. */
function coversIntro(covers: readonly Cover[], locale: Locale): string {
  const polygon = covers.find((c) => c.id === 'polygon');
  const tiles = covers.find((c) => c.id === 'tiles');
  const rate = 'Tiles bill at a lower rate per km², but cover more than the drawn area';
  if (polygon?.perMonth === undefined || tiles?.perMonth === undefined)
    return `The service proposes the tiles below to cover the area. ${rate}. Pick the order to place.`;
  const areas = `${formatArea(tiles.billedKm2, locale)} against ${formatArea(polygon.billedKm2, locale)}`;
  if (tiles.perMonth < polygon.perMonth)
    return `The tiles the service proposes cover the area for less per month than the polygon order. ${rate} (${areas}). Pick the order to place.`;
  return `The tiles the service proposes cost more per month than the polygon order here: ${rate.charAt(0).toLowerCase()}${rate.slice(1)} (${areas}). Pick the order to place.`;
}
