// Per-field statistics over time: fields from an area file, images from files, folders or STAC,
// an index per pixel, statistics per field, date and index as one long table. Never imports vscode.
export { computeStats, imageCounts } from './compute-stats';
export type { StatsResult } from './compute-stats';
export { PIXEL_RULES, coverageOf } from './coverage';
export type { PixelRule } from './coverage';
export { StatsError } from './errors';
export { readFields } from './fields';
export type { Field } from './fields';
export { listImages } from './images';
export { NAMED_INDICES, measureOf } from './indices';
export type { Measure } from './indices';
export { RowCache } from './incremental';
export { openTableCache } from './row-cache-home';
export type { RowCacheHome } from './row-cache-home';
export { COLUMNS, csvPieces, toCsv } from './table';
export { indicesOf, latestValues } from './latest';
export type { LatestValue, Statistic } from './latest';
export { TABLE_HEADER, readStatsCsv } from './read-table';
export type { StatsRow } from './table';
export { geoParquetTable } from './read-geoparquet';
