// The statistics panel's content from a field table on disk (a Field alerts row's table), nothing
// measured again: the rows as the table has them, its images named from its folder, and the fields'
// outlines from the area file that names them: an open panel's of the same folder, else the
// workspace's area file whose fields (by any property that could name them) the table knows most of.
import { basename, dirname } from 'node:path';
import { AREA_FILE_LIMIT, readTextBounded } from '../../../files/bounded-read';
import type { Field, StatsRow } from '../../../stats/index';
import type { StatsContent } from './compute';
import { idCandidates } from './field-ids';

export interface TableOnDisk {
  /** The table's file (field-stats.csv); its rows name their images from its folder. */
  path: string;
  rows: readonly StatsRow[];
}

export interface AreaOfTable {
  aoi: string;
  fields: Field[];
  idProperty?: string;
}

/** Of the area files `candidates`, the one whose fields the table's `ids` know most of (at least
 * one), read with the property that names most of them. */
export async function areaOfTable(
  ids: ReadonlySet<string>,
  candidates: readonly string[],
): Promise<AreaOfTable | undefined> {
  const core = await import('../../../stats/index');
  let best: (AreaOfTable & { known: number }) | undefined;
  for (const aoi of candidates) {
    let text: string;
    try {
      text = await readTextBounded(aoi, AREA_FILE_LIMIT);
    } catch {
      continue;
    }
    for (const idProperty of [undefined, ...idCandidates(text)]) {
      try {
        const fields = core.readFields(text, basename(aoi), 'auto', idProperty);
        const known = fields.filter((f) => ids.has(f.id)).length;
        if (known > (best?.known ?? 0)) best = { aoi, fields, known, ...(idProperty ? { idProperty } : {}) };
      } catch {
        // Not an area file, or not one whose fields this property names: the next.
      }
    }
  }
  if (!best) return undefined;
  const { known: _known, ...area } = best;
  return area;
}

/** The panel's content for `table`, its fields outlined as `area` draws them (none known: the
 * table's field names alone, and images open without an outline). */
export async function contentOfTable(table: TableOnDisk, area: AreaOfTable | undefined): Promise<StatsContent> {
  const core = await import('../../../stats/index');
  const ids = [...new Set(table.rows.map((r) => r.field))];
  const fields: Field[] = area
    ? area.fields.filter((f) => ids.includes(f.id))
    : ids.map((id) => ({ id, polygons: [], hash: '' }));
  const known = new Set(fields.map((f) => f.id));
  const indexNames = core.indicesOf([...table.rows]);
  return {
    request: {
      aoi: area?.aoi ?? table.path,
      images: dirname(table.path),
      indices: indexNames,
      rule: 'centre',
      ...(area?.idProperty ? { idProperty: area.idProperty } : {}),
    },
    fields,
    indexNames,
    rows: table.rows.filter((r) => known.has(r.field)),
    base: dirname(table.path),
    failures: [],
    measured: 0,
    imageCounts: `read from ${basename(table.path)}${area ? '' : ' (no area file of the workspace names its fields: images open without an outline)'}`,
    cacheNotes: [],
  };
}
