// What a dataset's declared field table is made from, besides its images: the fields file (its
// name and the SHA-256 of its text), the indices as measured, the pixel rule and the id property.
// apply records it in the table's GeoParquet (stats/made-from.ts); plan and verify compare it with
// the file's `fieldStats` and the fields file as they are now, so a table whose images are all
// there but whose fields were edited since (a geometry moved, a field added or taken out) is
// stale: plan says it is written again, verify fails on it, and apply measures it again (the row
// cache giving back every field and image it measured before, so only changed fields are read).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { AREA_FILE_LIMIT, readTextBounded } from '../../files/bounded-read';
import { isRecord } from '../../common/is-record';
import type { Declaration } from './declared-file';
import type { DeclaredDataset } from './declared-schema';
import { measuresOf } from './field-stats-checks';

type FieldStats = NonNullable<DeclaredDataset['fieldStats']>;

/** The fields file's text, read as apply measures it (checked inside the imagery file's folder
 * when the file was read; read now without following a link). */
export function readFieldsText(declaration: Pick<Declaration, 'directory'>, stats: FieldStats): Promise<string> {
  return readTextBounded(join(declaration.directory, stats.fields), AREA_FILE_LIMIT, { noFollow: true });
}

/** The recipe of a table measured from `fieldsText` as `stats` declares, as the GeoParquet keeps it. */
export function tableRecipe(stats: FieldStats, fieldsText: string): string {
  return JSON.stringify({
    fields: stats.fields,
    sha256: createHash('sha256').update(fieldsText).digest('hex'),
    indices: measuresOf(stats.indices).map((measure) => measure.name),
    rule: stats.rule ?? 'centre',
    idProperty: stats.idProperty ?? null,
  });
}

/** Why a table that records `recorded` is not the table `wanted` would make, or undefined. */
export function staleness(recorded: string | undefined, wanted: string): string | undefined {
  if (recorded === wanted) return undefined;
  if (recorded === undefined)
    return 'it does not record the fields file and fieldStats it was made from (made before this version)';
  let was: unknown;
  try {
    was = JSON.parse(recorded);
  } catch {
    was = undefined;
  }
  const now = JSON.parse(wanted) as { fields: string; sha256: string };
  if (!isRecord(was)) return 'what it records it was made from does not read';
  if (was.fields !== now.fields) return `made from ${String(was.fields)}, not ${now.fields}`;
  if (was.sha256 !== now.sha256) return `${now.fields} changed since the table was made`;
  return 'made with other indices, rule or idProperty than its fieldStats declares';
}
