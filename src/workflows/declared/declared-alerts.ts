// Field alerts from an imagery file's declared field tables (`alerts imagery.json` on the command
// line, and the editor's Field alerts view): each dataset that declares `fieldStats` has its table
// (field-stats.csv in its folder, which apply keeps up to date) read as it is and the rules of
// stats/alerts run over its rows as it streams (stats/alerts/alerts-of.ts tableAlerts: the rules'
// columns kept, never the rows, so a long table fits in bounded memory). No image is read and
// nothing is sent: the table is the input.
// A table that is not there, or not a statistics table, gives no alerts and says why; one that
// lacks images the lock lists says how many, since its alerts are then of an older season.
import { tableAlerts } from '../../stats/alerts/index';
import type { Alert, AlertOptions } from '../../stats/alerts/index';
import type { Declaration } from './declared-file';
import { declaredTableFile, lockedTableImages, tableDatasets, tableReadProblem } from './declared-field-stats';
import type { ImageryLock } from './declared-lock';

export interface DeclaredAlerts {
  dataset: string;
  /** The table read (absolute). */
  csv: string;
  alerts: Alert[];
  /** Fields and dates in the table. */
  fields: number;
  dates: number;
  /** Why the table gave no alerts: 'missing' (apply makes it), a link, another header. */
  problem?: string;
  /** Images the lock lists for the dataset that the table lacks (apply adds them). */
  behind: number;
}

/** A dataset asked for that is not in the file, or declares no field statistics: the person's
 * request, not the disk, is wrong (the command line's usage error). */
export class DeclaredAlertsError extends Error {
  override readonly name = 'DeclaredAlertsError';
}

/** The datasets whose tables are read: `only` by name, else every one that declares fieldStats. */
function datasetsOf(declaration: Declaration, only: string | undefined) {
  const declaring = tableDatasets(declaration).map(({ dataset }) => dataset);
  const names = (declaration.file.datasets ?? []).map((d) => d.name);
  if (only === undefined) {
    if (declaring.length === 0)
      throw new DeclaredAlertsError(
        `${declaration.path} declares no field statistics: no dataset has "fieldStats", so there is no field table to look for alerts in.`,
      );
    return declaring;
  }
  if (!names.includes(only))
    throw new DeclaredAlertsError(
      `${declaration.path} has no dataset '${only}' (its datasets: ${names.join(', ') || 'none'}).`,
    );
  const dataset = declaring.find((d) => d.name === only);
  if (!dataset)
    throw new DeclaredAlertsError(
      `Dataset '${only}' of ${declaration.path} declares no "fieldStats": it has no field table to look for alerts in.`,
    );
  return [dataset];
}

/** The alerts of each declaring dataset's table (or of `only`), in the file's order. */
export async function declaredAlerts(
  declaration: Declaration,
  lock: ImageryLock,
  options: Partial<AlertOptions>,
  only?: string,
): Promise<DeclaredAlerts[]> {
  const results: DeclaredAlerts[] = [];
  for (const dataset of datasetsOf(declaration, only)) {
    const { csv, problem } = await declaredTableFile(declaration, dataset);
    const locked = lockedTableImages(declaration, dataset, lock);
    const base = { dataset: dataset.name, csv, alerts: [], fields: 0, dates: 0 };
    // Streamed: a table of any length is read in bounded memory, as `alerts AREA IMAGES...` keeps it.
    const read =
      problem === undefined
        ? await tableAlerts(csv, { options, name: csv, noFollow: true }).catch((error: unknown) => ({
            problem: tableReadProblem(error),
          }))
        : { problem };
    if ('problem' in read) {
      results.push({ ...base, problem: read.problem, behind: locked.length });
      continue;
    }
    results.push({
      ...base,
      alerts: read.alerts,
      fields: read.fields.size,
      dates: read.dates.size,
      behind: locked.filter((image) => !read.images.has(image)).length,
    });
  }
  return results;
}
