// satImagery.downloadTimeSeries(uri?, options?): one frozen composite profile over many dates
// (src/workflows/series/series-workflow.ts): every date checked and priced, one cost panel with
// the dates and the total, then one GeoTIFF per date and the folder's STAC ItemCollection. The
// outcome lists failed dates with "Retry failed"; dates that may have been charged are resent
// only when the person picks them.
import type { DownloadSeriesOptions, SeriesResult } from '../../workflows/series/series-types';
import { downloadSeries } from '../../workflows/series/series-workflow';
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { AREA_FILES, EXCLUDE_FROM_SEARCH as EXCLUDE } from '../tree/field-alerts';
import { rowCacheHome } from './showFieldStatistics';
import { recordBatch } from '../runners/run-batch';
import { runOf } from '../tree/downloads-model';
import { downloadSeriesOptionNames } from '../../workflows/option-names';
import { areaWorkflowCommand } from './area-command';
import type { AreaRun } from './area-command';
import type { ExtensionServices } from '../extension-services';
import type { Command } from './command';

/** A series ends as a batch: its dates in the Downloads tree, each finished one with Open Image; a
 * rerun names exactly the dates it sends, and the manifest skips the finished ones. */
async function tellSeries(
  services: ExtensionServices,
  run: AreaRun<SeriesResult>,
  options: DownloadSeriesOptions | undefined,
): Promise<SeriesResult> {
  await recordBatch(services, Commands.downloadTimeSeries, run, options, 'series', 'dates');
  const folder = runOf('series', run.uri, run.result)?.folder;
  if (folder && run.result.bytes > 0) await updateTableAndAlerts(services, folder);
  return run.result;
}

/** The folder's field table (when it keeps one) brought up to date, then the alerts read again and
 * the new ones notified. A table that could not be updated is said in the log; the series stands. */
async function updateTableAndAlerts(services: ExtensionServices, folder: string): Promise<void> {
  const { updateFolderTable } = await import('../webview/stats/table-update');
  const areaFiles = async () =>
    (await vscode.workspace.findFiles(AREA_FILES, EXCLUDE, 200))
      .filter((u) => u.scheme === 'file')
      .map((u) => u.fsPath);
  try {
    const { problem } = await updateFolderTable(
      folder,
      rowCacheHome(services),
      areaFiles,
      new AbortController().signal,
    );
    if (problem) services.log('alerts').warn(`The field table of ${folder} was not brought up to date: ${problem}.`);
  } catch (error) {
    services.log('alerts').warn(`The field table of ${folder} was not brought up to date: ${(error as Error).message}`);
  }
  await services.sidebar.fieldAlerts.refreshAfter('the time series');
}

export const downloadTimeSeriesCommand: Command = areaWorkflowCommand(
  { id: Commands.downloadTimeSeries, title: 'Download time series', optionNames: downloadSeriesOptionNames },
  downloadSeries,
  tellSeries,
);
