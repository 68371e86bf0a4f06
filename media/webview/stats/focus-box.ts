// The box above the chart when a Field alerts row opened the panel: the field and date in words,
// its value there, why it was flagged, and a button that opens that date's image with the field
// outlined (the same request a point of the chart makes). Hidden until a focus arrives.
import { el } from '../common/dom';
import { formatStat, stat } from './chart-model';
import type { IndexView } from './chart-model';
import type { PackedTable, StatsFocusMessage } from '../../../src/ui/webview/stats/protocol';

export interface Focus {
  field: number;
  date: number;
  note: string | undefined;
}

export class FocusBox {
  readonly element = el('div', { class: 'stats-focus-box', role: 'status', hidden: '' });

  constructor(private readonly onOpen: (row: number) => void) {}

  show(table: PackedTable, view: IndexView, focus: Focus | undefined, asked: StatsFocusMessage): void {
    const index = table.indices[view.index] ?? '';
    if (!focus) {
      this.element.replaceChildren(
        el('p', { 'data-testid': 'focus-text' }, `${asked.field} on ${asked.date} is not in this table.`),
      );
      this.element.hidden = false;
      return;
    }
    const field = table.fields[focus.field] as string;
    const date = table.dates[focus.date] as string;
    const row = view.rowAt[focus.field * view.dateCount + focus.date] as number;
    const value =
      row >= 0
        ? `${index} median ${formatStat(stat(table, row, 'median'), 'median')}, mean ${formatStat(stat(table, row, 'mean'), 'mean')}, ${formatStat(stat(table, row, 'valid_fraction'), 'valid_fraction')} of the field valid`
        : `no ${index} row`;
    const parts: HTMLElement[] = [el('p', { 'data-testid': 'focus-text' }, `${field} on ${date}: ${value}`)];
    if (focus.note) parts.push(el('p', { class: 'stats-focus-note', 'data-testid': 'focus-note' }, focus.note));
    if (row >= 0) {
      const open = el(
        'button',
        { type: 'button', 'data-testid': 'focus-open' },
        `Open the image of ${date} with ${field} outlined`,
      );
      open.addEventListener('click', () => this.onOpen(row));
      parts.push(open);
    }
    this.element.replaceChildren(...parts);
    this.element.hidden = false;
  }
}
