// The toolbar's series controls: previous date, the date shown (and its place among the dates),
// next date. The buttons at either end are disabled; the keys [ and ] do the same on the image.
import type { ShowViewerMessage } from '../../../src/ui/webview/viewer/protocol';
import { el } from '../common/dom';

type Series = NonNullable<ShowViewerMessage['series']>;

export function seriesNavigation(series: Series, step: (direction: -1 | 1) => void): HTMLElement {
  const { dates, index } = series;
  const button = (direction: -1 | 1, label: string, title: string) => {
    const neighbour = dates[index + direction];
    const b = el(
      'button',
      {
        type: 'button',
        title: neighbour ? `${title}: ${neighbour} (${direction < 0 ? '[' : ']'})` : title,
        'aria-label': title,
        'data-testid': direction < 0 ? 'series-previous' : 'series-next',
      },
      label,
    );
    if (neighbour === undefined) b.disabled = true;
    b.addEventListener('click', () => step(direction));
    return b;
  };
  return el(
    'div',
    { class: 'series-nav', role: 'group', 'aria-label': 'Dates of the series' },
    button(-1, '◀', 'Previous date'),
    el(
      'span',
      { class: 'series-date', 'data-testid': 'series-date', 'aria-live': 'polite' },
      `${dates[index] ?? ''} · ${index + 1} of ${dates.length}`,
    ),
    button(1, '▶', 'Next date'),
  );
}
