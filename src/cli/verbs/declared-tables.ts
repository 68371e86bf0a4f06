// The declared field tables in plan's, apply's and verify's words (workflows/declared/
// declared-field-stats.ts and declared-field-table.ts): a line per dataset that declares
// `fieldStats`, its path as the person gave the imagery file's.
import { relative } from 'node:path';
import type { TableState } from '../../workflows/declared/declared-field-stats';
import type { TableUpdate } from '../../workflows/declared/declared-field-table';

/** The table's path as written from where the command runs. */
export function shown(path: string): string {
  return relative(process.cwd(), path) || path;
}

function images(count: number): string {
  return `${count} image${count === 1 ? '' : 's'}`;
}

/** apply: "field table rgb: 2 images added (8 rows), 1 read, 1 from the cache: rgb/field-stats.csv and …". */
export function tableUpdateLines(updates: readonly TableUpdate[]): string[] {
  return updates.map((u) =>
    u.error !== undefined
      ? `field table ${u.dataset}: could not be updated (${u.error}); the images bought and the lock stand. ${shown(u.csv)} is not up to date: apply again once the cause is fixed.`
      : `field table ${u.dataset}: ${u.stale !== undefined ? `written again (${u.stale}), ` : ''}${images(u.imagesAdded)} added (${u.rowsAdded} rows)${u.imagesRemoved > 0 ? `, ${images(u.imagesRemoved)} taken out` : ''}; ${u.measured} read, ${u.cached} from the row cache: ${shown(u.csv)} and ${shown(u.parquet)}.`,
  );
}

/** verify: one line per thing a table gets wrong. */
export function tableProblemLines(states: readonly TableState[]): string[] {
  return states.flatMap((s) => {
    const at = shown(s.csv);
    if (s.problem !== undefined) return [`${at}: ${s.problem}`];
    return [
      ...(s.missing.length > 0
        ? [`${at}: lacks ${images(s.missing.length)} the lock lists: ${s.missing.join(', ')}`]
        : []),
      ...(s.extra.length > 0
        ? [`${at}: lists ${images(s.extra.length)} the lock does not: ${s.extra.join(', ')}`]
        : []),
    ];
  });
}
