// Builds the whole page from a `show` message. The order on the page is the order of a decision:
// what it is, warnings, what it costs, where, with which settings, the exact payload, then the
// buttons. Tile selection changes are applied in place so keyboard focus stays where it was.
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import type { ShowMessage, WebviewMessage } from '../../../src/ui/webview/estimate/protocol';
import type { EstimateModel } from '../../../src/ui/webview/estimate/protocol';
import { renderAreaFacts, renderCost } from './cost-view';
import { custom, el, fact } from '../common/dom';
import { counted, formatCredits, formatMoney, formatUtc } from '../../../src/common/format';
import type { Locale } from '../../../src/common/format';
import { renderCovers } from './cover-view';
import { renderMap } from './map-view';
import type { EstimateMap, MapInput, MapSelection } from './map-view';
import type { BasemapReader } from '../common/map/basemap';
import { renderPayload, renderTileList } from './sections';
import { renderPlan } from './plan-table';
import { currentMonthTotal, deriveWarnings } from './warnings';
import type { PanelWarning } from './warnings';

export interface PageContext {
  locale: Locale;
  now: Date;
  post(message: WebviewMessage): void;
  /** Reads a basemap file through the panel (the maps never fetch). */
  readBasemapFile: BasemapReader;
  /** Called after the selection changed, so the page can save its state. */
  onSelectionChange(selected: string[]): void;
}

const REPORT_TEXT_LIMIT = 4000;

const KIND_LABEL: Record<EstimateModel['kind'], string> = {
  composite: 'Composite download: processing estimate',
  order: 'Tasking order: cost estimate',
  tiles: 'Tile selection',
};

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function proceedLabel(
  model: EstimateModel,
  selectedCount: number,
  locale: Locale,
  chosenCover: 'polygon' | 'tiles',
): string {
  if (model.kind === 'composite' && model.automaticOrder) {
    return `Proceed: spend ${formatCredits(model.credits, locale)} and ${formatMoney(model.automaticOrder.currentMonth, model.automaticOrder.currency, locale)} for the order`;
  }
  if (model.kind === 'composite') return `Proceed: spend ${formatCredits(model.credits, locale)}`;
  if (model.kind === 'order') {
    const cover = model.covers?.find((c) => c.id === chosenCover);
    if (cover && model.covers && model.covers.length > 1)
      return `Place the ${cover.id} order: ${formatMoney(cover.currentMonth, cover.currency, locale)} this month`;
    return `Place order: ${formatMoney(currentMonthTotal(model), model.currency, locale)} this month`;
  }
  return `Proceed with ${selectedCount} tile${selectedCount === 1 ? '' : 's'}`;
}

/** The warnings above everything else; the workflow's own are numbered in their order. */
function renderWarnings(warnings: PanelWarning[]): HTMLElement {
  const counts = new Map<string, number>();
  return el(
    'section',
    { class: 'warnings', 'aria-label': 'Warnings' },
    el(
      'ul',
      {},
      ...warnings.map((w) => {
        const n = counts.get(w.id) ?? 0;
        counts.set(w.id, n + 1);
        return el('li', { 'data-testid': w.id === 'workflow' ? `warning-workflow-${n}` : `warning-${w.id}` }, w.text);
      }),
    ),
  );
}

