// The last step of a composite download: the GeoTIFF into the output folder through the client's
// streaming download (it writes a .part and renames it when complete), bought through the folder's
// purchase ledger (locked for the run) as every billed unit is (engine/buy-unit.ts): a composite
// bought there before with the same request and still on the disk is not bought again; one that
// may have been paid for is held. An AOI above the key's maximum composite area goes in the parts
// it was priced in (split-into-parts.ts).
import type { CompositeRequest } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { downloadCompositeParts } from './split-into-parts';
import type { AccountSnapshot } from '../../pricing/account-snapshot';
import { WorkflowError } from '../../request/workflow-error';
import { formatBytes } from '../../common/format';
import type { WorkflowPorts } from '../engine/ports';
import type { CompositeProfile } from '../../request/request-profile';
import type { CompositeResult } from '../engine/results';
import { chargeUncertainty } from '../engine/charge-check';
import { buyUnit } from '../engine/buy-unit';
import type { Bought } from '../engine/buy-unit';
import { withFolderLedger } from '../engine/folder-ledger';
import { heldReason, sortByLedger } from '../../ledger/ledger-units';
import type { LedgerUnit, PurchaseLedger } from '../../ledger/purchase-ledger';
import { paidFileName } from '../../ledger/paid-file-name';
import { freshCompositeCredits } from '../../buying/fresh-price';
import { isPriceRefusal } from '../../buying/spend-guard';
import { nameByPixelSize } from '../../request/pixel-size';
import { imageOutcome } from '../stac/stac-collection';
import { writeStacSidecar } from '../stac/stac-sidecar';
import type { AreaShape } from '../../raster';

/** The area as the run priced it: the whole AOI, the parts it was checked and priced in (none
 * when it fits in one composite), and the run's account (the balance before the billed calls). */
export interface PricedArea {
  aoi: Aoi;
  /** The area and the fields of its file, which the bought image's one read measures. */
  shape?: AreaShape;
  parts: Aoi[] | undefined;
  account: AccountSnapshot;
}

export async function saveComposite(
  ports: WorkflowPorts,
  area: PricedArea,
  profile: CompositeProfile,
  request: CompositeRequest,
  outputDirectory: string | undefined,
  result: CompositeResult,
  resendUncertain?: string[] | 'all',
): Promise<void> {
  await withFolderLedger(ports, outputDirectory, `Download Composite of ${profile.date}`, (directory, ledger) => {
    const purchase = { ports, area, profile, request, directory, ledger, result };
    return area.parts ? saveParts(purchase, area.parts, resendUncertain) : saveWhole(purchase, resendUncertain);
  });
}

/** What saving one composite works with: the run, the area, the frozen request and where it goes. */
interface Purchase {
  ports: WorkflowPorts;
  area: PricedArea;
  profile: CompositeProfile;
  request: CompositeRequest;
  directory: string;
  ledger: PurchaseLedger;
  result: CompositeResult;
}

/** An area above the key's maximum: the parts it was priced in, as a batch (split-into-parts.ts). */
async function saveParts(purchase: Purchase, areaParts: Aoi[], resendUncertain: string[] | 'all' | undefined) {
  const { ports, area, profile, request, result } = purchase;
  const { aoi, account } = area;
  // Every part would be PUT to the same address, each overwriting the one before.
  if (request.UploadUrl)
    throw new WorkflowError(
      'invalid-option',
      `The area is above the key's maximum of ${account.maxCompositeAreaKm2} km² and goes in parts; parts cannot share one UploadUrl. Download instead, or split the area.`,
    );
  ports.log?.(
    `The billed area (${aoi.billedAreaKm2.toFixed(1)} km²) is above the key's maximum of ${account.maxCompositeAreaKm2} km²: downloading in the ${areaParts.length} parts priced.`,
  );
  const parts = await downloadCompositeParts(
    ports,
    aoi,
    areaParts,
    profile,
    purchase.directory,
    account.maxConnections,
    purchase.ledger,
    // The balance before the billed calls, shown beside the one after if an answer is lost.
    { creditsBefore: account.balances.credits, resendUncertain },
  );
  result.parts = parts;
  result.files.push(...parts.files);
  result.bytes = parts.bytes;
  result.outcome = parts.outcome;
  result.charge = parts.charge;
  // Spent: the parts' fresh prices, said only when every part was bought now (none earlier, none failed).
  const price = parts.creditsSpent;
  if (
    price !== undefined &&
    parts.outcome === 'completed' &&
    parts.failed.length === 0 &&
    parts.uncertain.length === 0 &&
    parts.units.length === areaParts.length &&
    parts.units.every((u) => u.status === 'done')
  )
    result.creditsSpent = price;
}

/** The whole area in one composite: a batch of one unit, sorted by the ledger and bought as a
 * batch's units are. */
async function saveWhole(purchase: Purchase, resendUncertain: string[] | 'all' | undefined): Promise<void> {
  const { ports, profile, request, ledger, result } = purchase;
  const unit = { id: 'composite', body: request };
  const sorted = await sortByLedger(ledger, undefined, [unit], 'composite', resendUncertain);
  const had = sorted.have[0];
  if (had) return takeHad(purchase, had.path);
  const held = sorted.held[0];
  if (held) return holdComposite(purchase, held.record);
  const { key } = sorted.buy[0]!;
  const estimate = result.estimate?.CreditEstimate;
  const bought = await buyUnit(
    ports,
    ledger,
    {
      key,
      id: 'composite',
      kind: 'composite',
      name: 'The composite',
      credits: typeof estimate === 'number' ? estimate : undefined,
      // Priced again right before it leaves, and held to what was confirmed: a risen price is refused.
      pricing: {
        what: `The composite of ${profile.date}`,
        ask: freshCompositeCredits(ports.client, request, ports.signal),
      },
    },
    (received) => downloadWhole(purchase, key, received),
  );
  await settleComposite(purchase, bought);
}

