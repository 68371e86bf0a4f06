// satImagery.findAvailableDates(uri?, options?): the date search alone, shown as a read-only
// table a person reads at a glance (whole-area dates first, partial ones marked).
import * as vscode from 'vscode';
import { findAvailableDates } from '../../workflows/dates/find-dates-workflow';
import type { FindDatesOptions } from '../../workflows/dates/find-dates-workflow';
import type { DatesResult } from '../../workflows/engine/results';
import { Commands } from '../constants';
import { areaWorkflowCommand } from './area-command';
import type { AreaRun } from './area-command';
import type { ExtensionServices } from '../extension-services';
import { findDatesOptionNames } from '../../workflows/option-names';
import type { Command } from './command';

/** The dates as a read-only table, and the offer to download a composite of them. */
async function showDates(
  services: ExtensionServices,
  run: AreaRun<DatesResult>,
  options: FindDatesOptions | undefined,
): Promise<DatesResult> {
  if (run.result.outcome !== 'completed' || !run.result.text) return run.result;
  const { result } = run;
  const summary = `${result.coverage?.full.length ?? 0} dates cover the whole area, ${result.coverage?.partial.length ?? 0} only part of it.`;
  if (!(options as FindDatesOptions | undefined)?.skipConfirmation) {
    // A read-only document: closing the result must not ask to save an untitled file.
    const area = run.uri ? run.uri.path.slice(run.uri.path.lastIndexOf('/') + 1) : 'the area';
    await services.documents.show(`/dates/Dates of ${area.replace(/[\\/:*?"<>|]/g, '_')}.txt`, `${result.text}\n`);
  }
  void vscode.window.showInformationMessage(summary, 'Download Composite').then((choice) => {
    if (choice)
      void vscode.commands.executeCommand(Commands.downloadComposite, run.uri, {
        model: result.model,
        satelliteConstellations: result.satelliteConstellations,
        from: result.from,
        to: result.to,
      });
  });
  return result;
}

export const findAvailableDatesCommand: Command = areaWorkflowCommand(
  { id: Commands.findAvailableDates, title: 'Find available dates', optionNames: findDatesOptionNames },
  findAvailableDates,
  showDates,
);
