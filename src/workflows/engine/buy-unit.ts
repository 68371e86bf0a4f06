// One billed unit bought through the folder's purchase ledger, the same way for every run that buys
// (a batch's part, date, tile or mini-tile, and the single composite, a batch of one): priced again
// right before it leaves and held to what was confirmed (buying/fresh-price.ts), recorded as
// `sending` on the disk before the call, `charged` once its bytes begin, then settled by what came
// back. This is the one place that reads the answer: saved; paid for and not saved (a file error
// comes only after a 2xx answer); lost (sent, answer lost: it may have been charged); refused or
// not sent; or cancelled, before it left or after. The reservation follows the same reading: spent
// when the call was answered, kept as uncertain when it may have been charged, released otherwise.
// What a person reads of each is the caller's: a batch counts its units, the composite speaks of
// one image.
import { isApiError } from '../../api/errors';
import { isFileError } from '../../files/safe-files';
import { reserveFreshPrice } from '../../buying/fresh-price';
import type { Reservation } from '../../buying/spend-guard';
import { mayHaveBeenCharged } from './charge-check';
import { isCancellation } from '../../request/workflow-error';
import { paidNotSavedReason } from '../../ledger/ledger-units';
import type { PurchaseLedger } from '../../ledger/purchase-ledger';
import type { WorkflowPorts } from './ports';

export interface UnitToBuy {
  /** The unit's key in the ledger: the SHA-256 of its exact request body (request-key.ts). */
  key: string;
  /** What the ledger and the manifest call it ('composite', 'part-01', a date, a tile's id). */
  id: string;
  /** 'composite', 'composite-part', 'series', 'tile', 'minitile'. */
  kind: string;
  /** How the words for a paid-not-saved unit name it ("The composite", "part-01"). */
  name: string;
  /** The price the person confirmed, when known. */
  credits?: number;
  /** How to ask its price now, named as a refusal says it; without it, it goes at `credits`. */
  pricing?: { what: string; ask: () => Promise<number | undefined> };
  /** What else records the unit as sent (a batch's manifest), right after the ledger does. */
  recordSending?: () => Promise<void>;
}

/** The billed call itself: it reports the bytes received (the first ones mark the unit charged)
 * and resolves with the file written, if any. */
export type UnitCall = (received: (bytes: number) => void) => Promise<{ file: string | undefined; bytes: number }>;

/** What became of a unit, read once from the answer (or from the price asked before it). */
export type Bought =
  | { kind: 'saved'; file: string | undefined; bytes: number; price: number | undefined }
  /** Not sent: its fresh price could not be asked or was above what was confirmed. */
  | { kind: 'not-priced'; error: unknown; text: string }
  | { kind: 'paid-not-saved'; reason: string; price: number | undefined }
  | { kind: 'lost'; error: unknown; text: string }
  /** Refused by the service, or never sent: nothing was charged. */
  | { kind: 'failed'; error: unknown; text: string }
  /** The run was cancelled: `sent` when the call may have left (the ledger keeps it held as the run
   * left it, `sending` or `charged`); otherwise it is settled `not-sent`. */
  | { kind: 'cancelled'; error: unknown; sent: boolean };

const textOf = (ports: WorkflowPorts, error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return ports.redact ? ports.redact(text) : text;
};

/** Buys one unit the ledger said to buy (sortByLedger): never throws for what the service or the
 * disk answered, only for a failure of the ledger's own journal before the call. */
export async function buyUnit(
  ports: WorkflowPorts,
  ledger: PurchaseLedger,
  unit: UnitToBuy,
  call: UnitCall,
): Promise<Bought> {
  let reservation: Reservation | undefined;
  if (unit.pricing) {
    try {
      reservation = await reserveFreshPrice({
        guard: ports.spending,
        what: unit.pricing.what,
        unit: 'credits',
        before: unit.credits,
        ask: unit.pricing.ask,
      });
    } catch (error) {
      if (isCancellation(error, ports.signal)) return { kind: 'cancelled', error, sent: false };
      return { kind: 'not-priced', error, text: textOf(ports, error) };
    }
  }
  const price = reservation?.amount ?? unit.credits;
  await ledger.sending(unit.key, { id: unit.id, kind: unit.kind, credits: price });
  await unit.recordSending?.();
  try {
    const written = await call((received) => {
      if (received > 0) ledger.charged(unit.key).catch(() => undefined);
    });
    reservation?.spent();
    await ledger.saved(unit.key, written.file, written.bytes);
    return { kind: 'saved', file: written.file, bytes: written.bytes, price };
  } catch (error) {
    return settleFailure(ports, ledger, unit, { error, price, reservation });
  }
}

/** Settles the ledger and the reservation from a call that did not end with its file saved. */
async function settleFailure(
  ports: WorkflowPorts,
  ledger: PurchaseLedger,
  unit: UnitToBuy,
  answer: { error: unknown; price: number | undefined; reservation: Reservation | undefined },
): Promise<Bought> {
  const { error, price, reservation } = answer;
  if (isCancellation(error, ports.signal)) {
    // The client says the billed call never left (cancelled at the gate or in a back-off): not
    // sent, so not held. Any other cancel keeps the unit as possibly charged.
    const sent = !(isApiError(error) && error.kind === 'aborted' && !error.mayHaveBeenCharged);
    if (sent) reservation?.uncertain();
    else {
      reservation?.release();
      await ledger.settle(unit.key, 'not-sent');
    }
    return { kind: 'cancelled', error, sent };
  }
  const text = textOf(ports, error);
  if (isFileError(error)) {
    // Answered 2xx and paid for; the disk refused the file: held, never bought again unasked.
    reservation?.spent();
    const reason = paidNotSavedReason(unit.name, text, price);
    await ledger.settle(unit.key, 'charged-not-saved', reason);
    return { kind: 'paid-not-saved', reason, price };
  }
  if (mayHaveBeenCharged(error)) {
    reservation?.uncertain();
    await ledger.settle(unit.key, 'lost', text);
    return { kind: 'lost', error, text };
  }
  reservation?.release();
  // Nothing was charged: if this line cannot be written the unit stays held, the safe side.
  const state = isApiError(error) ? 'refused' : 'not-sent';
  await ledger.settle(unit.key, state, text).catch(() => undefined);
  return { kind: 'failed', error, text };
}
