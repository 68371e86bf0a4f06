// What a statistics table records it was made from, beside its rows: an imagery file's apply
// writes its declared table's recipe (the fields file's name and SHA-256, the indices, the pixel
// rule and the id property: declared-field-stats.ts) into the GeoParquet's key-value metadata
// under this key, so a later plan or verify can tell a table whose images are all there but
// whose fields file changed since from one up to date. The CSV has no place for it; the two are
// always written together. The value is opaque here: the writer and the reader of the recipe
// agree on it, the statistics core only keeps it.
export const MADE_FROM_KEY = 'sat-imagery:made-from';
