// The field statistics page (bundled by esbuild.mjs into dist/stats.js). The host sends `show`
// (the long table, packed); the page draws one line per field found by the search, the selected
// fields in colour (their median) with their p25–p75 band, faded points where little of the field was valid, by
// date or by day of year (seasons laid over each other), and the selected fields' rows in a table
// beside it, or under it when beside it would cut a column off (table-placement.ts). A click on a point (or a date in the table) asks the host to open that image with the
// field outlined; the exports are written by the host.
import type { MessageSchema } from '../../../src/ui/webview/common/messages';
import { statsHostSchema } from '../../../src/ui/webview/stats/protocol';
import type {
  StatsFocusMessage,
  StatsHostMessage,
  StatsPageMessage,
  StatsShowMessage,
} from '../../../src/ui/webview/stats/protocol';
import { connectToHost } from '../common/host-channel';
import { closeDisclosuresOnEscape } from '../common/escape-closes';
import { returnFocusAfterDialogs } from '../common/focus-return';
import { el } from '../common/dom';
import { BANDS_BY_DATE, BANDS_BY_DAY, bandsShown, ChartCanvas, seriesStyle } from './chart-canvas';
import { swatchElement } from './markers';
import type { SwatchStyle } from './markers';
import type { ChartMode } from './chart-canvas';
import { defaultSelection, indexView, searchFields, seasons, styleSlots, tableLines } from './chart-model';
import type { IndexView, TableLine } from './chart-model';
import { FieldList } from './field-list';
import { FocusBox } from './focus-box';
import type { Focus } from './focus-box';
import { renderTable } from './stats-table';
import { TablePlacement } from './table-placement';

const root = document.getElementById('app') as HTMLElement;
let page: StatsPage | undefined;

const host = connectToHost<StatsHostMessage, StatsPageMessage>({
  name: 'Field statistics page',
  hostMessages: statsHostSchema as MessageSchema<StatsHostMessage>,
  onMessage: (message) => {
    switch (message.type) {
      case 'show':
        page = new StatsPage(message);
        return;
      case 'exported':
        page?.exported(message.what, message.file, message.error);
        return;
      case 'drawPng':
        if (page) host.post({ type: 'png', dataUrl: page.pngDataUrl(), inReplyTo: message.requestId });
        return;
      case 'act':
        page?.act(message);
        return;
      case 'focus':
        page?.focus(message);
        return;
    }
  },
});

class StatsPage {
  private view: IndexView;
  private mode: ChartMode = 'time';
  private threshold: number;
  private query = '';
  private found: number[];
  private selected: number[];
  private slots = new Map<number, number>();
  private readonly chart: ChartCanvas;
  private readonly list: FieldList;
  private readonly tableHost = el('div', { class: 'stats-table-host' });
  private readonly placement: TablePlacement;
  private readonly legend = el('div', { class: 'stats-legend', 'data-testid': 'legend' });
  private readonly status = el('p', { class: 'stats-status', 'data-testid': 'status', 'aria-live': 'polite' });
  private readonly modeSelect: HTMLSelectElement;
  private readonly indexSelect: HTMLSelectElement;
  private frame = 0;
  private lastDrawMs = 0;
  /** The field and date a Field alerts row asked for (focus), marked on the chart and in the table. */
  private focused: Focus | undefined;
  private readonly focusBox = new FocusBox((row) => this.open(row));

