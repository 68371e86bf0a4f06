// The image viewer page (bundled by esbuild.mjs into dist/viewer.js). The host sends `show` (the
// metadata, the band mappings, the area); the page asks for a `view` of what is on screen,
// decimated to the screen's width (full resolution when zoomed in) and for a pixel under the
// pointer or the keyboard's cursor. Zoom: wheel, + and −; pan: drag or the arrow keys; 0 fits.
// An image of a series steps to the previous / next date ([ and ], or the buttons), which opens
// in its place with the same band mapping and cut-offs. The requested area is outlined over the
// image at full brightness; dimming outside it is the person's choice, kept in the page's state
// (across a hidden tab and a reload) and carried to the next date.
import type { MessageSchema } from '../../../src/ui/webview/common/messages';
import { viewerHostSchema } from '../../../src/ui/webview/viewer/protocol';
import type {
  PixelMessage,
  ShowViewerMessage,
  ViewerHostMessage,
  ViewerPageMessage,
  ViewMessage,
} from '../../../src/ui/webview/viewer/protocol';
import { connectToHost } from '../common/host-channel';
import { closeDisclosuresOnEscape } from '../common/escape-closes';
import { returnFocusAfterDialogs } from '../common/focus-return';
import { el } from '../common/dom';
import { ImageCanvas } from './image-canvas';
import { metadataPane, renderInspector, renderLegend, renderStretch } from './panes';
import { seriesNavigation } from './series-nav';
import { locatorBasemap, renderLocator } from './locator-map';

const root = document.getElementById('app') as HTMLElement;

/** What the page keeps in `vscode.setState`: whether the pixels outside the area are dimmed. */
interface ViewerState {
  dimOutside: boolean;
}
let page: ViewerPage | undefined;

const host = connectToHost<ViewerHostMessage, ViewerPageMessage>({
  name: 'Image viewer page',
  hostMessages: viewerHostSchema as MessageSchema<ViewerHostMessage>,
  onMessage: (message) => {
    switch (message.type) {
      case 'show':
        page = new ViewerPage(message);
        return;
      case 'view':
        page?.onView(message);
        return;
      case 'pixel':
        page?.onPixel(message);
        return;
      case 'cursor':
        page?.inspect(message.column, message.row);
        return;
      case 'step':
        page?.step(message.direction);
        return;
      case 'outline':
        page?.showOutline({ rings: message.rings, label: message.label });
        return;
      case 'basemapFile':
        basemap.receive(message);
        return;
      case 'failed':
        if (message.inReplyTo && page) page.onFailure(message.message);
        else showFailure(message.fileName, message.message, message.fileSize);
        return;
    }
  },
});
// The locator map's basemap comes by message (its stylesheet is in the page's head).
const basemap = locatorBasemap((request) => host.post(request));

function savedState(): ViewerState {
  const saved = host.getState();
  return {
    dimOutside: typeof saved === 'object' && saved !== null && 'dimOutside' in saved && saved.dimOutside === true,
  };
}

function report(): void {
  const texts: Record<string, string> = {};
  // An input reports its value: what a person reads in it.
  for (const node of document.querySelectorAll<HTMLElement>('[data-testid]'))
    texts[node.dataset.testid as string] =
      node instanceof HTMLInputElement || node instanceof HTMLSelectElement ? node.value : (node.textContent ?? '');
  host.post({ type: 'rendered', texts });
}

function showFailure(fileName: string, message: string, fileSize: string): void {
  page = undefined;
  root.setAttribute('aria-busy', 'false');
  root.replaceChildren(
    el(
      'section',
      { class: 'viewer-failure', role: 'alert' },
      el('h1', {}, `${fileName} cannot be shown`),
      el('p', { 'data-testid': 'failure-message' }, message),
      el('p', { 'data-testid': 'failure-size' }, `File size: ${fileSize}`),
    ),
  );
  report();
}

