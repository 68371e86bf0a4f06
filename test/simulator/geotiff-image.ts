// The simulator's images as the service delivers them: a GeoTIFF georeferenced in the requested
// EPSG (GeoKeys, tie point, pixel scale), one band per requested band named in GDAL's metadata,
// INT16 (reflectance × 10000, index × 32767, nodata -32768) or UINT8 (nodata 0), DEFLATE with
// the horizontal predictor, in strips when small and 256 × 256 tiles when large. The pixels
// show the landscape of scene.ts on the requested date; clouds are nodata. A date the date search
// lists for an area always shows some of it: clouds that would hide the whole image are lifted
// (the date search has no field to say a date is all cloud). `empty` is the one way to get an
// image of nodata alone, the paid-for answer with nothing in it (fault `emptyImages`);
// `nodataBoxes` blanks the boxes given, a field's worth of nodata in an image sold as whole.
import { deflateSync } from 'node:zlib';
import type { Bbox } from './geometry';
import { imageGrid } from './image-grid';
import type { ImageGrid } from './image-grid';
import { ASCII, DOUBLE, LONG, SHORT, writeHeader } from './geotiff';
import type { IfdEntry } from './geotiff';
import { demoGround, demoLandscape, DEMO_STYLE, inDemoRegion } from './demo-landscape';
import type { DemoLandscape } from './demo-landscape';
import { bandRecipe, bandValue, PLAIN_STYLE, sampleGround, sceneDay } from './scene';
import type { GroundSample, SceneDay } from './scene';
import { seasonGround } from './season';
import type { SeasonScript } from './season';

type ImageDataType = 'int16' | 'uint8';

export interface GeoTiffSpec {
  bbox: Bbox;
  /** As requested: 4326, 326xx/327xx, or 47000 (automatic UTM). */
  epsg: number;
  resolution: number;
  bands: string[];
  dataType: ImageDataType;
  date: string;
  seed: number;
  /** Every pixel nodata (the `emptyImages` fault). */
  empty?: boolean;
  /** Every pixel inside one of these boxes is nodata (the `nodataBoxes` fault, this date's). */
  nodataBoxes?: Bbox[];
  /** The scripted season: no random clouds, its fields drawn as it says (season.ts). */
  season?: SeasonScript;
  /** The simulator holds the demo data: the demo region shows the demo's landscape (demo-landscape.ts). */
  demo?: boolean;
}

const TILE = 256;
/** Rasters wider or taller than this are tiled. */
const TILED_ABOVE = 512;

const NODATA: Record<ImageDataType, number> = { int16: -32768, uint8: 0 };

/** The stored number of a reflectance (plain band) or index value (-1..1). */
function encode(value: number, isIndex: boolean, dataType: ImageDataType): number {
  if (dataType === 'int16') return Math.max(-32767, Math.min(32767, Math.round(value * (isIndex ? 32767 : 10000))));
  const unit = isIndex ? (value + 1) / 2 : value;
  return Math.max(1, Math.min(255, 1 + Math.round(unit * 254)));
}

function renderPlanes(spec: GeoTiffSpec, grid: ImageGrid): (Int16Array | Uint8Array)[] {
  const { width, height } = grid;
  const planes = spec.bands.map(() =>
    spec.dataType === 'int16' ? new Int16Array(width * height) : new Uint8Array(width * height),
  );
  const nodata = NODATA[spec.dataType];
  if (spec.empty) {
    for (const plane of planes) plane.fill(nodata);
    return planes;
  }
  const scene = sceneDay(spec.date, spec.seed);
  const day = spec.season ? { ...scene, cloudCover: 0 } : scene;
  if (!drawScene(spec, grid, day, planes)) drawScene(spec, grid, { ...day, cloudCover: 0 }, planes);
  return planes;
}

/** Draws the scene of a day into the planes; false when no pixel was clear. */
function drawScene(spec: GeoTiffSpec, grid: ImageGrid, day: SceneDay, planes: (Int16Array | Uint8Array)[]): boolean {
  const { width, height } = grid;
  const recipes = spec.bands.map(bandRecipe);
  const nodata = NODATA[spec.dataType];
  let anyClear = false;
  const ground: GroundSample = { clear: true, water: false, green: 0, dry: 0, soil: 1, built: 0, grain: 0 };
  const land: DemoLandscape | undefined = spec.demo ? demoLandscape() : undefined;
  const pixelMetres =
    grid.epsg === 4326 ? grid.pixelWidth * 111_320 * Math.cos(56.1 * (Math.PI / 180)) : grid.pixelWidth;
  for (let y = 0; y < height; y++) {
    const rowY = grid.originY - (y + 0.5) * grid.pixelHeight;
    // Interpolating along a row is exact for 4326 and within centimetres for UTM at these sizes.
    const [lon0, lat0] = grid.toLonLat(grid.originX + 0.5 * grid.pixelWidth, rowY);
    const [lon1, lat1] = grid.toLonLat(grid.originX + (width - 0.5) * grid.pixelWidth, rowY);
    for (let x = 0; x < width; x++) {
      const t = width > 1 ? x / (width - 1) : 0;
      const lon = lon0 + t * (lon1 - lon0);
      const lat = lat0 + t * (lat1 - lat0);
      const demo = land !== undefined && inDemoRegion(lon, lat);
      sampleGround(lon, lat, day, ground, demo ? DEMO_STYLE : PLAIN_STYLE);
      if (demo) demoGround(land, lon, lat, spec.date, pixelMetres, ground);
      if (spec.season) seasonGround(spec.season, lon, lat, spec.date, ground);
      if (ground.clear && inBoxes(spec.nodataBoxes, lon, lat)) ground.clear = false;
      anyClear ||= ground.clear;
      const at = y * width + x;
      for (let b = 0; b < recipes.length; b++) {
        const recipe = recipes[b]!;
        (planes[b] as Int16Array | Uint8Array)[at] = ground.clear
          ? encode(bandValue(recipe, ground), recipe.kind === 'index', spec.dataType)
          : nodata;
      }
    }
  }
  return anyClear;
}

