// How much of an area, and of each of its fields, an image holds data for: the share of the pixels
// inside the polygons (a pixel counts when its centre is inside, GDAL's default rule) where some
// band is not nodata. The image is read once, as one decimated view (an overview when the file has
// one, `readValidMask`), so a 5120 × 5120 image costs one bounded read however many fields it has;
// each field costs the rows its edges cross, not its box's pixels. A bought image that leaves a
// field without data is then said, not found later in the statistics.
import { lonLatToPixel } from './georef';
import type { RasterMetadata } from './metadata';
import type { RasterFile } from './open';
import { readValidMask } from './validity';
import type { ValidMask } from './validity';

/** A polygon in longitude/latitude (EPSG:4326): rings of [lon, lat], the first outer. */
export type LonLatPolygon = readonly (readonly (readonly number[])[])[];

/** An area file: its polygons, and its fields (a FeatureCollection's features, each named). */
export interface AreaShape {
  polygons: readonly LonLatPolygon[];
  fields: readonly { id: string; polygons: readonly LonLatPolygon[] }[];
}

export interface FieldShare {
  field: string;
  /** 0..1 of the field's pixels that hold data (pixels outside the image hold none); undefined
   * when the field has no pixel and its centre lies outside the image. */
  fraction: number | undefined;
}

export interface AreaValidity {
  /** 0..1 of the image's pixels that hold data. */
  image: number;
  /** 0..1 of the area's pixels that hold data. */
  area: number | undefined;
  fields: FieldShare[];
  /** Per band (0..1) over the whole image, in the file's band order (the STAC Item's shares). */
  bands: number[];
  /** The stored number counted as nodata: the file's, else the service's for the data type. */
  nodata: number | undefined;
  /** The size of the view counted, in pixels. */
  sampled: [number, number];
}

/** Columns counted across: a field of a few view pixels still has a share (at 10 m over a
 * 51 km image, a view pixel is 50 m), and the view stays within a few megabytes. */
const FIELD_SAMPLE_WIDTH = 1024;

export async function measureAreaValidity(
  raster: RasterFile,
  shape: AreaShape,
  targetWidth = FIELD_SAMPLE_WIDTH,
): Promise<AreaValidity> {
  const view = await readValidMask(raster, targetWidth);
  const onView = viewProjection(raster.metadata, view);
  const pixels = view.width * view.height;
  const image = pixels > 0 ? view.mask.reduce((sum, v) => sum + v, 0) / pixels : 0;
  const fields = shape.fields.map(({ id, polygons }) => ({
    field: id,
    fraction: shareInside(view, polygons.map(onView)),
  }));
  const area = shareInside(view, shape.polygons.map(onView));
  return { image, area, fields, bands: view.bands, nodata: view.nodata, sampled: [view.width, view.height] };
}

type ViewPolygon = number[][][];

/** Longitude/latitude to the view's pixels: the file's pixels scaled by the view's decimation. */
function viewProjection(meta: RasterMetadata, view: ValidMask): (polygon: LonLatPolygon) => ViewPolygon {
  const sx = view.width / meta.width;
  const sy = view.height / meta.height;
  return (polygon) =>
    polygon.map((ring) =>
      ring.map(([lon, lat]) => {
        const [x, y] = lonLatToPixel(meta, lon as number, lat as number);
        return [x * sx, y * sy];
      }),
    );
}

/** The share of valid pixels among those whose centre is inside the polygons (even-odd over
 * each polygon's rings, so holes fall out; a pixel inside two polygons counts once). A field
 * smaller than a pixel takes the pixel under the centre of its box. */
function shareInside(view: ValidMask, polygons: ViewPolygon[]): number | undefined {
  let inside = 0;
  let valid = 0;
  for (const [row, spans] of rowSpans(polygons)) {
    for (const [from, to] of spans) {
      inside += to - from;
      if (row < 0 || row >= view.height) continue;
      const offset = row * view.width;
      for (let c = Math.max(0, from); c < Math.min(view.width, to); c++) valid += view.mask[offset + c] as number;
    }
  }
  if (inside > 0) return valid / inside;
  return pixelUnderCentre(view, polygons);
}

/** For each row, the columns [from, to) whose pixel centres are inside, merged across polygons. */
function rowSpans(polygons: ViewPolygon[]): Map<number, [number, number][]> {
  const rows = new Map<number, [number, number][]>();
  for (const polygon of polygons) {
    for (const [row, crossings] of rowCrossings(polygon)) {
      crossings.sort((a, b) => a - b);
      let spans = rows.get(row);
      if (!spans) rows.set(row, (spans = []));
      for (let k = 0; k + 1 < crossings.length; k += 2) {
        // Pixel c's centre c + 0.5 is inside when a ≤ c + 0.5 < b.
        const from = Math.ceil((crossings[k] as number) - 0.5);
        const to = Math.ceil((crossings[k + 1] as number) - 0.5);
        if (from < to) spans.push([from, to]);
      }
    }
  }
  if (polygons.length > 1) for (const [row, spans] of rows) rows.set(row, merged(spans));
  return rows;
}

function merged(spans: [number, number][]): [number, number][] {
  spans.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of spans) {
    const last = out[out.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** For each row whose centre line an edge of the polygon crosses, the columns where it does. */
function rowCrossings(polygon: ViewPolygon): Map<number, number[]> {
  const rows = new Map<number, number[]>();
  for (const ring of polygon) {
    for (let i = 0; i + 1 < ring.length; i++) {
      const [ax, ay] = ring[i] as [number, number];
      const [bx, by] = ring[i + 1] as [number, number];
      if (ay === by) continue;
      // Rows r whose centre r + 0.5 lies in [min, max): each crossed once, a shared vertex once.
      const first = Math.ceil(Math.min(ay, by) - 0.5);
      const last = Math.ceil(Math.max(ay, by) - 0.5) - 1;
      for (let r = first; r <= last; r++) {
        const yc = r + 0.5;
        const x = ax + ((yc - ay) * (bx - ax)) / (by - ay);
        const list = rows.get(r);
        if (list) list.push(x);
        else rows.set(r, [x]);
      }
    }
  }
  return rows;
}

function pixelUnderCentre(view: ValidMask, polygons: ViewPolygon[]): number | undefined {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of polygons.flat()) {
    for (const [x, y] of ring as [number, number][]) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  const column = Math.floor((minX + maxX) / 2);
  const row = Math.floor((minY + maxY) / 2);
  // No position (NaN), or a centre off the image: nothing to say.
  if (!(column >= 0 && row >= 0 && column < view.width && row < view.height)) return undefined;
  return view.mask[row * view.width + column] as number;
}