class ViewerPage {
  private readonly canvas: ImageCanvas;
  private readonly status = el('p', { class: 'viewer-status', 'data-testid': 'view-status', 'aria-live': 'polite' });
  private readonly outlineNote = el('span', { class: 'viewer-outline-note', 'data-testid': 'outline' });
  private readonly inspector = el(
    'div',
    { 'data-testid': 'inspector' },
    el('p', {}, 'Point at the image, or move the cursor with the arrow keys, to read its pixels.'),
  );
  private readonly stretchPane = el('div', {});
  private readonly legendPane = el('section', { class: 'legend' });
  private readonly presetSelect: HTMLSelectElement;
  private presetId: string;
  private stretch: { low: number; high: number }[] | undefined;
  /** The cut-offs came with a step from another date, and no view of this image has come yet. */
  private stretchCarried: boolean;
  private nextId = 0;
  private latestRender = '';
  private latestInspect = '';
  private inspectBusy = false;
  private inspectWanted: [number, number] | undefined;
  private renderTimer: ReturnType<typeof setTimeout> | undefined;
  private drag: { x: number; y: number } | undefined;

  constructor(private readonly show: ShowViewerMessage) {
    // A step from the previous date hands over its band mapping and cut-offs.
    const carried =
      show.display && show.presets.some((p) => p.id === show.display?.presetId) ? show.display : undefined;
    this.presetId = carried?.presetId ?? show.presets[0]?.id ?? '';
    this.stretch = carried?.stretch;
    this.stretchCarried = carried?.stretch !== undefined;
    // A step from the previous date hands over its dimming; otherwise the page's state has it.
    const dimOutside = show.display?.dimOutside ?? savedState().dimOutside;
    host.setState({ dimOutside } satisfies ViewerState);
    this.presetSelect = el('select', { 'aria-label': 'Band mapping', 'data-testid': 'preset' });
    for (const preset of show.presets) this.presetSelect.append(el('option', { value: preset.id }, preset.label));
    this.presetSelect.value = this.presetId;
    this.presetSelect.addEventListener('change', () => this.choosePreset(this.presetSelect.value));
    const canvasElement = el('canvas', {
      class: 'viewer-canvas',
      tabindex: '0',
      role: 'img',
      'aria-label': `${show.fileName}: arrow keys pan, + and − zoom, 0 fits, Shift+arrows move the inspector's cursor`,
    });
    this.canvas = new ImageCanvas(canvasElement, show.width, show.height, show.aoi);
    this.canvas.dimOutside = dimOutside;
    // A theme change swaps the body's class and the --vscode-* variables: the canvas's background,
    // dimming and outline are drawn again in the new colours.
    new MutationObserver(() => this.canvas.draw()).observe(document.body, {
      attributes: true,
      attributeFilter: ['class'],
    });
    const button = (label: string, title: string, action: () => void) => {
      const b = el('button', { type: 'button', title, 'aria-label': title }, label);
      b.addEventListener('click', action);
      return b;
    };
    const toolbar = el(
      'div',
      { class: 'viewer-toolbar' },
      el('label', {}, 'Bands ', this.presetSelect),
      button('+', 'Zoom in', () => this.zoom(2)),
      button('−', 'Zoom out', () => this.zoom(0.5)),
      button('Fit', 'Fit the image to the window', () => {
        this.canvas.fit();
        this.changed();
      }),
      button('2–98 %', '2–98 % stretch: each channel from its 2nd to its 98th percentile in this view', () => {
        this.stretch = undefined;
        this.requestView();
      }),
    );
    if (show.series) toolbar.append(seriesNavigation(show.series, (direction) => this.step(direction)));
    if (show.aoi) {
      const dim = el('input', { type: 'checkbox', 'data-testid': 'dim-outside' });
      dim.checked = dimOutside;
      dim.addEventListener('change', () => {
        this.canvas.dimOutside = dim.checked;
        host.setState({ dimOutside: dim.checked } satisfies ViewerState);
        this.canvas.draw();
      });
      toolbar.append(el('label', {}, dim, ' Dim outside the requested area'));
    }
    toolbar.append(this.outlineNote);
    const side = el(
      'aside',
      { class: 'viewer-side' },
      el('section', { 'aria-labelledby': 'pixel-heading' }, el('h2', { id: 'pixel-heading' }, 'Pixel'), this.inspector),
      el(
        'section',
        { 'aria-labelledby': 'stretch-heading' },
        el('h2', { id: 'stretch-heading' }, 'Stretch and histogram'),
        this.stretchPane,
      ),
      this.legendPane,
      metadataPane(show),
      ...renderLocator(show),
    );
    root.setAttribute('aria-busy', 'false');
    root.replaceChildren(
      el(
        'div',
        { class: 'viewer' },
        el('div', { class: 'viewer-main' }, toolbar, el('div', { class: 'viewer-stage' }, canvasElement), this.status),
        side,
      ),
    );
    this.listen(canvasElement);
    this.canvas.fit();
    if (show.outline) this.showOutline(show.outline);
    this.changed();
    new ResizeObserver(() => {
      // The first frame's size is often not the settled one: a view not yet zoomed or panned is
      // framed again, so the whole image (or the field) shows, not a crop of it.
      this.canvas.reframe();
      this.canvas.draw();
      this.scheduleView();
    }).observe(canvasElement);
  }

