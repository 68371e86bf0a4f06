// The raster core: reading GeoTIFFs for the viewer and the command line. Never imports vscode.
export { RasterError } from './errors';
export type { RasterErrorKind } from './errors';
export { RasterFile } from './open';
export type { RasterMetadata, Overview } from './metadata';
export type { BandWindow, WindowRequest } from './window';
export { computeStretch, renderRgba } from './stretch';
export type { ChannelStretch } from './stretch';
export { presetsFor } from './presets';
export { isLinked, linkStretches } from './linked-stretch';
export type { BandMapping, RampId } from './presets';
export { readPixel } from './inspect';
export type { BandReading, PixelReading, Place } from './inspect';
export { renderView } from './view';
export type { RenderedView, ViewRequest } from './view';
export { lonLatToPixel, pixelToLonLat } from './georef';
export { bandValueRule, valueOf } from './values';
export type { ValueRule } from './values';
