// The last step of a composite download: the GeoTIFF into the output folder through the client's
// streaming download (it writes a .part and renames it when complete), through the folder's
// purchase ledger (locked for the run): a composite bought there before with the same request and
// still on the disk is not bought again; one that may have been paid for is held. An AOI above
// the key's maximum composite area goes in the parts it was priced in (split-into-parts.ts).
import type { CompositeRequest } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { downloadCompositeParts } from './split-into-parts';
import type { AccountSnapshot } from '../engine/account-snapshot';
import { WorkflowError } from '../engine/errors';
import { formatBytes } from '../../common/format';
import type { WorkflowPorts } from '../engine/ports';
import type { CompositeProfile } from '../engine/request-profile';
import type { CompositeResult } from '../engine/results';
import { chargeUncertainty, mayHaveBeenCharged } from '../engine/charge-check';
import { checkOutputFolder } from '../engine/output-folder';
import { isApiError } from '../../api/errors';
import { isFileError } from '../../files/safe-files';
import { chosenForResend, heldReason, paidNotSavedReason } from '../engine/ledger-units';
import { paidFileName } from '../engine/paid-file-name';
import { PurchaseLedger } from '../engine/purchase-ledger';
import { requestKey } from '../engine/request-key';
import { freshCompositeCredits, reserveFreshPrice } from '../../buying/fresh-price';
import { isPriceRefusal } from '../../buying/spend-guard';
import { nameByPixelSize } from '../engine/pixel-size';
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
  const directory = outputDirectory ?? ports.settings().outputDirectory;
  if (!directory)
    throw new WorkflowError(
      'invalid-option',
      'No output folder: set satImagery.outputDirectory or open a workspace folder.',
    );
  await checkOutputFolder(directory, ports.settings().workspaceFolder);
  const ledger = await PurchaseLedger.open(directory, {
    command: `Download Composite of ${profile.date}`,
    redact: ports.redact,
  });
  try {
    await saveThroughLedger(ports, area, profile, request, directory, ledger, result, resendUncertain);
  } finally {
    await ledger.close();
  }
}