  constructor(private readonly show: StatsShowMessage) {
    const { table } = show;
    this.threshold = show.validThreshold;
    this.view = indexView(table, 0);
    this.found = searchFields(table.fields, '');
    this.selected = defaultSelection(table.fields.length);
    this.indexSelect = el('select', { 'aria-label': 'Index', 'data-testid': 'index' });
    for (const name of table.indices) this.indexSelect.append(el('option', { value: name }, name));
    this.indexSelect.addEventListener('change', () => this.setIndex(this.indexSelect.value));
    this.modeSelect = el('select', { 'aria-label': 'Horizontal axis', 'data-testid': 'mode' });
    this.modeSelect.append(
      el('option', { value: 'time' }, 'By date'),
      el('option', { value: 'doy' }, 'By day of year (seasons overlaid)'),
    );
    this.modeSelect.addEventListener('change', () => this.setMode(this.modeSelect.value as ChartMode));
    const thresholdSelect = el('select', {
      'aria-label': 'Fade dates with less valid area than',
      'data-testid': 'threshold',
    });
    for (const t of [0.25, 0.5, 0.75, 0.9]) thresholdSelect.append(el('option', { value: String(t) }, `${t * 100} %`));
    if (![0.25, 0.5, 0.75, 0.9].includes(this.threshold))
      thresholdSelect.append(el('option', { value: String(this.threshold) }, `${Math.round(this.threshold * 100)} %`));
    thresholdSelect.value = String(this.threshold);
    thresholdSelect.addEventListener('change', () => {
      this.threshold = Number(thresholdSelect.value);
      this.redraw();
    });
    const button = (label: string, title: string, testId: string, action: () => void) => {
      const b = el('button', { type: 'button', title, 'data-testid': testId }, label);
      b.addEventListener('click', action);
      return b;
    };
    const toolbar = el(
      'div',
      { class: 'stats-toolbar' },
      el('label', {}, 'Index ', this.indexSelect),
      el('label', {}, 'View ', this.modeSelect),
      el(
        'label',
        {
          title:
            'A date on which less of the field than this held valid pixels is drawn hollow and faded, and marked ○ in the table',
        },
        'Fade below ',
        thresholdSelect,
        ' valid',
      ),
      button('Export CSV…', 'Save the long table (every field, date and index) as CSV', 'export-csv', () =>
        host.post({ type: 'exportCsv' }),
      ),
      button('Export PNG…', 'Save the chart as it is shown as a PNG image', 'export-png', () =>
        host.post({ type: 'png', dataUrl: this.pngDataUrl() }),
      ),
    );
    const canvas = el('canvas', {
      class: 'stats-canvas',
      role: 'img',
      tabindex: '0',
      'aria-label': 'Chart of the selected index per field over time; click a point to open its image',
      'data-testid': 'chart',
    });
    this.chart = new ChartCanvas(canvas);
    canvas.addEventListener('click', (event) => {
      const box = canvas.getBoundingClientRect();
      const hit = this.chart.hit(event.clientX - box.left, event.clientY - box.top);
      if (hit) this.open(this.view.rowAt[hit.field * this.view.dateCount + hit.date] as number);
    });
    canvas.addEventListener('mousemove', (event) => {
      const box = canvas.getBoundingClientRect();
      const hit = this.chart.hit(event.clientX - box.left, event.clientY - box.top);
      canvas.style.cursor = hit ? 'pointer' : 'default';
      canvas.title = hit
        ? `${table.fields[hit.field]} · ${table.dates[hit.date]}: click to open the image with the field outlined`
        : '';
    });
    this.list = new FieldList(
      table.fields,
      (f) => this.selected.includes(f),
      (f) => this.swatchOf(f),
      (f) => this.toggle(f),
      (q) => this.search(q),
      [
        button(
          `First ${Math.min(5, table.fields.length)}`,
          'Select the first fields of the area file',
          'select-first',
          () => {
            this.selected = defaultSelection(table.fields.length);
            this.redraw();
          },
        ),
        button('Found', 'Select the fields the search found (at most 12)', 'select-found', () => {
          this.selected = this.found.slice(0, 12);
          this.redraw();
        }),
        button('None', 'Clear the selection (every field stays drawn thin)', 'select-none', () => {
          this.selected = [];
          this.redraw();
        }),
      ],
    );
    const failures =
      show.failures.length === 0
        ? []
        : [
            el(
              'details',
              { class: 'stats-failures', 'data-testid': 'failures' },
              el(
                'summary',
                {},
                `${show.failures.length} image${show.failures.length === 1 ? '' : 's'} could not be measured`,
              ),
              el('ul', {}, ...show.failures.map((f) => el('li', {}, `${f.image} ${f.reason}`))),
            ),
          ];
    const side = el('section', { class: 'stats-side', 'aria-label': 'Table' }, this.tableHost);
    const body = el(
      'div',
      { class: 'stats-body' },
      this.list.element,
      el(
        'section',
        { class: 'stats-chart', 'aria-label': 'Chart' },
        this.focusBox.element,
        el('div', { class: 'stats-stage' }, canvas),
        this.legend,
        this.status,
        ...failures,
      ),
      side,
    );
    this.placement = new TablePlacement(body, this.list.element, side);
    root.setAttribute('aria-busy', 'false');
    root.replaceChildren(
      el(
        'div',
        { class: 'stats' },
        el(
          'header',
          { class: 'stats-header' },
          el('h1', { 'data-testid': 'title' }, show.title),
          el('p', { class: 'stats-subtitle', 'data-testid': 'subtitle' }, show.subtitle),
        ),
        toolbar,
        body,
      ),
    );
    new ResizeObserver(() => this.schedule()).observe(canvas);
    // A theme change swaps the body's class and the --vscode-* variables: draw again in the new colours.
    new MutationObserver(() => this.redraw()).observe(document.body, { attributes: true, attributeFilter: ['class'] });
    this.redraw();
  }

