// The statistics tables of the workspace (what `sat-imagery stats --csv` and `series --stats`
// write): CSV files whose first line is the table's header, found by a bounded search, each
// checked by its first bytes before it is read whole (within a size bound). The map colours an
// AOI's fields by the table that knows most of them (field-values-layer.ts chooses).
import { stat } from 'node:fs/promises';
import * as vscode from 'vscode';
import { readTextBounded, withBoundedFile } from '../../../files/bounded-read';
import { TABLE_HEADER, readStatsCsv } from '../../../stats/index';
import type { StatsTable } from './field-values-layer';

const MAX_TABLES = 200;
/** A season of 1,000 fields × 52 dates × 6 indices is about 80 MB of CSV. */
const MAX_TABLE_BYTES = 128 * 1024 * 1024;
const EXCLUDE = '**/{node_modules,.git,.vscode-test,dist,out}/**';

/** Whether a regular file within the bound starts with the statistics table's header (never
 * waits on a FIFO). */
async function startsAsTable(path: string): Promise<boolean> {
  return withBoundedFile(path, MAX_TABLE_BYTES, async (file) => {
    const head = Buffer.alloc(TABLE_HEADER.length + 3);
    const read = await file.readAt(head, 0, head.length, 0);
    return head
      .toString('utf8', 0, read)
      .replace(/^\uFEFF/, '')
      .startsWith(TABLE_HEADER);
  });
}

/** The workspace's statistics tables among the files `glob` finds (every CSV, by default). */
export async function statsTables(glob = '**/*.{csv,CSV}'): Promise<StatsTable[]> {
  const uris = await vscode.workspace.findFiles(glob, EXCLUDE, MAX_TABLES);
  const tables: StatsTable[] = [];
  for (const uri of uris.sort((a, b) => a.path.localeCompare(b.path))) {
    if (uri.scheme !== 'file') continue;
    try {
      if (!(await startsAsTable(uri.fsPath))) continue;
      const name = vscode.workspace.asRelativePath(uri);
      const { mtimeMs } = await stat(uri.fsPath);
      tables.push({
        name,
        path: uri.fsPath,
        rows: readStatsCsv(await readTextBounded(uri.fsPath, MAX_TABLE_BYTES), name),
        modified: mtimeMs,
      });
    } catch {
      // Deleted, unreadable, too large or damaged since the search: simply not used.
    }
  }
  return tables;
}
