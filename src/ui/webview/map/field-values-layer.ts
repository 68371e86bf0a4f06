// The map's field-values layer: each field of the AOI file filled by its latest value of one
// index (the mean, by default) from a statistics table, on a colour ramp from the lowest to the
// highest of those values (drawn above the AOI's own tinted fill), with the legend the page draws beside the map (the ramp, its min and
// max, the index and statistic, the date or dates the values are of). A field the table has no
// value for is outlined only and counted in the legend. Pure: unit-tested in Node.
import { packPolygons } from '../../../geometry/packed';
import { thinPolygons } from '../../../geometry/thin';
import { indicesOf, latestValues } from '../../../stats/index';
import type { Field, LatestValue, Statistic, StatsRow } from '../../../stats/index';
import type { FieldValuesMessage } from './protocol';

type Feature = FieldValuesMessage['features'][number];

export const FIELD_VALUES_LAYER_ID = 'fieldValues';
/** Above the AOI's outline (100) and its tint (10, under the images drawn in place), which would
 * tint the ramp, and under its problems (110). */
export const FIELD_VALUES_Z = 105;

/** Low to high: viridis' stops, even in lightness, readable on light and dark maps and by colour-blind eyes. */
export const RAMP = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'] as const;

/** All fields together are drawn from this many vertices at most. */
const VERTEX_BUDGET = 50_000;

/** Each field's polygons thinned so that all of them together stay within the vertex budget. */
export function thinnedFields(fields: readonly Field[]): Map<string, Feature['polygons']> {
  const perField = Math.max(16, Math.floor(VERTEX_BUDGET / Math.max(1, fields.length)));
  return new Map(fields.map((f) => [f.id, packPolygons(thinPolygons(f.polygons, perField))]));
}

function channels(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The ramp's colour at t (0 the lowest value, 1 the highest; clamped), as #rrggbb. */
export function rampColour(t: number, stops: readonly string[] = RAMP): string {
  const at = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (stops.length - 1);
  const k = Math.min(stops.length - 2, Math.floor(at));
  const f = at - k;
  const a = channels(stops[k] as string);
  const b = channels(stops[k + 1] as string);
  return `#${a
    .map((v, i) =>
      Math.round(v + ((b[i] as number) - v) * f)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export interface FieldValuesSource {
  /** The table the values come from, as shown (a workspace-relative path). */
  table: string;
  index: string;
  statistic: Statistic;
}

/** Shortest figure that tells values of an index apart: 3 significant digits, no exponent for everyday sizes. */
export function formatValue(value: number): string {
  return Math.abs(value) >= 1e-3 && Math.abs(value) < 1e6 ? String(Number(value.toPrecision(3))) : value.toPrecision(3);
}

export function fieldValuesMessage(
  fields: readonly Field[],
  latest: ReadonlyMap<string, LatestValue>,
  source: FieldValuesSource,
): FieldValuesMessage {
  const valued = fields.flatMap((f) => {
    const value = latest.get(f.id);
    return value ? [value] : [];
  });
  const values = valued.map((v) => v.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const dates = [...new Set(valued.map((v) => v.date))].sort();
  const thinned = thinnedFields(fields);
  const name = `${source.index} ${source.statistic}`;
  const features: Feature[] = fields.map((field) => {
    const value = latest.get(field.id);
    const polygons = thinned.get(field.id);
    if (!value)
      return { id: field.id, kind: 'fieldValue', polygons, label: `${field.id}: no ${name} in ${source.table}` };
    // One value for all (a single field, or all equal): the middle of the ramp.
    const t = max > min ? (value.value - min) / (max - min) : 0.5;
    return {
      id: field.id,
      kind: 'fieldValue',
      polygons,
      fill: rampColour(t),
      label: `${field.id}: ${name} ${formatValue(value.value)} on ${value.date}`,
    };
  });
  return {
    type: 'fieldValues',
    id: FIELD_VALUES_LAYER_ID,
    title: `Fields by latest ${name} (${source.table})`,
    zIndex: FIELD_VALUES_Z,
    features,
    legend:
      valued.length === 0
        ? undefined
        : {
            index: source.index,
            statistic: source.statistic,
            table: source.table,
            min,
            max,
            minText: formatValue(min),
            maxText: formatValue(max),
            firstDate: dates[0] as string,
            lastDate: dates[dates.length - 1] as string,
            stops: [...RAMP],
            withoutValue: fields.length - valued.length,
          },
  };
}

export interface StatsTable {
  /** As shown: a workspace-relative path. */
  name: string;
  /** The file on disk (none: rows another panel handed over). */
  path?: string;
  rows: StatsRow[];
  /** Modification time (ms): of two tables that know as many fields, the newer wins. */
  modified: number;
}

/** The table that knows most of the fields (by id), its first index, the mean; none knows any: undefined. */
export function chooseTable(
  fields: readonly Field[],
  tables: readonly StatsTable[],
): { table: StatsTable; source: FieldValuesSource } | undefined {
  const ids = new Set(fields.map((f) => f.id));
  let best: { table: StatsTable; known: number } | undefined;
  for (const table of tables) {
    const known = new Set(table.rows.filter((r) => ids.has(r.field)).map((r) => r.field)).size;
    if (known > 0 && (!best || known > best.known || (known === best.known && table.modified > best.table.modified)))
      best = { table, known };
  }
  const index = best ? indicesOf(best.table.rows)[0] : undefined;
  return best && index
    ? { table: best.table, source: { table: best.table.name, index, statistic: 'mean' } }
    : undefined;
}

/** The layer with no field coloured and no legend (none of the tables knows the AOI's fields). */
export function emptyFieldLayer(title: string): FieldValuesMessage {
  return { type: 'fieldValues', id: FIELD_VALUES_LAYER_ID, title, zIndex: FIELD_VALUES_Z, features: [] };
}

/** The layer for the AOI's fields from the best table, or an empty layer (the legend cleared) when none knows them. */
export function fieldValuesFromTables(fields: readonly Field[], tables: readonly StatsTable[]): FieldValuesMessage {
  const chosen = chooseTable(fields, tables);
  if (!chosen) return emptyFieldLayer('Fields by latest value');
  return fieldValuesMessage(
    fields,
    latestValues(chosen.table.rows, chosen.source.index, chosen.source.statistic),
    chosen.source,
  );
}
