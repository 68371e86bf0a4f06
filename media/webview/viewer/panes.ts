// The side panes of the viewer: the pixel inspector, each channel's stretch (editable min/max in
// values) with its histogram, the ramp's legend for a single band, the metadata and the request
// that made the image. Every text goes in through textContent (dom.ts).
import type {
  PixelMessage,
  ShowViewerMessage,
  ViewChannel,
  ViewMessage,
} from '../../../src/ui/webview/viewer/protocol';
import { el } from '../common/dom';

type Kind = ViewChannel['kind'];

/** Values as a person reads them: reflectance to 4 decimals, index values to 3, numbers as stored. */
function formatValue(value: number | null, kind: Kind): string {
  if (value === null) return 'nodata';
  if (kind === 'reflectance') return value.toFixed(4);
  if (kind === 'index') return value.toFixed(3);
  return Number.isInteger(value) ? String(value) : value.toFixed(3);
}

const KIND_LABEL: Record<Kind, string> = { reflectance: 'reflectance', index: 'index value', number: 'stored number' };
const CHANNEL_COLOURS = ['--vscode-charts-red', '--vscode-charts-green', '--vscode-charts-blue'];

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

export function metadataPane(show: ShowViewerMessage): HTMLElement {
  const list = el('dl', { class: 'facts' });
  for (const fact of show.facts)
    list.append(el('dt', {}, fact.label), el('dd', { 'data-testid': fact.id }, fact.value));
  const section = el(
    'section',
    { 'aria-labelledby': 'meta-heading' },
    el('h2', { id: 'meta-heading' }, 'Metadata'),
    list,
  );
  if (show.requestText) {
    section.append(
      el(
        'details',
        {},
        el('summary', {}, 'The request that made it'),
        el('pre', { 'data-testid': 'meta-request', class: 'request' }, show.requestText),
      ),
    );
  }
  return section;
}

function inspectorText(pixel: PixelMessage): { place: string; bands: [string, string][] } {
  if (!pixel.inside) return { place: 'Outside the image', bands: [] };
  const lonLat =
    pixel.lon !== null && pixel.lat !== null
      ? `${pixel.lat.toFixed(6)}°, ${pixel.lon.toFixed(6)}° (lat, lon)`
      : 'longitude/latitude unknown';
  const place = `Pixel ${pixel.column}, ${pixel.row} · ${lonLat} · ${pixel.x.toFixed(2)}, ${pixel.y.toFixed(2)} (${pixel.crs})`;
  return {
    place,
    bands: pixel.bands.map((b) => [
      b.name,
      b.value === null ? 'nodata' : `${formatValue(b.value, b.kind)} ${KIND_LABEL[b.kind]} (stored ${b.raw})`,
    ]),
  };
}

export function renderInspector(target: HTMLElement, pixel: PixelMessage): void {
  const { place, bands } = inspectorText(pixel);
  const list = el('dl', { class: 'facts' });
  bands.forEach(([name, value], i) =>
    list.append(el('dt', {}, name), el('dd', { 'data-testid': `pixel-band-${i}` }, value)),
  );
  target.replaceChildren(el('p', { 'data-testid': 'pixel-place' }, place), list);
}

function drawHistogram(canvas: HTMLCanvasElement, channel: ViewChannel, colour: string): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { width, height } = canvas;
  ctx.clearRect(0, 0, width, height);
  const counts = channel.histogram;
  let peak = 1;
  for (const c of counts) peak = Math.max(peak, c);
  ctx.fillStyle = cssVar(colour) || cssVar('--vscode-foreground');
  const barWidth = width / counts.length;
  counts.forEach((c, i) => {
    // A square root keeps the small counts visible beside a tall peak.
    const h = Math.sqrt(c / peak) * (height - 2);
    ctx.fillRect(i * barWidth, height - h, Math.max(1, barWidth), h);
  });
  if (channel.min === null || channel.max === null || channel.max <= channel.min) return;
  ctx.strokeStyle = cssVar('--vscode-foreground');
  ctx.lineWidth = 1;
  for (const cut of [channel.low, channel.high]) {
    const x = Math.round(((cut - channel.min) / (channel.max - channel.min)) * width) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, height);
    ctx.stroke();
  }
}

