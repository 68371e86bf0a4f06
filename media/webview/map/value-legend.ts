// The legend of the fields coloured by their latest value: which index and statistic, of which
// date (or span of dates, when fields' latest values are of different days), the ramp from the
// lowest to the highest value with both written under it, the table they come from, and how many
// fields have no value. Text in the theme's colours; the ramp's colours are the data's own.
import { el } from '../common/dom';
import type { FieldValuesMessage } from '../../../src/ui/webview/map/protocol';

type Legend = NonNullable<FieldValuesMessage['legend']>;

export function renderValueLegend(container: HTMLElement, legend: Legend | undefined): void {
  if (!legend) {
    container.replaceChildren();
    container.hidden = true;
    return;
  }
  const when = legend.firstDate === legend.lastDate ? legend.firstDate : `${legend.firstDate} – ${legend.lastDate}`;
  const ramp = el('div', {
    class: 'map-values-ramp',
    role: 'img',
    'aria-label': `Colour ramp from ${legend.minText} to ${legend.maxText}`,
    'data-testid': 'map-values-ramp',
  });
  // Set through the style object, not an attribute: the page's CSP allows no inline style text.
  ramp.style.background = `linear-gradient(to right, ${legend.stops.join(', ')})`;
  const ends = el(
    'div',
    { class: 'map-values-ends' },
    el('span', { 'data-testid': 'map-values-min' }, legend.minText),
    el('span', { 'data-testid': 'map-values-max' }, legend.maxText),
  );
  const parts: HTMLElement[] = [
    el('h2', {}, `Latest ${legend.index} ${legend.statistic}`),
    el('p', { class: 'map-values-date', 'data-testid': 'map-values-date' }, when),
    ramp,
    ends,
    el('p', { class: 'map-values-source' }, `From ${legend.table}`),
  ];
  if (legend.withoutValue > 0)
    parts.push(
      el(
        'p',
        { class: 'map-values-source' },
        `${legend.withoutValue} field${legend.withoutValue === 1 ? '' : 's'} without a value (dashed)`,
      ),
    );
  container.replaceChildren(...parts);
  container.hidden = false;
}