export class PageView {
  private readonly selected: Set<string>;
  private busy = false;
  /** The order the comparison has picked: the polygon order unless the person picks tiles. */
  private cover: 'polygon' | 'tiles' = 'polygon';
  /** The area's map (it follows the tile selection). */
  private map: EstimateMap | undefined;
  /** Every map of the page (the area's, each cover's): built after the text, disposed with it. */
  private readonly maps: EstimateMap[] = [];
  /** The plan's table: a tile choice's follows the selection. */
  private plan: HTMLElement | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly show: ShowMessage,
    selected: string[] | undefined,
    private readonly ctx: PageContext,
  ) {
    const model = show.model;
    const offered = model.kind === 'tiles' ? model.tiles.map((t) => t.guid) : [];
    this.selected = new Set(
      (selected ?? (model.kind === 'tiles' ? model.preselected : [])).filter((g) => offered.includes(g)),
    );
  }

  get selection(): string[] {
    return [...this.selected];
  }

  render(): void {
    const { model } = this.show;
    const locale = this.ctx.locale;
    const heading = el('h1', { tabindex: '-1', 'data-testid': 'title' }, model.title);
    const parts: HTMLElement[] = [
      el('header', {}, heading, el('p', { class: 'kind', 'data-testid': 'kind' }, KIND_LABEL[model.kind])),
    ];
    if (this.show.note) parts.push(el('p', { class: 'note', role: 'note', 'data-testid': 'note' }, this.show.note));
    const warnings = deriveWarnings(model, locale, this.ctx.now);
    if (warnings.length) parts.push(renderWarnings(warnings));
    parts.push(renderCost(model, locale, this.ctx.now));
    this.plan = this.renderPlanPart();
    parts.push(this.plan);
    const covers =
      model.kind === 'order'
        ? renderCovers(
            model,
            locale,
            this.cover,
            (id) => this.chooseCover(id),
            this.show.readOnly,
            (input, testId) => this.mapOf(input, undefined, testId)?.element,
          )
        : undefined;
    if (covers) parts.push(covers);
    const area = el(
      'section',
      { class: 'area', 'aria-labelledby': 'area-heading' },
      el('h2', { id: 'area-heading' }, 'Area'),
      renderAreaFacts(model, locale),
    );
    const map = this.mapOf(
      {
        polygons: model.aoi?.polygons ?? [],
        billedBoxes: model.aoi?.billedBoxes ?? [],
        tiles: model.kind === 'tiles' ? model.tiles : [],
      },
      model.kind === 'tiles' && !this.show.readOnly
        ? { isSelected: (g) => this.selected.has(g), toggle: (g) => this.toggle(g) }
        : { isSelected: (g) => this.selected.has(g), toggle: () => undefined },
      'map',
    );
    this.map = map;
    if (map)
      area.append(
        el(
          'figure',
          {},
          map.element,
          el(
            'figcaption',
            {},
            'Filled: the drawn area. Dashed: the billed bounding boxes. Drag to pan, scroll to zoom.',
          ),
        ),
      );
    parts.push(area, this.renderSettings(model));
    if (model.kind === 'tiles') {
      parts.push(
        renderTileList(model, this.show.readOnly, {
          toggle: (g) => this.toggle(g),
          has: (g) => this.selected.has(g),
          setAll: (on) => this.setAll(on),
        }),
      );
    }
    parts.push(
      renderPayload(this.show, () => this.ctx.post({ type: 'copyPayload' })),
      this.renderActions(),
    );
    this.root.replaceChildren(...parts);
    this.root.setAttribute('aria-busy', 'false');
    this.syncSelection();
    heading.focus();
    // The text and the price are reported above; OpenLayers starts after, in a task of its own.
    setTimeout(() => {
      for (const m of this.maps) m.start();
    }, 0);
  }

  /** The plan as the Plan panel shows one: its units (a tile choice: those selected) and orders,
   * the total, the balance and the budget. */
  private renderPlanPart(): HTMLElement {
    const model = this.show.model;
    const plan =
      model.kind === 'tiles'
        ? { ...model.plan, units: model.plan.units.filter((u) => this.selected.has(u.label)) }
        : model.plan;
    const caption =
      model.kind === 'tiles'
        ? `${counted(plan.units.length, 'tile')} selected`
        : `${counted(plan.units.length, 'image')}`;
    return el('div', { class: 'plan' }, ...renderPlan(plan, { locale: this.ctx.locale, heading: 'Plan', caption }));
  }

  /** Stops the page's maps (a newer estimate replaces this page's content). */
  dispose(): void {
    for (const m of this.maps) m.dispose();
    this.maps.length = 0;
  }

  /** Waiting for the host (Proceed pressed, or the host said it works on the next estimate). */
  get isBusy(): boolean {
    return this.busy;
  }

  setBusy(message: string | undefined): void {
    this.busy = message !== undefined;
    const status = this.root.querySelector('[data-testid="status"]');
    if (status) status.textContent = message ?? '';
    this.syncSelection();
  }

  setStatus(message: string): void {
    const status = this.root.querySelector('[data-testid="status"]');
    if (status) status.textContent = message;
    this.report();
  }

  /** The text of every data-testid element, and which of them are disabled, for the host's tests. */
  report(): void {
    const texts: Record<string, string> = {};
    for (const element of this.root.querySelectorAll('[data-testid]')) {
      const id = element.getAttribute('data-testid') ?? '';
      // Capped: the payload alone may be 200 KB, and this report is sent after every change.
      texts[id] = (element.textContent ?? '').trim().slice(0, REPORT_TEXT_LIMIT);
      if (element.hasAttribute('disabled')) texts[`${id}:disabled`] = 'true';
      if (element.hasAttribute('aria-checked')) texts[`${id}:checked`] = element.getAttribute('aria-checked') ?? '';
      if (element instanceof HTMLElement && element.dataset.selectedTiles !== undefined)
        texts[`${id}:selected`] = element.dataset.selectedTiles;
      if (element instanceof HTMLElement && element.dataset.layers !== undefined)
        texts[`${id}:layers`] = element.dataset.layers;
      if (element instanceof HTMLElement && element.dataset.drawn !== undefined)
        texts[`${id}:drawn`] = element.dataset.drawn;
    }
    this.ctx.post({ type: 'rendered', texts });
  }

  private mapOf(input: MapInput, selection: MapSelection | undefined, testId: string): EstimateMap | undefined {
    const map = renderMap(input, selection, () => this.report(), testId, this.ctx.readBasemapFile);
    if (map) this.maps.push(map);
    return map;
  }

  private chooseCover(id: 'polygon' | 'tiles'): void {
    this.cover = id;
    for (const element of this.root.querySelectorAll<HTMLElement>('[data-testid^="cover-"].cover')) {
      element.classList.toggle('chosen', element.dataset.testid === `cover-${id}`);
    }
    this.syncSelection();
  }

  private toggle(guid: string): void {
    if (this.selected.has(guid)) this.selected.delete(guid);
    else this.selected.add(guid);
    this.ctx.onSelectionChange(this.selection);
    this.syncSelection();
  }

  private setAll(on: boolean): void {
    const model = this.show.model;
    if (model.kind !== 'tiles') return;
    this.selected.clear();
    if (on) for (const tile of model.tiles) this.selected.add(tile.guid);
    this.ctx.onSelectionChange(this.selection);
    this.syncSelection();
  }

  /** Applies the selection and busy state to the map, the list, the count and the buttons. */
  private syncSelection(): void {
    const model = this.show.model;
    for (const element of this.root.querySelectorAll<HTMLElement>('[data-tile-guid]')) {
      const on = this.selected.has(element.dataset.tileGuid ?? '');
      (element as HTMLElement & { checked: boolean }).checked = on;
      element.toggleAttribute('checked', on);
    }
    this.map?.sync();
    if (model.kind === 'tiles' && this.plan) {
      const next = this.renderPlanPart();
      this.plan.replaceWith(next);
      this.plan = next;
    }
    const count = this.root.querySelector('[data-testid="tile-count"]');
    if (count && model.kind === 'tiles')
      count.textContent = `${this.selected.size} of ${model.tiles.length} tiles selected`;
    const proceed = this.root.querySelector<HTMLElement>('[data-testid="proceed"]');
    if (proceed) {
      proceed.textContent = proceedLabel(model, this.selected.size, this.ctx.locale, this.cover);
      const blocked = this.show.readOnly || this.busy || (model.kind === 'tiles' && this.selected.size === 0);
      proceed.toggleAttribute('disabled', blocked);
    }
    for (const id of ['change', 'cancel']) {
      this.root.querySelector(`[data-testid="${id}"]`)?.toggleAttribute('disabled', this.busy);
    }
    this.report();
  }

  private renderSettings(model: EstimateModel): HTMLElement {
    const facts = el(
      'dl',
      { class: 'facts' },
      ...model.settings.flatMap((s) => fact(s.label, s.value, `setting-${slug(s.label)}`)),
    );
    if (model.kind === 'order' && model.imageDates.length) {
      const dates = model.imageDates.map((d) => formatUtc(d, this.ctx.locale));
      facts.append(...fact(`Image dates (${dates.length})`, dates.join(', '), 'image-dates'));
    }
    return el(
      'section',
      { class: 'settings', 'aria-labelledby': 'settings-heading' },
      el('h2', { id: 'settings-heading' }, 'Request'),
      facts,
    );
  }

  private renderActions(): HTMLElement {
    const proceed = custom('vscode-button', { 'data-testid': 'proceed' }, '');
    const change = custom('vscode-button', { secondary: '', 'data-testid': 'change' }, 'Change settings');
    const cancel = custom('vscode-button', { secondary: '', 'data-testid': 'cancel' }, 'Cancel');
    const guard = (action: () => void) => () => {
      if (!this.busy) action();
    };
    proceed.addEventListener(
      'click',
      guard(() => {
        if (proceed.hasAttribute('disabled')) return;
        const model = this.show.model;
        this.setBusy('Proceeding…');
        if (model.kind === 'tiles') this.ctx.post({ type: 'proceed', selectedTiles: this.selection });
        else if (model.kind === 'order' && model.covers?.length) this.ctx.post({ type: 'proceed', cover: this.cover });
        else this.ctx.post({ type: 'proceed' });
      }),
    );
    change.addEventListener(
      'click',
      guard(() => this.ctx.post({ type: 'change' })),
    );
    cancel.addEventListener(
      'click',
      guard(() => this.ctx.post({ type: 'cancel' })),
    );
    return el(
      'footer',
      { class: 'actions' },
      el('div', { class: 'row' }, proceed, change, cancel),
      el('p', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-testid': 'status' }),
    );
  }
}