function step(kind: Kind): string {
  return kind === 'reflectance' ? '0.001' : kind === 'index' ? '0.01' : '1';
}

/** One row per channel: the band, its min/max inputs, its histogram. `onEdit` gets every channel's cut-offs. */
export function renderStretch(
  target: HTMLElement,
  view: ViewMessage,
  onEdit: (stretch: { low: number; high: number }[]) => void,
): void {
  const inputs: [HTMLInputElement, HTMLInputElement][] = [];
  const rows = view.channels.map((channel, i) => {
    const colour = view.channels.length === 1 ? '--vscode-foreground' : (CHANNEL_COLOURS[i] as string);
    const low = el('input', {
      type: 'number',
      step: step(channel.kind),
      value: formatValue(channel.low, channel.kind),
      'aria-label': `${channel.band} minimum (${KIND_LABEL[channel.kind]})`,
      'data-testid': `stretch-low-${i}`,
    });
    const high = el('input', {
      type: 'number',
      step: step(channel.kind),
      value: formatValue(channel.high, channel.kind),
      'aria-label': `${channel.band} maximum (${KIND_LABEL[channel.kind]})`,
      'data-testid': `stretch-high-${i}`,
    });
    inputs.push([low, high]);
    const canvas = el('canvas', {
      width: '256',
      height: '56',
      class: 'histogram',
      role: 'img',
      'aria-label': `Histogram of ${channel.band}, from ${formatValue(channel.min, channel.kind)} to ${formatValue(channel.max, channel.kind)}`,
    });
    drawHistogram(canvas, channel, colour);
    const range = el(
      'div',
      { class: 'histogram-range' },
      el('span', { 'data-testid': `histogram-min-${i}` }, formatValue(channel.min, channel.kind)),
      el('span', { 'data-testid': `histogram-max-${i}` }, formatValue(channel.max, channel.kind)),
    );
    return el(
      'div',
      { class: 'channel' },
      el(
        'div',
        { class: 'channel-head' },
        el('strong', { 'data-testid': `channel-band-${i}` }, channel.band),
        el('span', { class: 'kind' }, KIND_LABEL[channel.kind]),
      ),
      el('div', { class: 'channel-inputs' }, el('label', {}, 'min ', low), el('label', {}, 'max ', high)),
      canvas,
      range,
    );
  });
  const submit = () => {
    const stretch = inputs.map(([low, high]) => ({ low: Number(low.value), high: Number(high.value) }));
    if (stretch.every((s) => Number.isFinite(s.low) && Number.isFinite(s.high) && s.high > s.low)) onEdit(stretch);
  };
  for (const [low, high] of inputs) {
    low.addEventListener('change', submit);
    high.addEventListener('change', submit);
  }
  target.replaceChildren(...rows);
}

export function renderLegend(target: HTMLElement, view: ViewMessage): void {
  const channel = view.channels[0];
  if (!view.legend || !channel || view.channels.length !== 1) {
    target.replaceChildren();
    target.hidden = true;
    return;
  }
  target.hidden = false;
  const strip = el('canvas', {
    width: '256',
    height: '1',
    class: 'legend-strip',
    role: 'img',
    'aria-label': `Colour ramp of ${channel.band}`,
  });
  strip.getContext('2d')?.putImageData(new ImageData(new Uint8ClampedArray(view.legend), 256, 1), 0, 0);
  target.replaceChildren(
    el('h2', {}, `Legend: ${channel.band}`),
    strip,
    el(
      'div',
      { class: 'histogram-range' },
      el('span', { 'data-testid': 'legend-low' }, formatValue(channel.low, channel.kind)),
      el('span', {}, KIND_LABEL[channel.kind]),
      el('span', { 'data-testid': 'legend-high' }, formatValue(channel.high, channel.kind)),
    ),
  );
}