  /** The field's swatch as the chart draws it, when it is drawn in colour: its dash by date only
   * (by day of year the dash is the season's). */
  private swatchStyleOf(field: number): SwatchStyle | undefined {
    const slot = this.slots.get(field);
    if (slot === undefined) return undefined;
    const style = seriesStyle(slot);
    return this.mode === 'time' ? style : { ...style, dash: [] };
  }

  private swatchOf(field: number): HTMLElement | undefined {
    const style = this.swatchStyleOf(field);
    return style && swatchElement(style);
  }

  private setIndex(name: string): void {
    const i = this.show.table.indices.indexOf(name);
    if (i < 0) return;
    this.indexSelect.value = name;
    this.view = indexView(this.show.table, i);
    this.redraw();
  }

  private setMode(mode: ChartMode): void {
    this.mode = mode;
    this.modeSelect.value = mode;
    this.redraw();
  }

  private search(query: string): void {
    this.query = query;
    this.found = searchFields(this.show.table.fields, query);
    this.redraw();
  }

  private toggle(field: number): void {
    this.selected = this.selected.includes(field)
      ? this.selected.filter((f) => f !== field)
      : [...this.selected, field];
    this.redraw();
  }

  /** The image of a row the chart or the table shows: the host opens exactly that row's. */
  private open(row: number): void {
    if (row >= 0) host.post({ type: 'openPoint', row });
  }

  /** What a test (or a command) asks the page to do, as a person would. */
  act(message: Extract<StatsHostMessage, { type: 'act' }>): void {
    if (message.index !== undefined) this.setIndex(message.index);
    if (message.view !== undefined) this.setMode(message.view);
    if (message.search !== undefined) {
      this.list.searchBox.value = message.search;
      this.search(message.search);
    }
    if (message.select !== undefined) {
      const at = new Map(this.show.table.fields.map((f, i) => [f, i]));
      this.selected = message.select.map((f) => at.get(f)).filter((f): f is number => f !== undefined);
      this.redraw();
    }
  }

  /** One field at one date, from a Field alerts row: that field alone selected (the search
   * cleared), the date marked, and the focus box with its Open image button. */
  focus(message: StatsFocusMessage): void {
    const { table } = this.show;
    if (message.index !== undefined && table.indices.includes(message.index)) {
      this.indexSelect.value = message.index;
      this.view = indexView(table, table.indices.indexOf(message.index));
    }
    const field = table.fields.indexOf(message.field);
    const date = table.dates.indexOf(message.date);
    this.list.searchBox.value = '';
    this.query = '';
    this.found = searchFields(table.fields, '');
    if (field >= 0) this.selected = [field];
    this.focused = field >= 0 && date >= 0 ? { field, date, note: message.note } : undefined;
    this.focusBox.show(table, this.view, this.focused, message);
    this.redraw();
    this.tableHost.querySelector('.stats-focus')?.scrollIntoView({ block: 'nearest' });
  }

