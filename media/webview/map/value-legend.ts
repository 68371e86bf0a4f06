// The legend of the fields coloured from a statistics table: what the colours say (a choice: the
// latest value, or the change since the previous valid date), which index and statistic, of which
// date (or span of dates, when fields' latest values are of different days), the ramp with its
// ends written under it (and, for a change, "no change" in its middle), the table they come from,
// how many fields have no value, and for a change every field's figures as text. Text in the
// theme's colours; the ramp's colours are the data's own.
import { el } from '../common/dom';
import type { FieldColouring, FieldValuesMessage } from '../../../src/ui/webview/map/protocol';

type Legend = NonNullable<FieldValuesMessage['legend']>;

/** The choice of what the colours say; `onChoose` tells the host. */
function colourChoice(current: FieldColouring, onChoose: (by: FieldColouring) => void): HTMLElement {
  const select = el('select', { 'aria-label': 'Colour the fields by', 'data-testid': 'map-colour-by' });
  select.append(
    el('option', { value: 'latest' }, 'Latest value'),
    el('option', { value: 'change' }, 'Change since the previous valid date'),
  );
  select.value = current;
  select.addEventListener('change', () => onChoose(select.value as FieldColouring));
  return el('label', { class: 'map-values-choice' }, 'Colour fields by ', select);
}

export function renderValueLegend(
  container: HTMLElement,
  legend: Legend | undefined,
  onChoose: (by: FieldColouring) => void,
): void {
  if (!legend) {
    container.replaceChildren();
    container.hidden = true;
    return;
  }
  const mode = legend.mode ?? 'latest';
  const when = legend.firstDate === legend.lastDate ? legend.firstDate : `${legend.firstDate} – ${legend.lastDate}`;
  const ramp = el('div', {
    class: 'map-values-ramp',
    role: 'img',
    'aria-label': `Colour ramp from ${legend.minText}${legend.midText ? ` through ${legend.midText}` : ''} to ${legend.maxText}`,
    'data-testid': 'map-values-ramp',
  });
  // Set through the style object, not an attribute: the page's CSP allows no inline style text.
  ramp.style.background = `linear-gradient(to right, ${legend.stops.join(', ')})`;
  const ends = el(
    'div',
    { class: 'map-values-ends' },
    el('span', { 'data-testid': 'map-values-min' }, legend.minText),
    ...(legend.midText ? [el('span', { 'data-testid': 'map-values-mid' }, legend.midText)] : []),
    el('span', { 'data-testid': 'map-values-max' }, legend.maxText),
  );
  const heading =
    mode === 'change'
      ? `Change in ${legend.index} ${legend.statistic} since the previous valid date`
      : `Latest ${legend.index} ${legend.statistic}`;
  const parts: HTMLElement[] = [
    colourChoice(mode, onChoose),
    el('h2', { 'data-testid': 'map-values-heading' }, heading),
    el(
      'p',
      { class: 'map-values-date', 'data-testid': 'map-values-date' },
      mode === 'change' ? `Latest: ${when}` : when,
    ),
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
  if (legend.lines && legend.lines.length > 0)
    parts.push(
      el(
        'details',
        { class: 'map-values-text' },
        el('summary', {}, 'The fields as text'),
        el('ul', { 'data-testid': 'map-values-lines' }, ...legend.lines.map((line) => el('li', {}, line))),
      ),
    );
  // The legend is drawn again after each choice: the keyboard's focus stays on the choice (a
  // choice made with the arrow keys left it on the page's body, Tab starting again from the top).
  const choosing = document.activeElement?.matches('[data-testid="map-colour-by"]') ?? false;
  container.replaceChildren(...parts);
  container.hidden = false;
  if (choosing) container.querySelector<HTMLElement>('[data-testid="map-colour-by"]')?.focus();
}
