// The table a series folder keeps its field statistics in, beside its row cache: written by
// `sat-imagery series --stats` and by Show Field Statistics, read by the map. A module of its own,
// with nothing to load, so the extension names it without the statistics core.
export const SERIES_TABLE_NAME = 'field-stats.csv';
