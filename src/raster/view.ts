// A view of a file as a person first sees it: a band mapping, a window decimated to a width, the
// percentile stretch (per channel, or shared by true colour's three), and the RGBA buffer to draw.
import type { RasterFile } from './open';
import { presetsFor } from './presets';
import type { BandMapping } from './presets';
import { isLinked, linkStretches } from './linked-stretch';
import { computeStretch, renderRgba } from './stretch';
import type { ChannelStretch } from './stretch';

export interface ViewRequest {
  targetWidth: number;
  /** Default: the first preset (true colour when the file has it). */
  mapping?: BandMapping;
  window?: [number, number, number, number];
  percentiles?: [number, number];
}

export interface RenderedView {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
  mapping: BandMapping;
  stretches: ChannelStretch[];
  level: number;
}

export async function renderView(raster: RasterFile, request: ViewRequest): Promise<RenderedView> {
  const mapping = request.mapping ?? (presetsFor(raster.metadata.bandNames)[0] as BandMapping);
  const read = await raster.readWindow({
    bands: mapping.bands,
    targetWidth: request.targetWidth,
    ...(request.window ? { window: request.window } : {}),
  });
  const [low, high] = request.percentiles ?? [2, 98];
  const own = read.data.map((channel) => computeStretch(channel, low, high));
  const stretches = isLinked(mapping, raster.metadata.values) ? linkStretches(own) : own;
  return {
    width: read.width,
    height: read.height,
    rgba: renderRgba(read.data, stretches, mapping.ramp ?? 'gray'),
    mapping,
    stretches,
    level: read.level,
  };
}