function inBoxes(boxes: readonly Bbox[] | undefined, lon: number, lat: number): boolean {
  return (boxes ?? []).some((b) => lon >= b.west && lon <= b.east && lat >= b.south && lat <= b.north);
}

/** One chunk (strip or tile) of one band: copied out, differenced along rows, deflated. */
function encodeChunk(
  plane: Int16Array | Uint8Array,
  width: number,
  height: number,
  x0: number,
  y0: number,
  w: number,
  h: number,
  fill: number,
): Buffer {
  const chunk = plane instanceof Int16Array ? new Int16Array(w * h) : new Uint8Array(w * h);
  chunk.fill(fill);
  for (let y = 0; y < h && y0 + y < height; y++) {
    const from = (y0 + y) * width + x0;
    chunk.set(plane.subarray(from, from + Math.min(w, width - x0)), y * w);
  }
  // Predictor 2: each sample minus its left neighbour; the typed array wraps like the TIFF spec.
  for (let y = 0; y < h; y++) {
    for (let x = w - 1; x > 0; x--) chunk[y * w + x] = (chunk[y * w + x] as number) - (chunk[y * w + x - 1] as number);
  }
  return deflateSync(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
}

function geoKeys(epsg: number): number[] {
  if (epsg === 4326) return [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326];
  return [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, epsg];
}

function gdalMetadata(spec: GeoTiffSpec): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const items = [`  <Item name="ACQUISITION_DATE">${escape(spec.date)}</Item>`];
  spec.bands.forEach((band, i) =>
    items.push(`  <Item name="DESCRIPTION" sample="${i}" role="description">${escape(band)}</Item>`),
  );
  return `<GDALMetadata>\n${items.join('\n')}\n</GDALMetadata>`;
}

export function buildGeoTiff(spec: GeoTiffSpec): Buffer {
  const bands = Math.max(1, spec.bands.length);
  const specWithBands = spec.bands.length > 0 ? spec : { ...spec, bands: ['B4'] };
  const grid = imageGrid(spec.bbox, spec.epsg, spec.resolution, bands);
  const { width, height } = grid;
  const planes = renderPlanes(specWithBands, grid);
  const tiled = width > TILED_ABOVE || height > TILED_ABOVE;
  const bytesPerSample = spec.dataType === 'int16' ? 2 : 1;
  const chunkW = tiled ? TILE : width;
  const chunkH = tiled ? TILE : Math.max(1, Math.min(height, Math.floor(65536 / (width * bytesPerSample))));
  const across = Math.ceil(width / chunkW);
  const down = Math.ceil(height / chunkH);
  const chunks: Buffer[] = [];
  for (const plane of planes) {
    for (let cy = 0; cy < down; cy++) {
      for (let cx = 0; cx < across; cx++) {
        // Strips end at the last row; tiles are always full size.
        const h = tiled ? chunkH : Math.min(chunkH, height - cy * chunkH);
        chunks.push(encodeChunk(plane, width, height, cx * chunkW, cy * chunkH, chunkW, h, NODATA[spec.dataType]));
      }
    }
  }
  const offsets: IfdEntry & { values: number[] } = { tag: tiled ? 324 : 273, type: LONG, values: chunks.map(() => 0) };
  const entries: IfdEntry[] = [
    { tag: 256, type: LONG, values: [width] },
    { tag: 257, type: LONG, values: [height] },
    { tag: 258, type: SHORT, values: new Array<number>(bands).fill(bytesPerSample * 8) },
    { tag: 259, type: SHORT, values: [8] },
    { tag: 262, type: SHORT, values: [1] },
    { tag: 277, type: SHORT, values: [bands] },
    { tag: 284, type: SHORT, values: [2] },
    { tag: 317, type: SHORT, values: [2] },
    { tag: 339, type: SHORT, values: new Array<number>(bands).fill(spec.dataType === 'int16' ? 2 : 1) },
    offsets,
    { tag: tiled ? 325 : 279, type: LONG, values: chunks.map((c) => c.length) },
    ...(tiled
      ? [
          { tag: 322, type: SHORT, values: [TILE] },
          { tag: 323, type: SHORT, values: [TILE] },
        ]
      : [{ tag: 278, type: LONG, values: [chunkH] }]),
    { tag: 33550, type: DOUBLE, values: [grid.pixelWidth, grid.pixelHeight, 0] },
    { tag: 33922, type: DOUBLE, values: [0, 0, 0, grid.originX, grid.originY, 0] },
    { tag: 34735, type: SHORT, values: geoKeys(grid.epsg) },
    { tag: 42112, type: ASCII, values: gdalMetadata(specWithBands) },
    { tag: 42113, type: ASCII, values: String(NODATA[spec.dataType]) },
  ];
  if (bands > 1) entries.push({ tag: 338, type: SHORT, values: new Array<number>(bands - 1).fill(0) });
  const header = writeHeader(entries, (dataOffset) => {
    let at = dataOffset;
    offsets.values = chunks.map((c) => {
      const start = at;
      at += c.length;
      return start;
    });
  });
  return Buffer.concat([header, ...chunks]);
}

/** The grid an image of this spec is written on (for tests and the request log). */
export function gridOf(spec: Pick<GeoTiffSpec, 'bbox' | 'epsg' | 'resolution' | 'bands'>): ImageGrid {
  return imageGrid(spec.bbox, spec.epsg, spec.resolution, Math.max(1, spec.bands.length));
}
