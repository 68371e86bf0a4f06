// The Show on Map page's fixed parts: the heading, the banner (parse problem or empty-file hint),
// the map, and a side column with the legend, the key of colours and the layer list.
import { el } from '../common/dom';

export interface PageParts {
  root: HTMLElement;
  title: HTMLElement;
  banner: HTMLElement;
  map: HTMLElement;
  legend: HTMLElement;
  layers: HTMLElement;
  key: HTMLElement;
  /** The ramp of the fields' latest values or changes (empty while no table colours them). */
  values: HTMLElement;
}

export function pageSkeleton(root: HTMLElement): PageParts {
  const title = el('h1', { 'data-testid': 'map-title' });
  const banner = el('p', { class: 'map-banner', role: 'status', 'data-testid': 'map-banner' });
  banner.hidden = true;
  const map = el('div', {
    class: 'map-canvas',
    'data-testid': 'map-canvas',
    // A region, not an image: the map's controls inside it take the focus.
    role: 'region',
    'aria-roledescription': 'map',
    'aria-label': 'Map of the area of interest',
  });
  const legend = el('p', { class: 'map-legend', 'data-testid': 'map-legend' });
  const layers = el('div', { class: 'map-layer-list', 'data-testid': 'map-layers' });
  const key = el('div', { class: 'map-key-list', 'data-testid': 'map-key' });
  const values = el('div', { class: 'map-values', 'data-testid': 'map-values' });
  values.hidden = true;
  const side = el(
    'aside',
    { class: 'map-side' },
    legend,
    values,
    el('h2', {}, 'Key'),
    key,
    el('h2', {}, 'Layers'),
    layers,
  );
  root.classList.add('map-page');
  root.replaceChildren(title, banner, el('div', { class: 'map-body' }, map, side));
  root.setAttribute('aria-busy', 'false');
  return { root, title, banner, map, legend, layers, key, values };
}
