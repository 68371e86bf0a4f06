// A series bought into a folder that keeps a field table (field-stats.csv: Show Field Statistics
// or `series --stats` made it) brings that table up to date, so its new dates' alerts are known
// at once: the table's own fields (from the area file an open panel of the folder shows, else the
// workspace's area file that names them) and indices, the pixel centre rule unless an open panel
// of the folder measured by another, measured through the folder's row cache (only the new dates'
// images are read). A folder without a table is left as it is: nobody asked for its statistics.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readTextBounded } from '../../../files/bounded-read';
import { SERIES_TABLE_NAME } from '../../../stats/series-table';
import type { RowCacheHome } from '../../../stats/index';
import { computeFieldStats } from './compute';
import type { StatsRequest } from './compute';
import { StatsPanel } from './stats-panel';
import { areaOfTable } from './table-content';

/** A table as large as the map reads (stats-tables.ts). */
const MAX_TABLE_BYTES = 128 * 1024 * 1024;

/** What measured the folder's table: an open panel's request, else one made from the table. */
async function requestOf(
  folder: string,
  csv: string,
  areaFiles: () => Promise<string[]>,
): Promise<StatsRequest | undefined> {
  const open = StatsPanel.panels()
    .reverse()
    .find((p) => p.content.base === folder && p.content.fields.some((f) => f.polygons.length > 0));
  if (open) return open.content.request;
  const core = await import('../../../stats/index');
  const rows = core.readStatsCsv(await readTextBounded(csv, MAX_TABLE_BYTES), SERIES_TABLE_NAME);
  const area = await areaOfTable(new Set(rows.map((r) => r.field)), await areaFiles());
  if (!area) return undefined;
  return {
    aoi: area.aoi,
    images: folder,
    indices: core.indicesOf(rows),
    rule: 'centre',
    ...(area.idProperty ? { idProperty: area.idProperty } : {}),
  };
}

/** Brings `folder`'s field table up to date with its images; says why not, or nothing when it has none. */
export async function updateFolderTable(
  folder: string,
  cacheHome: RowCacheHome,
  areaFiles: () => Promise<string[]>,
  signal: AbortSignal,
): Promise<{ updated: boolean; problem?: string }> {
  const csv = join(folder, SERIES_TABLE_NAME);
  if (!(await stat(csv).catch(() => undefined))?.isFile()) return { updated: false };
  const request = await requestOf(folder, csv, areaFiles);
  if (!request) return { updated: false, problem: `no area file of the workspace names the fields of ${csv}` };
  const content = await computeFieldStats(request, folder, cacheHome, () => {}, signal);
  const problem = content.cacheProblem ?? content.failures.map((f) => `${f.image} ${f.reason}`).join('; ');
  return problem ? { updated: !content.cacheProblem, problem } : { updated: true };
}
