// The image on a canvas with its own zoom and pan (the shared map component comes later): a view
// is a centre and a scale in full-resolution pixels; the host's last rendered window is drawn
// where it belongs, nodata over a checker pattern, the requested area outlined (a bright line on a
// dark halo, seen on any imagery) and, when the person asks, the pixels outside it dimmed: an area
// of small fields spread over a large image would leave the whole image pale. Colours come from the
// theme's --vscode-* variables, except the halo's black.

export type Window = [number, number, number, number];

export interface DrawnView {
  window: Window;
  bitmap: HTMLCanvasElement;
}

function themeColour(name: string, fallbackName = '--vscode-foreground'): string {
  const style = getComputedStyle(document.documentElement);
  return style.getPropertyValue(name).trim() || style.getPropertyValue(fallbackName).trim();
}

export class ImageCanvas {
  /** Canvas (CSS) pixels per full-resolution image pixel. */
  scale = 1;
  cx: number;
  cy: number;
  cursor: [number, number] | undefined;
  /** Dims the pixels outside the requested area (the toolbar's checkbox; off by default). */
  dimOutside = false;
  /** A field outlined over the image (from the field statistics chart), with its label. */
  outline: { rings: [number, number][][]; label: string } | undefined;
  private drawn: DrawnView | undefined;
  /** How the view was framed, kept while the person has not zoomed or panned since: a canvas that
   * settles to its size after the first frame (or is resized) is framed again the same way. */
  private framing: 'whole' | 'outline' | undefined = 'whole';

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly imageWidth: number,
    readonly imageHeight: number,
    private readonly aoi: [number, number][][] | undefined,
  ) {
    this.cx = imageWidth / 2;
    this.cy = imageHeight / 2;
  }

  get cssWidth(): number {
    return Math.max(1, this.canvas.clientWidth);
  }

  get cssHeight(): number {
    return Math.max(1, this.canvas.clientHeight);
  }

  fit(): void {
    this.framing = 'whole';
    this.scale = Math.min(this.cssWidth / this.imageWidth, this.cssHeight / this.imageHeight);
    this.cx = this.imageWidth / 2;
    this.cy = this.imageHeight / 2;
  }

  /** Zooms by `factor` keeping the image point under (px, py) in place (default: the centre). */
  zoom(factor: number, px = this.cssWidth / 2, py = this.cssHeight / 2): void {
    this.framing = undefined;
    const [ix, iy] = this.toImage(px, py);
    const min = Math.min(this.cssWidth / this.imageWidth, this.cssHeight / this.imageHeight) / 2;
    this.scale = Math.max(min, Math.min(64, this.scale * factor));
    this.cx = ix - (px - this.cssWidth / 2) / this.scale;
    this.cy = iy - (py - this.cssHeight / 2) / this.scale;
  }

  panBy(dx: number, dy: number): void {
    this.framing = undefined;
    this.cx = Math.max(0, Math.min(this.imageWidth, this.cx - dx / this.scale));
    this.cy = Math.max(0, Math.min(this.imageHeight, this.cy - dy / this.scale));
  }

  toImage(px: number, py: number): [number, number] {
    return [this.cx + (px - this.cssWidth / 2) / this.scale, this.cy + (py - this.cssHeight / 2) / this.scale];
  }

  toCanvas(ix: number, iy: number): [number, number] {
    return [(ix - this.cx) * this.scale + this.cssWidth / 2, (iy - this.cy) * this.scale + this.cssHeight / 2];
  }

  /** The part of the image on screen, in full-resolution pixels, and how wide it is on screen. */
  visible(): { window: Window; screenWidth: number } {
    const [x0, y0] = this.toImage(0, 0);
    const [x1, y1] = this.toImage(this.cssWidth, this.cssHeight);
    const area: Window = [
      Math.max(0, Math.floor(x0)),
      Math.max(0, Math.floor(y0)),
      Math.min(this.imageWidth, Math.ceil(x1)),
      Math.min(this.imageHeight, Math.ceil(y1)),
    ];
    return {
      window: area,
      screenWidth: Math.max(1, (area[2] - area[0]) * this.scale * (window.devicePixelRatio || 1)),
    };
  }

  /** Draws `view`, or (undefined) no image: only the checker of nodata. */
  show(view: DrawnView | undefined): void {
    this.drawn = view;
    this.draw();
  }

  draw(): void {
    const dpr = window.devicePixelRatio || 1;
    const w = this.cssWidth;
    const h = this.cssHeight;
    if (this.canvas.width !== Math.round(w * dpr) || this.canvas.height !== Math.round(h * dpr)) {
      this.canvas.width = Math.round(w * dpr);
      this.canvas.height = Math.round(h * dpr);
    }
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = themeColour('--vscode-editor-background');
    ctx.fillRect(0, 0, w, h);
    const [ax, ay] = this.toCanvas(0, 0);
    const [bx, by] = this.toCanvas(this.imageWidth, this.imageHeight);
    this.checker(ctx, ax, ay, bx - ax, by - ay);
    if (this.drawn) {
      const [x0, y0, x1, y1] = this.drawn.window;
      const [sx, sy] = this.toCanvas(x0, y0);
      const [ex, ey] = this.toCanvas(x1, y1);
      // Past 1:1 the pixels show as squares, as they are.
      ctx.imageSmoothingEnabled = ex - sx < this.drawn.bitmap.width * 1.5;
      ctx.drawImage(this.drawn.bitmap, sx, sy, ex - sx, ey - sy);
    }
    if (this.aoi && this.aoi.length > 0) this.drawAoi(ctx, ax, ay, bx - ax, by - ay);
    if (this.outline && this.outline.rings.length > 0) this.drawOutline(ctx, this.outline);
    if (this.cursor) {
      const [px, py] = this.toCanvas(this.cursor[0] + 0.5, this.cursor[1] + 0.5);
      ctx.strokeStyle = themeColour('--vscode-focusBorder');
      ctx.lineWidth = 1;
      ctx.strokeRect(px - 6, py - 6, 12, 12);
    }
  }

  private checker(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number): void {
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, w, h);
    ctx.clip();
    ctx.fillStyle = themeColour('--vscode-editorWidget-background', '--vscode-editor-background');
    ctx.fillRect(x, y, w, h);
    ctx.fillStyle = themeColour('--vscode-editorIndentGuide-background1', '--vscode-widget-border');
    const size = 8;
    const startX = Math.max(x, 0) - ((Math.max(x, 0) - x) % (2 * size));
    const startY = Math.max(y, 0) - ((Math.max(y, 0) - y) % (2 * size));
    for (let yy = startY, row = 0; yy < Math.min(y + h, this.cssHeight); yy += size, row++) {
      for (let xx = startX + (row % 2) * size; xx < Math.min(x + w, this.cssWidth); xx += 2 * size)
        ctx.fillRect(xx, yy, size, size);
    }
    ctx.restore();
  }

  /** Frames the view again as it was framed (whole, or on the outline) unless the person has
   * zoomed or panned since: for a canvas whose size changed. */
  reframe(): void {
    if (this.framing === 'whole') this.fit();
    else if (this.framing === 'outline') this.fitOutline();
  }

  /** Centres the view on the outline, zoomed so it fills about half the canvas. */
  fitOutline(): void {
    const points = this.outline?.rings.flat() ?? [];
    if (points.length === 0) return;
    this.framing = 'outline';
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    this.cx = (x0 + x1) / 2;
    this.cy = (y0 + y1) / 2;
    const fit = Math.min(this.cssWidth / this.imageWidth, this.cssHeight / this.imageHeight);
    const want = 0.5 * Math.min(this.cssWidth / Math.max(1, x1 - x0), this.cssHeight / Math.max(1, y1 - y0));
    this.scale = Math.max(fit, Math.min(64, want));
  }

  private drawOutline(ctx: CanvasRenderingContext2D, outline: { rings: [number, number][][]; label: string }): void {
    const path = new Path2D();
    let top: [number, number] = [Infinity, Infinity];
    for (const ring of outline.rings) {
      ring.forEach(([c, r], i) => {
        const [px, py] = this.toCanvas(c, r);
        if (py < top[1]) top = [px, py];
        if (i === 0) path.moveTo(px, py);
        else path.lineTo(px, py);
      });
      path.closePath();
    }
    ctx.save();
    strokeWithHalo(ctx, path, themeColour('--vscode-charts-blue', '--vscode-focusBorder'));
    ctx.font = `12px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
    const width = ctx.measureText(outline.label).width;
    ctx.fillStyle = themeColour('--vscode-editorWidget-background', '--vscode-editor-background');
    ctx.globalAlpha = 0.85;
    ctx.fillRect(top[0] - width / 2 - 4, top[1] - 22, width + 8, 17);
    ctx.globalAlpha = 1;
    ctx.fillStyle = themeColour('--vscode-editorWidget-foreground', '--vscode-foreground');
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(outline.label, top[0], top[1] - 13);
    ctx.restore();
  }

  private drawAoi(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number): void {
    const path = new Path2D();
    for (const ring of this.aoi ?? []) {
      ring.forEach(([c, r], i) => {
        const [px, py] = this.toCanvas(c, r);
        if (i === 0) path.moveTo(px, py);
        else path.lineTo(px, py);
      });
      path.closePath();
    }
    if (this.dimOutside) {
      const outside = new Path2D();
      outside.rect(x, y, w, h);
      outside.addPath(path);
      ctx.save();
      ctx.globalAlpha = 0.6;
      ctx.fillStyle = themeColour('--vscode-editor-background');
      ctx.fill(outside, 'evenodd');
      ctx.restore();
    }
    strokeWithHalo(ctx, path, themeColour('--vscode-charts-yellow', '--vscode-focusBorder'));
  }
}

/** A 3 px line in `colour` over a 6 px dark halo: the line shows on dark pixels, the halo on
 * bright ones (clouds, bare soil, a light theme's dimming). */
function strokeWithHalo(ctx: CanvasRenderingContext2D, path: Path2D, colour: string): void {
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.7)';
  ctx.lineWidth = 6;
  ctx.stroke(path);
  ctx.strokeStyle = colour;
  ctx.lineWidth = 3;
  ctx.stroke(path);
  ctx.restore();
}
