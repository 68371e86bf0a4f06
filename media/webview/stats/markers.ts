// Point shapes and swatches: a selected field is told from the others by its colour and, once the
// palette comes round again, by its point's shape, the one thing both views keep (by day of year
// a line's dash says its season, not its field). The legend, the field list and the PNG draw the
// same swatch as the chart: a short line in the field's colour and dash, its point on it.

export const MARKERS = ['circle', 'square', 'triangle', 'diamond'] as const;
export type Marker = (typeof MARKERS)[number];

export interface SeriesStyle {
  colour: string;
  dash: number[];
  marker: Marker;
}

/** What a swatch shows: a line in a colour and dash, and a point on it when `marker` is given. */
export type SwatchStyle = Omit<SeriesStyle, 'marker'> & { marker?: Marker };

/** Begins a path of `marker` centred on (x, y), about `r` from its centre to its edge; fill or
 * stroke it after. Each shape covers about the circle's area, so none looks heavier. */
export function traceMarker(ctx: CanvasRenderingContext2D, marker: Marker, x: number, y: number, r: number): void {
  ctx.beginPath();
  if (marker === 'circle') ctx.arc(x, y, r, 0, Math.PI * 2);
  else if (marker === 'square') ctx.rect(x - r * 0.89, y - r * 0.89, r * 1.78, r * 1.78);
  else if (marker === 'triangle') {
    const s = r * 1.35;
    ctx.moveTo(x, y - s);
    ctx.lineTo(x + s * 0.87, y + s * 0.5);
    ctx.lineTo(x - s * 0.87, y + s * 0.5);
    ctx.closePath();
  } else {
    const s = r * 1.25;
    ctx.moveTo(x, y - s);
    ctx.lineTo(x + s, y);
    ctx.lineTo(x, y + s);
    ctx.lineTo(x - s, y);
    ctx.closePath();
  }
}

/** A swatch `width` × `height` at (x, y): a line across it in the style's dash, its point in the
 * middle. */
export function drawSwatch(
  ctx: CanvasRenderingContext2D,
  style: SwatchStyle,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const middle = y + height / 2;
  ctx.save();
  ctx.strokeStyle = style.colour;
  ctx.fillStyle = style.colour;
  ctx.lineWidth = Math.max(1.5, height / 6);
  ctx.setLineDash(style.dash.map((d) => (d * height) / 10));
  ctx.beginPath();
  ctx.moveTo(x, middle);
  ctx.lineTo(x + width, middle);
  ctx.stroke();
  if (style.marker) {
    traceMarker(ctx, style.marker, x + width / 2, middle, height * 0.32);
    ctx.fill();
  }
  ctx.restore();
}

/** The swatch as an element of the page (the legend's, the field list's), drawn at the screen's
 * pixel density; hidden from screen readers, which read the field's name beside it. */
export function swatchElement(style: SwatchStyle): HTMLCanvasElement {
  const width = 22;
  const height = 12;
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  canvas.className = 'stats-swatch';
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.setAttribute('aria-hidden', 'true');
  if (style.marker) canvas.dataset.marker = style.marker; // what the browser test reads
  const ctx = canvas.getContext('2d');
  if (ctx) {
    ctx.scale(ratio, ratio);
    drawSwatch(ctx, style, 0, 0, width, height);
  }
  return canvas;
}
