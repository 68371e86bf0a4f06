// The long table as GeoParquet 1.1: the table's columns, and each row's field geometry as WKB in
// `geometry` (longitude/latitude, so the `geo` metadata leaves crs at its OGC:CRS84 default), with
// the `geo` key-value metadata GDAL, DuckDB and GeoPandas read. Written by hyparquet-writer (plain
// JavaScript, no native part) into a buffer, then to disk atomically like every file we write.
import { geojsonToWkb, parquetWriteBuffer } from 'hyparquet-writer';
import { replaceFileSafely } from '../files/safe-files';
import type { Field } from './fields';
import { MADE_FROM_KEY } from './made-from';
import { COLUMNS } from './table';
import type { StatsRow } from './table';

const TEXT = new Set(['field', 'date', 'index', 'image']);

function geoParquetBytes(rows: readonly StatsRow[], fields: readonly Field[], madeFrom?: string): Uint8Array {
  const wkbOf = new Map(
    fields.map((f) => {
      // Longitude and latitude only, what was measured: a height would make the WKB a 'Polygon Z'
      // (and a height on some positions only a geometry hyparquet-writer refuses).
      const polygons = f.polygons.map((polygon) => polygon.map((ring) => ring.map((p) => p.slice(0, 2))));
      return [
        f.id,
        geojsonToWkb(
          polygons.length === 1
            ? { type: 'Polygon', coordinates: polygons[0] as number[][][] }
            : { type: 'MultiPolygon', coordinates: polygons },
        ),
      ];
    }),
  );
  const bbox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of fields.flatMap((f) => f.polygons.flatMap((polygon) => polygon[0] ?? []))) {
    bbox[0] = Math.min(bbox[0] as number, p[0] as number);
    bbox[1] = Math.min(bbox[1] as number, p[1] as number);
    bbox[2] = Math.max(bbox[2] as number, p[0] as number);
    bbox[3] = Math.max(bbox[3] as number, p[1] as number);
  }
  const types = [...new Set(fields.map((f) => (f.polygons.length === 1 ? 'Polygon' : 'MultiPolygon')))].sort();
  const geo = {
    version: '1.1.0',
    primary_column: 'geometry',
    columns: { geometry: { encoding: 'WKB', geometry_types: types, ...(fields.length > 0 ? { bbox } : {}) } },
  };
  const columnData = [
    ...COLUMNS.map((name) =>
      TEXT.has(name)
        ? { name, data: rows.map((r) => r[name] as string), type: 'STRING' as const, nullable: false }
        : {
            name,
            data: rows.map((r) => (r[name] === undefined ? null : (r[name] as number))),
            type: 'DOUBLE' as const,
            nullable: true,
          },
    ),
    {
      name: 'geometry',
      data: rows.map((r) => wkbOf.get(r.field) as Uint8Array),
      type: 'BYTE_ARRAY' as const,
      nullable: false,
    },
  ];
  const kvMetadata = [
    { key: 'geo', value: JSON.stringify(geo) },
    ...(madeFrom !== undefined ? [{ key: MADE_FROM_KEY, value: madeFrom }] : []),
  ];
  return new Uint8Array(parquetWriteBuffer({ columnData, kvMetadata }));
}

/** `madeFrom`: what the table records it was made from (made-from.ts), when its writer says. */
export async function writeGeoParquet(
  path: string,
  rows: readonly StatsRow[],
  fields: readonly Field[],
  madeFrom?: string,
): Promise<void> {
  await replaceFileSafely(path, geoParquetBytes(rows, fields, madeFrom));
}
