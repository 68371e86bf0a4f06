// The list of fields beside the chart: a search box and a list that stays quick with thousands of
// fields, since only the rows in view are in the DOM (fixed row height, a spacer for the rest).
// A checkbox per field selects it for the chart and the table.
import { el } from '../common/dom';

const ROW_HEIGHT = 24;

export class FieldList {
  readonly element: HTMLElement;
  private readonly viewport: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly rows: HTMLElement;
  private readonly count: HTMLElement;
  private shown: number[] = [];

  constructor(
    private readonly fields: readonly string[],
    private readonly isSelected: (field: number) => boolean,
    /** The field's swatch when it is drawn in colour. */
    private readonly swatchOf: (field: number) => HTMLElement | undefined,
    private readonly onToggle: (field: number) => void,
    onSearch: (query: string) => void,
    actions: HTMLElement[],
  ) {
    const search = el('input', {
      type: 'search',
      placeholder: 'Search fields',
      'aria-label': 'Search fields',
      'data-testid': 'field-search',
    });
    search.addEventListener('input', () => onSearch(search.value));
    this.count = el('p', { class: 'stats-count', 'data-testid': 'field-count' });
    this.spacer = el('div', { class: 'stats-list-spacer' });
    this.rows = el('div', { class: 'stats-list-rows', role: 'list' });
    this.viewport = el('div', { class: 'stats-list', 'data-testid': 'field-list' }, this.spacer, this.rows);
    this.viewport.addEventListener('scroll', () => this.paint());
    new ResizeObserver(() => this.paint()).observe(this.viewport);
    this.element = el(
      'section',
      { class: 'stats-fields', 'aria-label': 'Fields' },
      search,
      el('div', { class: 'stats-list-actions' }, ...actions),
      this.count,
      this.viewport,
    );
  }

  get searchBox(): HTMLInputElement {
    return this.element.querySelector('input[type="search"]') as HTMLInputElement;
  }

  /** Shows these fields (the search's result); `selectedCount` for the line under the search. */
  show(fields: number[], selectedCount: number): void {
    this.shown = fields;
    this.count.textContent = `${fields.length} of ${this.fields.length} fields · ${selectedCount} selected`;
    this.spacer.style.height = `${fields.length * ROW_HEIGHT}px`;
    this.paint();
  }

  /** Draws the rows in view (and a few beyond): the rest exist only as the spacer's height. */
  paint(): void {
    const first = Math.max(0, Math.floor(this.viewport.scrollTop / ROW_HEIGHT) - 5);
    const last = Math.min(
      this.shown.length,
      Math.ceil((this.viewport.scrollTop + Math.max(this.viewport.clientHeight, 240)) / ROW_HEIGHT) + 5,
    );
    const items: HTMLElement[] = [];
    for (let i = first; i < last; i++) {
      const f = this.shown[i] as number;
      const name = this.fields[f] as string;
      const box = el('input', { type: 'checkbox', 'aria-label': `Show field ${name}` });
      box.checked = this.isSelected(f);
      box.addEventListener('change', () => this.onToggle(f));
      // Its swatch when the field is drawn in colour; otherwise an empty space, not a second box.
      const swatch = this.swatchOf(f) ?? el('span', { class: 'stats-swatch stats-swatch-none' });
      const item = el(
        'label',
        { class: 'stats-list-row', role: 'listitem', 'data-field': name },
        box,
        swatch,
        el('span', { class: 'stats-field-name', title: name }, name),
      );
      item.style.top = `${i * ROW_HEIGHT}px`; // through the CSSOM: the page's CSP refuses style attributes
      items.push(item);
    }
    this.rows.replaceChildren(...items);
  }
}