/** Bought here before with exactly this request, and still on the disk: nothing is sent. */
function takeHad(purchase: Purchase, path: string | undefined): void {
  const { ports, profile, result } = purchase;
  ports.log?.(`This composite was bought before and is in the folder${path ? ` as ${path}` : ''}: nothing was sent.`);
  if (path) {
    result.files.push(path);
    result.resolution = profile.resolution;
  }
  // Nothing is written in this run: the bytes are the run's, not the file's.
  result.bytes = 0;
  result.boughtBefore = true;
  result.outcome = 'completed';
}

/** Sent by an earlier run and possibly paid for: said, with the balance, and not sent unasked. */
async function holdComposite(purchase: Purchase, record: LedgerUnit): Promise<void> {
  const { ports, area, result } = purchase;
  result.charge = await chargeUncertainty(
    ports,
    new Error(
      `This composite was sent by an earlier run and ${heldReason(record)} (resend it with resendUncertain: ['composite']).`,
    ),
    'credits',
    area.account.balances.credits,
  );
  result.outcome = 'may-have-been-charged';
}

/** The billed call: the image streamed into the folder, named by the pixels it holds. */
async function downloadWhole(
  purchase: Purchase,
  key: string,
  received: (bytes: number) => void,
): Promise<{ file: string | undefined; bytes: number }> {
  const { ports, profile } = purchase;
  let reported = 0;
  ports.progress.report({ message: `Downloading the composite of ${profile.date}…` });
  const fileName = paidFileName(['composite', profile.date, profile.model, `${profile.resolution}m`], key);
  const target = {
    directory: purchase.directory,
    fileName,
    fallbackName: fileName,
    onProgress: (bytes: number, total: number | undefined) => {
      received(bytes);
      const increment = total ? ((bytes - reported) / total) * 100 : undefined;
      reported = bytes;
      ports.progress.report({
        message: `Downloading ${formatBytes(bytes)}${total ? ` of ${formatBytes(total)}` : ''}`,
        bytes,
        increment,
      });
    },
  };
  const written = await ports.client.downloadComposite(purchase.request, target, { signal: ports.signal });
  // Named by the pixels the file holds, which may be coarser than those asked.
  const file = written.path ? await nameByPixelSize(written.path, profile.resolution, ports.log) : undefined;
  return { file, bytes: written.bytes };
}

/** What the person is told of the composite, from what became of it (buy-unit.ts). */
async function settleComposite(purchase: Purchase, bought: Bought): Promise<void> {
  const { ports, area, result } = purchase;
  // The balance before the billed call, shown beside the one after if its answer is lost.
  const before = area.account.balances.credits;
  // Cancelled before it left: nothing was sent, and the run ends as cancelled.
  if (bought.kind === 'cancelled' && !bought.sent) throw bought.error;
  switch (bought.kind) {
    case 'saved':
      await keepBought(purchase, bought.file);
      result.bytes = bought.bytes;
      result.outcome = 'completed';
      // Answered, so charged: at the price asked right before sending (the answer is the image, not a bill).
      result.creditsSpent = bought.price;
      return;
    case 'paid-not-saved':
      // Answered 200 and paid for; the disk refused the file: said so, and held.
      result.charge = {
        ...(await chargeUncertainty(ports, new Error(bought.reason), 'credits', before)),
        paidNotSaved: true,
      };
      result.outcome = 'may-have-been-charged';
      return;
    case 'not-priced':
      throw isPriceRefusal(bought.error) ? new WorkflowError('price-rose', bought.error.message) : bought.error;
    case 'failed':
      throw bought.error;
    // Cancelled after it left, it may have been charged as a lost answer may.
    case 'cancelled':
    case 'lost':
      // Sent, answer lost: not sent again; the person sees the balance before and after.
      result.charge = await chargeUncertainty(ports, bought.error, 'credits', before);
      result.outcome = 'may-have-been-charged';
  }
}

/** The bought image's STAC Item beside it, or where the service uploaded it. */
async function keepBought(purchase: Purchase, file: string | undefined): Promise<void> {
  const { ports, area, profile, request, result } = purchase;
  if (file) {
    result.files.push(file);
    result.resolution = profile.resolution;
    // The image is paid for and saved: a metadata file that cannot be written must not undo that.
    try {
      const item = await writeStacSidecar(file, area.aoi, profile, request, ports.log, { area: area.shape });
      result.stacItems = [item.path];
      Object.assign(result, imageOutcome(item, profile.resolution));
    } catch (error) {
      ports.log?.(`The STAC Item beside ${file} could not be written: ${(error as Error).message}`);
    }
  } else if (request.UploadUrl) {
    result.uploadedTo = uploadTarget(request.UploadUrl);
    ports.log?.(`The service uploaded the composite to ${result.uploadedTo}; nothing was saved here.`);
  }
}

/** The address without its query or fragment: a pre-signed upload carries its secret there. */
export function uploadTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(the UploadUrl)';
  }
}
