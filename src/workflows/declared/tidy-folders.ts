// The start of an apply: each dataset folder's leftovers of a run that was killed, whose disk
// filled or whose answer was lost (a `.part` of an image, a manifest's temporary file) removed
// under the folder's lock, and said in one line, whether or not this apply buys anything. The
// units they belonged to stay held in the ledger: removing the files changes nothing of that.
import { join, relative } from 'node:path';
import { linkOnTheWay } from '../../api/inside-folder';
import { PurchaseLedger } from '../engine/purchase-ledger';
import type { WorkflowPorts } from '../engine/ports';
import type { PlannedSeries } from './declared-plan';

export async function tidyFolders(
  ports: WorkflowPorts,
  directory: string,
  planned: readonly PlannedSeries[],
  command: string,
): Promise<void> {
  const removed: string[] = [];
  for (const folder of new Set(planned.map((s) => s.folder))) {
    // A dataset folder reached through a link is not ours to clean (nor to write: the series refuses it).
    if (await linkOnTheWay(directory, relative(directory, join(folder, 'x')))) continue;
    const names = await PurchaseLedger.tidy(folder, { command });
    removed.push(...names.map((name) => relative(directory, join(folder, name)).split('\\').join('/')));
  }
  if (removed.length === 0) return;
  const shown = removed.slice(0, 3).join(', ');
  const more = removed.length > 3 ? ` and ${removed.length - 3} more` : '';
  ports.log?.(
    `Removed ${removed.length} file${removed.length === 1 ? '' : 's'} an earlier run left unfinished (${shown}${more}).`,
  );
}
