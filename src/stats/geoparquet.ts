// Placeholder replaced by the GeoParquet writer.
import type { Field } from './fields';
import type { StatsRow } from './table';

export async function writeGeoParquet(_path: string, _rows: readonly StatsRow[], _fields: readonly Field[]): Promise<void> {
  throw new Error('GeoParquet output is not built yet.');
}
