// Reprojects a quick-look of a downloaded image onto the map's grid (Web Mercator, EPSG:3857):
// the image's own grid may be a UTM zone, whose north is not the map's north, so stretching it
// over a lon/lat box would put its pixels tens of metres off. Each output pixel's centre is taken
// back to lon/lat and into the image (`toPixel`, the raster core's georeferencing), and the
// nearest quick-look pixel is copied; outside the image stays transparent. Pure: unit-tested.

const R = 6_378_137;
const DEG = 180 / Math.PI;
/** Pixels per side of the exactly computed grid; in between, image positions are interpolated
 * (a UTM zone bends far less than a pixel over 8 pixels of a 512-pixel quick-look). */
const STEP = 8;

export interface Rgba {
  width: number;
  height: number;
  rgba: Uint8Array | Uint8ClampedArray;
}

export interface ImageGrid {
  /** Size of the full-resolution image, in pixels. */
  width: number;
  height: number;
  /** Fractional full-resolution pixel (column, row) of a longitude/latitude. */
  toPixel(lon: number, lat: number): [number, number];
  /** Longitude/latitude of a fractional full-resolution pixel position. */
  toLonLat(column: number, row: number): [number, number];
}

export interface WarpedImage extends Rgba {
  rgba: Uint8Array<ArrayBuffer>;
  /** [minX, minY, maxX, maxY] in EPSG:3857 metres. */
  extent: [number, number, number, number];
}

export function lonLatToMercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
  return [(lon / DEG) * R, R * Math.log(Math.tan(Math.PI / 4 + clamped / DEG / 2))];
}

function mercatorToLonLat(x: number, y: number): [number, number] {
  return [(x / R) * DEG, (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * DEG];
}

/** The image's extent on the map: its outline (16 points a side) in Web Mercator. */
function mercatorExtent(grid: ImageGrid): [number, number, number, number] {
  const extent: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const add = (column: number, row: number) => {
    const [x, y] = lonLatToMercator(...grid.toLonLat(column, row));
    extent[0] = Math.min(extent[0], x);
    extent[1] = Math.min(extent[1], y);
    extent[2] = Math.max(extent[2], x);
    extent[3] = Math.max(extent[3], y);
  };
  for (let i = 0; i <= 16; i++) {
    const c = (grid.width * i) / 16;
    const r = (grid.height * i) / 16;
    add(c, 0);
    add(c, grid.height);
    add(0, r);
    add(grid.width, r);
  }
  return extent;
}

/** `view` is the quick-look of the whole image (any size); the result is at most `maxSide` pixels
 * on its long side. */
export function warpToMercator(view: Rgba, grid: ImageGrid, maxSide = 512): WarpedImage {
  const extent = mercatorExtent(grid);
  const spanX = extent[2] - extent[0];
  const spanY = extent[3] - extent[1];
  const longSide = Math.max(1, Math.min(maxSide, Math.max(view.width, view.height)));
  const width = Math.max(1, Math.round(spanX >= spanY ? longSide : (longSide * spanX) / spanY));
  const height = Math.max(1, Math.round(spanY > spanX ? longSide : (longSide * spanY) / spanX));
  const sizeX = spanX / width;
  const sizeY = spanY / height;
  // Image positions (quick-look pixels) at the corners of STEP × STEP cells.
  const cols = Math.ceil(width / STEP) + 1;
  const rows = Math.ceil(height / STEP) + 1;
  const at = new Float64Array(cols * rows * 2);
  const kx = view.width / grid.width;
  const ky = view.height / grid.height;
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const [lon, lat] = mercatorToLonLat(
        extent[0] + (Math.min(i * STEP, width) + 0.5) * sizeX,
        extent[3] - (Math.min(j * STEP, height) + 0.5) * sizeY,
      );
      const [c, r] = grid.toPixel(lon, lat);
      at[(j * cols + i) * 2] = c * kx;
      at[(j * cols + i) * 2 + 1] = r * ky;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  const source = view.rgba;
  for (let y = 0; y < height; y++) {
    const j = Math.min(rows - 2, Math.floor(y / STEP));
    const fy = (y - j * STEP) / STEP;
    for (let x = 0; x < width; x++) {
      const i = Math.min(cols - 2, Math.floor(x / STEP));
      const fx = (x - i * STEP) / STEP;
      const a = (j * cols + i) * 2;
      const b = a + 2;
      const c = a + cols * 2;
      const d = c + 2;
      const sx = Math.floor((at[a] * (1 - fx) + at[b] * fx) * (1 - fy) + (at[c] * (1 - fx) + at[d] * fx) * fy);
      const sy = Math.floor(
        (at[a + 1] * (1 - fx) + at[b + 1] * fx) * (1 - fy) + (at[c + 1] * (1 - fx) + at[d + 1] * fx) * fy,
      );
      if (sx < 0 || sy < 0 || sx >= view.width || sy >= view.height) continue;
      const from = (sy * view.width + sx) * 4;
      const to = (y * width + x) * 4;
      rgba[to] = source[from];
      rgba[to + 1] = source[from + 1];
      rgba[to + 2] = source[from + 2];
      rgba[to + 3] = source[from + 3];
    }
  }
  return { width, height, rgba, extent };
}
