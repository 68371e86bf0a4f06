// The statistics of a field on a date, in the order every table of them has them: the CSV and
// GeoParquet tables `sat-imagery stats` writes (between field, date, index and image), the table
// read back for the map, and the packed table the statistics page draws from. Written once here,
// so they cannot drift apart.
export const STAT_COLUMNS = [
  'mean',
  'median',
  'std',
  'min',
  'max',
  'p10',
  'p25',
  'p75',
  'p90',
  'valid_pixels',
  'nodata_pixels',
  'valid_fraction',
] as const;

export type StatColumn = (typeof STAT_COLUMNS)[number];
