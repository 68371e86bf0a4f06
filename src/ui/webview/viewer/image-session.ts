// One open image for the viewer: the raster core (loaded with the first image, dist/raster.js),
// the metadata pane's rows, the STAC sidecar's area and request, and the views and pixel readings
// the page asks for. The last window read is kept, so editing a stretch does not read the file again.
import { JSON_FILE_LIMITS, readJsonBounded } from '../../../files/bounded-read';
import { basename } from 'node:path';
import type { BandMapping, BandWindow, ChannelStretch, RasterFile, RasterMetadata, ValueRule } from '../../../raster';
import { sidecarPath } from '../../../files/stac-names';
import type { PixelMessage, ShowViewerMessage, ViewChannel, ViewerPageMessage, ViewMessage } from './protocol';
import { factsOf, sidecarOf } from './image-facts';
import { locatorOf } from './locator';
import { chooseStretches, isEmptyView } from './stretch-choice';

type Raster = typeof import('../../../raster');

/** A render request as the page's `render` message carries it (its schema's type). */
export type RenderRequest = Omit<Extract<ViewerPageMessage, { type: 'render' }>, 'type' | 'requestId'>;

export class ImageSession {
  private lastRead: { key: string; read: BandWindow } | undefined;

  private constructor(
    private readonly core: Raster,
    private readonly raster: RasterFile,
    readonly show: ShowViewerMessage,
  ) {}

  static async open(path: string): Promise<ImageSession> {
    // The raster core (geotiff.js) is a bundle of its own, loaded with the first image.
    const core = await import('../../../raster');
    const raster = await core.RasterFile.open(path);
    try {
      const meta = raster.metadata;
      const sidecar = await readSidecar(path);
      const { aoi, requestText, facts } = sidecarOf(sidecar, meta, core);
      const show: ShowViewerMessage = {
        type: 'show',
        fileName: basename(path),
        width: meta.width,
        height: meta.height,
        facts: [...factsOf(meta), ...facts],
        presets: core.presetsFor(meta.bandNames).map((p) => ({
          id: p.id,
          label: p.label,
          bands: p.bands.map((b) => meta.bandNames[b] as string),
          ...(p.ramp ? { ramp: p.ramp } : {}),
        })),
        ...(aoi ? { aoi } : {}),
        ...(requestText ? { requestText } : {}),
        ...locatorField(meta, core, sidecar),
      };
      return new ImageSession(core, raster, show);
    } catch (error) {
      await raster.close();
      throw error;
    }
  }

  get metadata(): RasterMetadata {
    return this.raster.metadata;
  }

  private mapping(presetId: string): BandMapping {
    const found = this.core.presetsFor(this.metadata.bandNames).find((p) => p.id === presetId);
    if (!found) throw new Error(`The image has no band mapping "${presetId}".`);
    return found;
  }

  async render(request: RenderRequest, inReplyTo: string): Promise<ViewMessage> {
    const meta = this.metadata;
    const mapping = this.mapping(request.presetId);
    const window = clampWindow(request.window, meta.width, meta.height);
    const targetWidth = Math.max(1, Math.min(4096, Math.round(request.targetWidth)));
    const key = JSON.stringify([mapping.bands, window, targetWidth]);
    const read =
      this.lastRead?.key === key
        ? this.lastRead.read
        : await this.raster.readWindow({ bands: mapping.bands, targetWidth, window });
    this.lastRead = { key, read };
    const rules = mapping.bands.map((b) => meta.values[b] as ValueRule);
    const own = read.data.map((channel) => this.core.computeStretch(channel));
    const percentile = this.core.isLinked(mapping, meta.values) ? this.core.linkStretches(own) : own;
    const stretches = chooseStretches(percentile, request.stretch, rules, request.carried);
    const empty = isEmptyView(own);
    const rgba = this.core.renderRgba(read.data, stretches, mapping.ramp ?? 'gray');
    const channels: ViewChannel[] = stretches.map((s, i) =>
      channelOf(s, rules[i] as ValueRule, meta.bandNames[mapping.bands[i] as number] as string),
    );
    return {
      type: 'view',
      inReplyTo,
      presetId: mapping.id,
      window,
      width: read.width,
      height: read.height,
      rgba,
      channels,
      level: read.level,
      empty,
      ...(mapping.bands.length === 1 ? { legend: this.legend(mapping.ramp ?? 'gray') } : {}),
    };
  }

  private legend(ramp: 'gray' | 'index'): Uint8ClampedArray {
    const steps = Float32Array.from({ length: 256 }, (_, i) => i);
    const stretch: ChannelStretch = {
      low: 0,
      high: 255,
      min: 0,
      max: 255,
      validCount: 256,
      histogram: new Uint32Array(256),
    };
    return this.core.renderRgba([steps], [stretch], ramp);
  }

  async inspect(column: number, row: number, inReplyTo: string): Promise<PixelMessage> {
    const meta = this.metadata;
    const reading = await this.core.readPixel(this.raster, { column, row });
    const c = Math.floor(column);
    const r = Math.floor(row);
    const x = meta.origin[0] + (c + 0.5) * meta.resolution[0];
    const y = meta.origin[1] - (r + 0.5) * meta.resolution[1];
    const crs = meta.epsg !== undefined ? `EPSG:${meta.epsg}` : 'unknown CRS';
    if (!reading)
      return { type: 'pixel', inReplyTo, column: c, row: r, inside: false, lon: null, lat: null, x, y, crs, bands: [] };
    return {
      type: 'pixel',
      inReplyTo,
      column: reading.column,
      row: reading.row,
      inside: true,
      lon: reading.lon ?? null,
      lat: reading.lat ?? null,
      x,
      y,
      crs,
      bands: reading.bands.map((b) => ({ name: b.name, raw: b.raw ?? null, value: b.value ?? null, kind: b.kind })),
    };
  }

  close(): Promise<void> {
    return this.raster.close();
  }
}

function channelOf(s: ChannelStretch, rule: ValueRule, band: string): ViewChannel {
  const value = (raw: number) => raw * rule.scale + rule.offset;
  return {
    band,
    kind: rule.kind,
    low: value(s.low),
    high: value(s.high),
    min: Number.isNaN(s.min) ? null : value(s.min),
    max: Number.isNaN(s.max) ? null : value(s.max),
    histogram: s.histogram,
  };
}

function clampWindow(
  w: [number, number, number, number],
  width: number,
  height: number,
): [number, number, number, number] {
  const x0 = Math.max(0, Math.min(width - 1, Math.floor(w[0])));
  const y0 = Math.max(0, Math.min(height - 1, Math.floor(w[1])));
  const x1 = Math.max(x0 + 1, Math.min(width, Math.ceil(w[2])));
  const y1 = Math.max(y0 + 1, Math.min(height, Math.ceil(w[3])));
  return [x0, y0, x1, y1];
}

/** The STAC Item beside the image, when there is one and it parses. */
async function readSidecar(path: string): Promise<unknown> {
  // No sidecar (or not JSON, too large, not a regular file): the image alone is still worth showing.
  return readJsonBounded(sidecarPath(path), JSON_FILE_LIMITS.item);
}

function locatorField(meta: RasterMetadata, core: Raster, sidecar: unknown): Pick<ShowViewerMessage, 'locator'> {
  const locator = locatorOf(meta, core, sidecar);
  return locator ? { locator } : {};
}
