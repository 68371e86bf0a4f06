// The lock made from the folders' purchase ledgers: every declared unit the ledger has as saved,
// with its file; and what an earlier lock recorded that is no longer declared (extra: bought and
// kept, still a true record). Orders are carried over as they were. The ledger is the truth: a
// unit the ledger does not have as saved is not in the lock, whatever an earlier lock said.
import { join, relative, sep } from 'node:path';
import { PurchaseLedger } from '../../ledger/purchase-ledger';
import type { LedgerUnit } from '../../ledger/purchase-ledger';
import type { Declaration } from './declared-file';
import type { ImageryLock, LockedImage } from './declared-lock';
import type { PlannedSeries } from './declared-plan';

export async function lockFromLedgers(
  declaration: Declaration,
  series: readonly PlannedSeries[],
  before: ImageryLock,
): Promise<ImageryLock> {
  const ledgers = new Map<string, Map<string, LedgerUnit>>();
  const images: LockedImage[] = [];
  const declaredKeys = new Set<string>();
  for (const s of series) {
    let ledger = ledgers.get(s.folder);
    if (!ledger) ledgers.set(s.folder, (ledger = await PurchaseLedger.read(s.folder)));
    for (const d of s.declared) {
      declaredKeys.add(d.key);
      const unit = ledger.get(d.key);
      if (unit?.state !== 'saved' || unit.file === undefined || unit.sha256 === undefined || unit.bytes === undefined)
        continue;
      const earlier = before.images.find((l) => l.bodyHash === d.key);
      images.push({
        dataset: s.dataset.name,
        area: s.area.file,
        featureHash: s.area.featureHash,
        date: d.date,
        bodyHash: d.key,
        request: d.request,
        file: relative(declaration.directory, join(s.folder, unit.file)).split(sep).join('/'),
        bytes: unit.bytes,
        sha256: unit.sha256,
        ...(unit.credits !== undefined
          ? { credits: unit.credits }
          : d.credits !== undefined
            ? { credits: d.credits }
            : {}),
        at: earlier?.sha256 === unit.sha256 ? earlier.at : unit.at,
      });
    }
  }
  const kept = before.images.filter((l) => !declaredKeys.has(l.bodyHash));
  return { version: 1, images: [...images, ...kept], orders: before.orders };
}
