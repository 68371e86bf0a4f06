// The start of an apply, under each dataset folder's lock: the leftovers of a run that was killed,
// whose disk filled or whose answer was lost (a `.part` of an image, a manifest's temporary file)
// removed, and the images the plan adopted from the lock (the ledger lacked them, their files
// match the lock) recorded in the ledger as saved; each said in one line, whether or not this apply
// buys anything. The units the removed files belonged to stay held in the ledger.
import { join, relative } from 'node:path';
import { linkOnTheWay } from '../../files/inside-folder';
import { PurchaseLedger } from '../../ledger/purchase-ledger';
import type { WorkflowPorts } from '../engine/ports';
import type { PlannedSeries } from './declared-plan';

/** "a, b, c and 2 more" */
function named(names: readonly string[]): string {
  return `${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`;
}

export async function tidyFolders(
  ports: WorkflowPorts,
  directory: string,
  planned: readonly PlannedSeries[],
  command: string,
): Promise<void> {
  const removed: string[] = [];
  const adopted: string[] = [];
  const shown = (folder: string, name: string) => relative(directory, join(folder, name)).split('\\').join('/');
  for (const folder of new Set(planned.map((s) => s.folder))) {
    // A dataset folder reached through a link is not ours to clean (nor to write: the series refuses it).
    if (await linkOnTheWay(directory, relative(directory, join(folder, 'x')))) continue;
    const adopt = planned.filter((s) => s.folder === folder).flatMap((s) => s.adopted);
    const names = await PurchaseLedger.tidy(folder, { command }, adopt);
    removed.push(...names.map((name) => shown(folder, name)));
    adopted.push(...adopt.map((a) => shown(folder, a.file ?? '')));
  }
  const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  if (removed.length > 0)
    ports.log?.(`Removed ${files(removed.length)} an earlier run left unfinished (${named(removed)}).`);
  if (adopted.length > 0)
    ports.log?.(
      `Recorded ${files(adopted.length)} in the ledger from the lock, its SHA-256 matching (${named(adopted)}): not bought again.`,
    );
}