async function saveThroughLedger(
  ports: WorkflowPorts,
  area: PricedArea,
  profile: CompositeProfile,
  request: CompositeRequest,
  directory: string,
  ledger: PurchaseLedger,
  result: CompositeResult,
  resendUncertain: string[] | 'all' | undefined,
): Promise<void> {
  const { aoi, account } = area;
  // The balance before the billed call, shown beside the one after if its answer is lost.
  const credits = account.balances.credits;
  if (area.parts) {
    // Every part would be PUT to the same address, each overwriting the one before.
    if (request.UploadUrl)
      throw new WorkflowError(
        'invalid-option',
        `The area is above the key's maximum of ${account.maxCompositeAreaKm2} km² and goes in parts; parts cannot share one UploadUrl. Download instead, or split the area.`,
      );
    ports.log?.(
      `The billed area (${aoi.billedAreaKm2.toFixed(1)} km²) is above the key's maximum of ${account.maxCompositeAreaKm2} km²: downloading in the ${area.parts.length} parts priced.`,
    );
    const parts = await downloadCompositeParts(
      ports,
      aoi,
      area.parts,
      profile,
      directory,
      account.maxConnections,
      ledger,
      { creditsBefore: credits, resendUncertain },
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
      parts.units.length === area.parts.length &&
      parts.units.every((u) => u.status === 'done')
    )
      result.creditsSpent = price;
    return;
  }
  const key = requestKey(request);
  const verdict = await ledger.verdict(key);
  if (verdict.kind === 'have') {
    // Bought here before with exactly this request, and still on the disk: nothing is sent.
    ports.log?.(
      `This composite was bought before and is in the folder${verdict.path ? ` as ${verdict.path}` : ''}: nothing was sent.`,
    );
    if (verdict.path) {
      result.files.push(verdict.path);
      result.resolution = profile.resolution;
    }
    result.bytes = verdict.unit.bytes ?? 0;
    result.outcome = 'completed';
    return;
  }
  if (verdict.kind === 'held' && !chosenForResend('composite', resendUncertain)) {
    result.charge = await chargeUncertainty(
      ports,
      new Error(
        `This composite was sent by an earlier run and ${heldReason(verdict.unit)} (resend it with resendUncertain: ['composite']).`,
      ),
      'credits',
      credits,
    );
    result.outcome = 'may-have-been-charged';
    return;
  }
  const estimate = result.estimate?.CreditEstimate;
  // Priced again right before it leaves, and held to what was confirmed: a risen price is refused.
  const reservation = await reserveFreshPrice({
    guard: ports.spending,
    what: `The composite of ${profile.date}`,
    unit: 'credits',
    before: typeof estimate === 'number' ? estimate : undefined,
    ask: freshCompositeCredits(ports.client, request, ports.signal),
  }).catch((error: unknown) => {
    throw isPriceRefusal(error) ? new WorkflowError('price-rose', error.message) : error;
  });
  const price = reservation.amount;
  let reported = 0;
  ports.progress.report({ message: `Downloading the composite of ${profile.date}…` });
  const fileName = paidFileName(['composite', profile.date, profile.model, `${profile.resolution}m`], key);
  const target = {
    directory,
    fileName,
    fallbackName: fileName,
    onProgress: (received: number, total: number | undefined) => {
      if (received > 0) ledger.charged(key).catch(() => undefined);
      const increment = total ? ((received - reported) / total) * 100 : undefined;
      reported = received;
      ports.progress.report({
        message: `Downloading ${formatBytes(received)}${total ? ` of ${formatBytes(total)}` : ''}`,
        bytes: received,
        increment,
      });
    },
  };
  let written;
  await ledger.sending(key, { id: 'composite', kind: 'composite', credits: price });
  try {
    written = await ports.client.downloadComposite(request, target, { signal: ports.signal });
    reservation.spent();
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (isFileError(error)) reservation.spent();
    else if (mayHaveBeenCharged(error)) reservation.uncertain();
    else reservation.release();
    if (isFileError(error)) {
      // Answered 200 and paid for; the disk refused the file: said so, and held.
      const reason = paidNotSavedReason('The composite', ports.redact ? ports.redact(text) : text, price);
      await ledger.settle(key, 'charged-not-saved', reason);
      result.charge = {
        ...(await chargeUncertainty(ports, new Error(reason), 'credits', credits)),
        paidNotSaved: true,
      };
      result.outcome = 'may-have-been-charged';
      return;
    }
    // Sent, answer lost: not sent again; the person sees the balance before and after.
    if (!mayHaveBeenCharged(error)) {
      const notSent = isApiError(error) && error.kind === 'aborted';
      await ledger.settle(key, notSent ? 'not-sent' : 'refused', text).catch(() => undefined);
      throw error;
    }
    await ledger.settle(key, 'lost', text);
    result.charge = await chargeUncertainty(ports, error, 'credits', credits);
    result.outcome = 'may-have-been-charged';
    return;
  }
  // Named by the pixels the file holds, which may be coarser than those asked.
  const file = written.path ? await nameByPixelSize(written.path, profile.resolution, ports.log) : undefined;
  await ledger.saved(key, file, written.bytes);
  if (file) {
    result.files.push(file);
    result.resolution = profile.resolution;
    // The image is paid for and saved: a metadata file that cannot be written must not undo that.
    try {
      const item = await writeStacSidecar(file, aoi, profile, request, ports.log, { area: area.shape });
      result.stacItems = [item.path];
      Object.assign(result, imageOutcome(item, profile.resolution));
    } catch (error) {
      ports.log?.(`The STAC Item beside ${file} could not be written: ${(error as Error).message}`);
    }
  } else if (request.UploadUrl) {
    result.uploadedTo = uploadTarget(request.UploadUrl);
    ports.log?.(`The service uploaded the composite to ${result.uploadedTo}; nothing was saved here.`);
  }
  result.bytes = written.bytes;
  result.outcome = 'completed';
  // Answered, so charged: at the price asked right before sending (the answer is the image, not a bill).
  result.creditsSpent = price;
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
