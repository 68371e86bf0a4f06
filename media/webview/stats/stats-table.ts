// The table beside the chart: the selected fields' rows for the index shown, every statistic the
// long table has (field, date, index, mean, median, std, p10..p90, valid fraction). A date with
// little valid area is faded and marked as it is on the chart.
import { el } from '../common/dom';
import { formatStat, stat } from './chart-model';
import type { TableLine } from './chart-model';
import type { PackedTable, StatColumn } from '../../../src/ui/webview/stats/protocol';

const SHOWN: StatColumn[] = ['mean', 'median', 'std', 'p10', 'p25', 'p75', 'p90', 'valid_fraction'];
const HEADINGS: Record<string, string> = { valid_fraction: 'valid' };

export function renderTable(
  table: PackedTable,
  lines: readonly TableLine[],
  onOpen: (line: TableLine) => void,
  /** `field|date` of the row a Field alerts row asked for: marked. */
  focused?: string,
): HTMLElement {
  const head = el(
    'tr',
    {},
    ...['field', 'date', 'index', ...SHOWN].map((c) => el('th', { scope: 'col' }, HEADINGS[c] ?? c)),
  );
  const body = el('tbody');
  for (const line of lines) {
    const open = el(
      'button',
      { type: 'button', class: 'stats-link', title: `Open the image of ${line.date} with ${line.field} outlined` },
      line.date,
    );
    open.addEventListener('click', () => onOpen(line));
    body.append(
      el(
        'tr',
        {
          class: [line.faded ? 'stats-faded' : '', focused === `${line.field}|${line.date}` ? 'stats-focus' : '']
            .join(' ')
            .trim(),
          'data-row': `${line.field}|${line.date}`,
        },
        el('td', {}, line.field),
        el(
          'td',
          {},
          open,
          line.faded
            ? el('span', { class: 'stats-mark', title: 'Little valid area in the field on this date' }, ' ○')
            : '',
        ),
        el('td', {}, line.index),
        ...SHOWN.map((c) => el('td', { class: 'num' }, formatStat(stat(table, line.row, c), c))),
      ),
    );
  }
  return el('table', { class: 'stats-table', 'data-testid': 'stats-table' }, el('thead', {}, head), body);
}