  pngDataUrl(): string {
    const { table, title } = this.show;
    const index = table.indices[this.view.index] ?? '';
    const view = this.mode === 'doy' ? 'by day of year' : 'by date';
    const legend = this.selected.flatMap((f) => {
      const style = this.swatchStyleOf(f);
      return style ? [{ label: table.fields[f] as string, style }] : [];
    });
    return this.chart.png(
      `${title} · ${index}, median ${view}`,
      legend,
      this.mode === 'doy' ? seasons(table.dates).map(String) : [],
    );
  }

  exported(what: 'csv' | 'png', file: string | undefined, error: string | undefined): void {
    this.status.textContent = error ? `The ${what.toUpperCase()} was not saved: ${error}` : file ? `Saved ${file}` : '';
    this.report();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** The legend first (its height sizes the canvas), the chart and the list while the page's
   * layout is still clean, the table last: one layout with the table, not one per part (and one
   * more to measure the table's natural width, which decides where it goes). */
  private redraw(): void {
    const { table } = this.show;
    this.slots = styleSlots(this.slots, this.selected);
    this.legend.replaceChildren(...this.legendItems());
    this.draw(false);
    this.list.show(this.found, this.selected.length);
    const shown = renderTable(
      table,
      tableLines(table, this.view, this.selected, this.threshold),
      (line: TableLine) => this.open(line.row),
      this.focused && `${table.fields[this.focused.field]}|${table.dates[this.focused.date]}`,
    );
    this.tableHost.replaceChildren(shown);
    this.placement.measure(shown);
    this.report(this.chart.lines, this.lastDrawMs);
  }

  private draw(report = true): void {
    const started = performance.now();
    const lines = this.chart.draw({
      table: this.show.table,
      view: this.view,
      drawn: this.found,
      selected: this.selected,
      slots: this.slots,
      mode: this.mode,
      threshold: this.threshold,
      ...(this.focused ? { focus: this.focused } : {}),
    });
    this.chart.canvas.dataset.lines = String(lines); // what the browser test counts
    this.lastDrawMs = performance.now() - started;
    if (report) this.report(lines, this.lastDrawMs);
  }

  private legendItems(): HTMLElement[] {
    const { table } = this.show;
    const percent = `${Math.round(this.threshold * 100)} %`;
    const items: HTMLElement[] = this.selected.map((f) =>
      el('span', { class: 'stats-legend-item' }, this.swatchOf(f) ?? '', table.fields[f] as string),
    );
    if (this.mode === 'doy')
      items.push(
        el(
          'span',
          { class: 'stats-legend-item', 'data-testid': 'seasons' },
          seasons(table.dates).length === 1
            ? `Season: ${seasons(table.dates)[0]}`
            : `Seasons: ${seasons(table.dates).join(', ')} (solid, dashed, dotted in that order)`,
        ),
      );
    const bands = bandsShown({ mode: this.mode, selected: this.selected })
      ? "band: p25–p75 of the field's pixels"
      : `band (p25–p75) for up to ${this.mode === 'time' ? BANDS_BY_DATE : BANDS_BY_DAY} selected fields`;
    items.push(el('span', { class: 'stats-legend-item', 'data-testid': 'line-note' }, `Line: median · ${bands}`));
    items.push(
      el(
        'span',
        { class: 'stats-legend-item', 'data-testid': 'threshold-note' },
        `○ faded: less than ${percent} of the field valid on that date`,
      ),
    );
    if (this.mode === 'time' && this.found.length > this.selected.length)
      items.push(
        el(
          'span',
          { class: 'stats-legend-item' },
          `thin grey: the other ${this.found.length - this.found.filter((f) => this.selected.includes(f)).length} fields ${this.query ? 'found' : ''}`.trim(),
        ),
      );
    return items;
  }

  private report(lines = this.chart.lines, drawMs = 0): void {
    const texts: Record<string, string> = {};
    for (const node of document.querySelectorAll<HTMLElement>('[data-testid]'))
      texts[node.dataset.testid as string] =
        node instanceof HTMLInputElement || node instanceof HTMLSelectElement ? node.value : (node.textContent ?? '');
    host.post({ type: 'rendered', texts, lines, drawMs });
  }
}

closeDisclosuresOnEscape();
returnFocusAfterDialogs();
host.ready();