  private listen(canvas: HTMLCanvasElement): void {
    canvas.addEventListener(
      'wheel',
      (event) => {
        event.preventDefault();
        const box = canvas.getBoundingClientRect();
        this.canvas.zoom(event.deltaY < 0 ? 1.25 : 0.8, event.clientX - box.left, event.clientY - box.top);
        this.changed();
      },
      { passive: false },
    );
    canvas.addEventListener('pointerdown', (event) => {
      this.drag = { x: event.clientX, y: event.clientY };
      canvas.setPointerCapture(event.pointerId);
    });
    canvas.addEventListener('pointerup', () => {
      this.drag = undefined;
    });
    canvas.addEventListener('pointermove', (event) => {
      if (this.drag) {
        this.canvas.panBy(event.clientX - this.drag.x, event.clientY - this.drag.y);
        this.drag = { x: event.clientX, y: event.clientY };
        this.changed();
        return;
      }
      const box = canvas.getBoundingClientRect();
      const [x, y] = this.canvas.toImage(event.clientX - box.left, event.clientY - box.top);
      this.inspect(Math.floor(x), Math.floor(y));
    });
    canvas.addEventListener('keydown', (event) => {
      if ((event.key === '[' || event.key === ']') && this.show.series) {
        event.preventDefault();
        this.step(event.key === '[' ? -1 : 1);
        return;
      }
      const pan = 60;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [1, 0],
        ArrowRight: [-1, 0],
        ArrowUp: [0, 1],
        ArrowDown: [0, -1],
      };
      const move = moves[event.key];
      if (move && event.shiftKey) {
        const [cx, cy] = this.canvas.cursor ?? [Math.floor(this.canvas.cx), Math.floor(this.canvas.cy)];
        const next: [number, number] = [
          Math.max(0, Math.min(this.show.width - 1, cx - move[0])),
          Math.max(0, Math.min(this.show.height - 1, cy - move[1])),
        ];
        this.inspect(next[0], next[1]);
      } else if (move) this.canvas.panBy(move[0] * pan, move[1] * pan);
      else if (event.key === '+' || event.key === '=') this.canvas.zoom(2);
      else if (event.key === '-') this.canvas.zoom(0.5);
      else if (event.key === '0') this.canvas.fit();
      else return;
      event.preventDefault();
      this.changed();
    });
  }

  /** Outlines a field (from the field statistics chart) and brings it into view. */
  showOutline(outline: { rings: [number, number][][]; label: string }): void {
    this.canvas.outline = outline;
    this.outlineNote.textContent = `Outlined: ${outline.label}`;
    this.canvas.fitOutline();
    this.changed();
  }

  /** Opens the neighbouring date in this one's place, keeping the band mapping and cut-offs. */
  step(direction: -1 | 1): void {
    const series = this.show.series;
    if (!series || series.dates[series.index + direction] === undefined) return;
    this.status.textContent = `Opening ${series.dates[series.index + direction]}…`;
    host.post({
      type: 'step',
      direction,
      presetId: this.presetId,
      ...(this.stretch ? { stretch: this.stretch } : {}),
      dimOutside: this.canvas.dimOutside,
    });
  }

  private zoom(factor: number): void {
    this.canvas.zoom(factor);
    this.changed();
  }

  private choosePreset(id: string): void {
    this.presetId = id;
    this.stretch = undefined; // a new mapping starts from its own percentiles
    this.requestView();
  }

  /** The view moved: draw what there is now, ask for the sharper view a moment later. */
  private changed(): void {
    this.canvas.draw();
    this.scheduleView();
  }

  private scheduleView(): void {
    if (this.renderTimer) clearTimeout(this.renderTimer);
    this.renderTimer = setTimeout(() => this.requestView(), 120);
  }

  private requestView(): void {
    const { window: area, screenWidth } = this.canvas.visible();
    if (area[2] <= area[0] || area[3] <= area[1]) return;
    const requestId = `v${++this.nextId}`;
    this.latestRender = requestId;
    this.status.textContent = 'Reading…';
    host.post({
      type: 'render',
      requestId,
      presetId: this.presetId,
      window: area,
      targetWidth: Math.ceil(screenWidth),
      ...(this.stretch ? { stretch: this.stretch } : {}),
      ...(this.stretch && this.stretchCarried ? { carried: true } : {}),
    });
  }

  onView(view: ViewMessage): void {
    if (view.inReplyTo !== this.latestRender) return; // a newer view is on its way
    this.stretchCarried = false;
    if (view.empty) {
      // Nothing valid here: no image drawn, and no cut-offs kept (or carried to the next date).
      this.canvas.show(undefined);
      this.stretch = undefined;
      this.stretchPane.replaceChildren(
        el(
          'p',
          { 'data-testid': 'stretch-empty' },
          'No valid pixels in this view: every pixel is nodata, so there is nothing to stretch.',
        ),
      );
      this.legendPane.replaceChildren();
      this.legendPane.hidden = true;
      this.status.textContent = 'No valid pixels in this view (all nodata).';
      report();
      return;
    }
    const bitmap = el('canvas', { width: String(view.width), height: String(view.height) });
    bitmap
      .getContext('2d')
      ?.putImageData(new ImageData(new Uint8ClampedArray(view.rgba), view.width, view.height), 0, 0);
    this.canvas.show({ window: view.window, bitmap });
    // The cut-offs stay as they are while the person zooms and pans, so colours do not shift.
    this.stretch = view.channels.map((c) => ({ low: c.low, high: c.high }));
    renderStretch(this.stretchPane, view, (stretch) => {
      this.stretch = stretch;
      this.requestView();
    });
    renderLegend(this.legendPane, view);
    const [x0, y0, x1, y1] = view.window;
    const detail =
      view.level === 0
        ? `${((view.width / (x1 - x0)) * 100).toFixed(view.width === x1 - x0 ? 0 : 1)} % of full resolution`
        : `overview ${view.level}`;
    this.status.textContent = `Showing columns ${x0}–${x1}, rows ${y0}–${y1} at ${view.width} × ${view.height} pixels (${detail}).`;
    report();
  }

  inspect(column: number, row: number): void {
    this.inspectWanted = [column, row];
    if (this.inspectBusy) return; // the latest position is asked for when the answer comes
    this.inspectBusy = true;
    const requestId = `p${++this.nextId}`;
    this.latestInspect = requestId;
    this.inspectWanted = undefined;
    host.post({ type: 'inspect', requestId, column, row });
  }

  onPixel(pixel: PixelMessage): void {
    this.inspectBusy = false;
    if (pixel.inReplyTo === this.latestInspect) {
      renderInspector(this.inspector, pixel);
      this.canvas.cursor = pixel.inside ? [pixel.column, pixel.row] : undefined;
      this.canvas.draw();
      report();
    }
    const wanted = this.inspectWanted;
    if (wanted) this.inspect(wanted[0], wanted[1]);
  }

  onFailure(message: string): void {
    this.inspectBusy = false;
    this.status.textContent = message;
    report();
  }
}

closeDisclosuresOnEscape();
returnFocusAfterDialogs();
host.ready();
