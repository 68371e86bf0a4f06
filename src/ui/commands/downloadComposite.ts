// satImagery.downloadComposite(uri?, options?): date search → availability → estimate → cost
// panel → GeoTIFF in the output folder (src/workflows/composite/download-composite-workflow.ts), then Reveal /
// Open Folder. When the imagery is not ready the person is offered the fix.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fixLabels } from '../../workflows/composite/availability';
import { downloadComposite } from '../../workflows/composite/download-composite-workflow';
import { formatBytes } from '../../common/format';
import type { DownloadCompositeOptions } from '../../workflows/composite/download-composite-workflow';
import type { CompositeResult } from '../../workflows/engine/results';
import { validitySentence } from '../../workflows/engine/results';
import { compositeNotes, coverageWarning } from '../../workflows/engine/purchase-notes';
import { coarserPixelsNote } from '../../request/pixel-size';
import { Commands, ContextKeys } from '../constants';
import { markStepDone } from '../first-run/step-done';
import { announceBatch, revealOnWarning } from '../outcomes/batch-outcome';
import { announceCharge } from '../outcomes/charge-outcome';
import { offerReveal } from '../prompts/progress-notify';
import { compositeRunOf } from '../tree/downloads-model';
import { areaWorkflowCommand } from './area-command';
import type { AreaRun } from './area-command';
import type { ExtensionServices } from '../extension-services';
import { downloadCompositeOptionNames } from '../../workflows/option-names';
import type { Command } from './command';

/** What the person is told after a composite: where the file is, the batch of its parts, a charge
 * that may have been made, the fix when the imagery is not ready. */
async function tellComposite(
  services: ExtensionServices,
  run: AreaRun<CompositeResult>,
  options: DownloadCompositeOptions | undefined,
): Promise<CompositeResult> {
  const { result } = run;
  const file = result.files[0];
  if (result.parts) {
    // Went in parts (the area is above the key's maximum): report like a batch.
    void announceBatch(
      services,
      Commands.downloadComposite,
      run.uri,
      ({ resend }) => ({ ...(options as object), skipConfirmation: false, resendUncertain: resend }),
      result.parts,
      'part',
    );
  } else if (result.outcome === 'completed' && result.uploadedTo) {
    // UploadUrl: the service sent the image there itself; nothing was saved here.
    void vscode.window.showInformationMessage(
      `The service uploaded the composite to ${result.uploadedTo}. Nothing was saved locally.`,
    );
  } else if (result.outcome === 'completed' && file && result.boughtBefore) {
    offerReveal(`${path.basename(file)} was bought before and is in the folder: nothing was sent or bought.`, file);
  } else if (result.outcome === 'completed' && file) {
    const validity = validitySentence(result.validFraction);
    // Each field's share, a field left mostly without data and pixels coarser than asked are
    // said here as after a batch or a series (purchase-notes.ts); a warning when a field is.
    const notes = compositeNotes(result, path.basename(file));
    // An image not read after saving still says pixels coarser than asked, by its file's name.
    if (!result.pixelSize) notes.push(coarserPixelsNote(result.files, result.resolution) ?? '');
    const message = `Saved ${path.basename(file)} (${formatBytes(result.bytes)})${validity ? `: ${validity}` : ''}.${notes
      .filter((n) => n !== '')
      .map((n) => ` ${n}`)
      .join('')}`;
    if (coverageWarning([{ label: file, coverage: result.coverage }], 'image'))
      void revealOnWarning(services, message, file);
    else offerReveal(message, file);
  } else if (result.outcome === 'may-have-been-charged') {
    void announceCharge(services, result.charge, 'The composite');
  }
  if (result.bytes > 0 || (result.parts?.bytes ?? 0) > 0) {
    services.refreshTrees(); // credits were spent
    markStepDone(ContextKeys.compositeDownloaded); // the walkthrough's step: an image was saved
  }
  await services.sidebar.downloads.record(compositeRunOf(run.uri, result));
  if (result.outcome === 'not-available') offerFix(result, run.uri, options);
  return result;
}

export const downloadCompositeCommand: Command = areaWorkflowCommand(
  { id: Commands.downloadComposite, title: 'Download composite', optionNames: downloadCompositeOptionNames },
  downloadComposite,
  tellComposite,
);

/** The imagery was not ready: the order the person chose is estimated, or, when nobody was asked
 * (the date was fixed), the fixes are offered without holding up the result. */
function offerFix(
  result: CompositeResult,
  uri: vscode.Uri | undefined,
  options: DownloadCompositeOptions | undefined,
): void {
  if (result.fix === 'order-area') {
    void vscode.commands.executeCommand(Commands.estimateOrder, uri);
  } else if (!result.fixOffered) {
    const offered = (result.fixes ?? []).filter((fix) => fix === 'order-area' || fix === 'other-date');
    void vscode.window
      .showWarningMessage(result.reason ?? 'The imagery is not available.', ...offered.map((fix) => fixLabels[fix]))
      .then((choice) => {
        if (choice === fixLabels['order-area']) void vscode.commands.executeCommand(Commands.estimateOrder, uri);
        if (choice === fixLabels['other-date'])
          void vscode.commands.executeCommand(Commands.downloadComposite, uri, {
            ...(options as object),
            date: undefined,
            skipConfirmation: false,
          });
      });
  }
}
