// After a batch: what was written, and the failed units with their reasons and "Retry failed",
// which reruns the command for the failed units only; the manifest makes the rerun skip every
// finished unit. Units that may have been charged (sent, answer lost) are named apart: "Retry
// failed" never sends them; only "Resend…", after the person picks them, does.
import * as vscode from 'vscode';
import { formatBytes, formatCredits } from '../../common/format';
import { offerReveal } from '../prompts/progress-notify';
import { chargeSentence } from '../../workflows/engine/results';
import { coarserPixelsNote } from '../../request/pixel-size';
import { coverageWarning, pixelSizeNote } from '../../workflows/engine/purchase-notes';
import type { BatchResult, BatchUnitReport } from '../../workflows/engine/results';
import type { ExtensionServices as Services } from '../extension-services';
import { SHOW_ACCOUNT, SHOW_ORDERS, lookInstead } from './charge-outcome';

const RETRY_FAILED = 'Retry failed';
const RESEND_UNCERTAIN = 'Resend…';

/** The options of a rerun: `retry` the failed units, `resend` the possibly charged ones chosen. */
export type RerunOptions = (units: { retry: string[]; resend: string[] }) => object;

const short = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

function listed(units: BatchUnitReport[], withReasons: boolean): string {
  const shown = units
    .slice(0, 3)
    .map((u) => (withReasons ? `${short(u.id)}: ${u.error}` : short(u.id)))
    .join(withReasons ? ' · ' : ', ');
  return `${shown}${units.length > 3 ? ` and ${units.length - 3} more` : ''}`;
}

/** " and 0.3 credits spent": what the units bought in this run cost, when the run knows it. */
function spentNote(result: BatchResult): string {
  return result.creditsSpent === undefined ? '' : ` and ${formatCredits(result.creditsSpent, undefined)} spent`;
}

export function announceBatch(
  services: Services,
  commandId: string,
  uri: vscode.Uri | undefined,
  rerun: RerunOptions,
  result: BatchResult,
  noun = 'image',
): Promise<string | undefined> | undefined {
  const done = result.units.filter((u) => u.status === 'done' || u.status === 'skipped').length;
  const { failed, uncertain } = result;
  // A field left mostly without data, and pixels coarser than asked (the service's choice over a
  // large area), are said, not only logged; units that carry no pixel size say it by their names.
  const images = result.units.map((u) => ({ label: u.id, coverage: u.coverage, pixelSize: u.pixelSize }));
  const warning = coverageWarning(images, noun);
  const coarser = result.units.some((u) => u.pixelSize)
    ? pixelSizeNote(images, noun)
    : coarserPixelsNote(result.files, result.choices?.resolution);
  const notes = [warning, coarser]
    .filter((n) => n !== undefined)
    .map((n) => ` ${n}`)
    .join('');
  if (failed.length === 0 && uncertain.length === 0) {
    const empty = result.units.filter((u) => u.validFraction === 0).length;
    const emptyNote =
      empty > 0
        ? ` ${empty} of them ${empty === 1 ? 'was' : 'were'} paid for but ${empty === 1 ? 'holds' : 'hold'} no valid pixels.`
        : '';
    if (result.outcome === 'completed' && result.manifestPath) {
      const message = `${done} files ready (${formatBytes(result.bytes)} written${spentNote(result)} this run).${emptyNote}${notes}`;
      const file = result.files[0] ?? result.manifestPath;
      // An image that leaves a field without data is a warning, with the same Reveal.
      if (warning) void revealOnWarning(services, message, file);
      else offerReveal(message, file);
    }
    return undefined;
  }
  const parts: string[] = [];
  if (warning) parts.push(warning);
  if (failed.length > 0) parts.push(`${failed.length} of ${result.units.length} failed: ${listed(failed, true)}.`);
  if (uncertain.length > 0) {
    const charge = result.charge
      ? chargeSentence(result.charge, `${uncertain.length} of ${result.units.length} (${listed(uncertain, false)})`)
      : `${uncertain.length} of ${result.units.length} may have been charged and were not sent again.`;
    parts.push(
      `${charge} "${RETRY_FAILED}" does not send them again; "${RESEND_UNCERTAIN}" lets you pick any to send (and pay for) again.`,
    );
  }
  const actions = [
    ...(failed.length > 0 ? [RETRY_FAILED] : []),
    ...(uncertain.length > 0 ? [RESEND_UNCERTAIN, SHOW_ORDERS, SHOW_ACCOUNT] : []),
  ];
  return services.notify.warn(parts.join(' '), ...actions).then(async (choice) => {
    const failedIds = failed.map((u) => u.id);
    if (choice === RETRY_FAILED)
      await vscode.commands.executeCommand(commandId, uri, rerun({ retry: failedIds, resend: [] }));
    if (choice === RESEND_UNCERTAIN) {
      const picked = await vscode.window.showQuickPick(
        uncertain.map((u) => ({ label: u.id, description: 'may have been charged already', picked: false })),
        { canPickMany: true, title: 'Send these again? Each may be charged a second time.', ignoreFocusOut: true },
      );
      if (picked && picked.length > 0)
        await vscode.commands.executeCommand(
          commandId,
          uri,
          rerun({ retry: failedIds, resend: picked.map((p) => p.label) }),
        );
    }
    await lookInstead(services, choice);
    return choice;
  });
}

/** A purchase whose image leaves a field mostly without data: a warning, with Reveal. */
export async function revealOnWarning(services: Services, message: string, file: string): Promise<void> {
  const choice = await services.notify.warn(message, 'Reveal');
  if (choice === 'Reveal') await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.file(file));
}
