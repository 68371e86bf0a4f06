// What a run does with each of its units, by the folder's purchase ledger: have (bought and on the
// disk: skipped), held (it may have been paid for: named, not sent unless the person asks), or buy.
// An older manifest's record of a unit the ledger does not know yet is carried over once (a file
// recorded as done and still intact becomes `saved`; a unit recorded as possibly charged becomes
// `lost`); from then on the ledger decides.
import { basename, dirname, resolve } from 'node:path';
import type { BatchManifest } from './batch-manifest';
import type { PurchaseLedger, LedgerUnit } from './purchase-ledger';
import { sha256OfFile } from './purchase-ledger';
import { requestKey } from './request-key';

export interface LedgerBound {
  id: string;
  /** The billed call's exact request body. */
  body: unknown;
}

export interface SortedUnits<U> {
  have: Array<{ unit: U; key: string; path: string | undefined; bytes: number | undefined }>;
  held: Array<{ unit: U; key: string; record: LedgerUnit }>;
  buy: Array<{ unit: U; key: string }>;
}

/** True when the person chose to send this possibly-charged unit again. */
function chosenForResend(id: string, resendUncertain: string[] | 'all' | undefined): boolean {
  return resendUncertain === 'all' || (resendUncertain ?? []).includes(id);
}

async function carryOver(
  ledger: PurchaseLedger,
  manifest: BatchManifest | undefined,
  id: string,
  key: string,
  kind: string,
): Promise<void> {
  const old = manifest?.unit(id);
  if (!manifest || !old || ledger.unit(key)) return;
  if (
    manifest.isDone(id) &&
    old.file &&
    resolve(dirname(resolve(ledger.directory, old.file))) === resolve(ledger.directory)
  ) {
    const path = resolve(ledger.directory, old.file);
    await ledger.carryOver({
      key,
      state: 'saved',
      id,
      kind,
      file: basename(path),
      bytes: old.bytes,
      sha256: await sha256OfFile(path),
    });
  } else if (old.status === 'may-have-been-charged') {
    await ledger.carryOver({
      key,
      state: 'lost',
      id,
      kind,
      reason: old.error ?? 'sent by an earlier run; its answer was lost',
    });
  }
}

/** Sorts a run's units by the ledger (after carrying over what an older manifest knew of them). */
export async function sortByLedger<U extends LedgerBound>(
  ledger: PurchaseLedger,
  manifest: BatchManifest | undefined,
  units: readonly U[],
  kind: string,
  resendUncertain?: string[] | 'all',
): Promise<SortedUnits<U>> {
  const sorted: SortedUnits<U> = { have: [], held: [], buy: [] };
  for (const unit of units) {
    const key = requestKey(unit.body);
    await carryOver(ledger, manifest, unit.id, key, kind);
    const verdict = await ledger.verdict(key);
    if (verdict.kind === 'have')
      sorted.have.push({ unit, key, path: verdict.path || undefined, bytes: verdict.unit.bytes });
    else if (verdict.kind === 'held' && !chosenForResend(unit.id, resendUncertain))
      sorted.held.push({ unit, key, record: verdict.unit });
    else sorted.buy.push({ unit, key });
  }
  return sorted;
}

/** What a person reads of a held unit. */
export function heldReason(record: LedgerUnit): string {
  if (record.state === 'charged-not-saved') return record.reason ?? 'paid for, but its file could not be written';
  const when =
    record.state === 'charged'
      ? 'its answer had begun to arrive when the run ended'
      : (record.reason ?? 'sent; the run ended before its answer arrived');
  return `may have been charged (${when}); it is not sent again unless you choose to resend it`;
}

/** The words for a unit paid for whose file could not be written. */
export function paidNotSavedReason(id: string, failure: string, credits: number | undefined): string {
  const price = credits !== undefined ? `about ${credits} credits` : 'its price';
  return `${id} was paid for${credits !== undefined ? ` (${price})` : ''} but could not be saved: ${failure} It is held, not bought again unasked; fetching it again costs ${price} again (resend it by name to do so).`;
}
