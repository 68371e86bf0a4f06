// satImagery.downloadTimeSeries(uri?, options?): one frozen composite profile over many dates
// (src/workflows/series/series-workflow.ts): every date checked and priced, one cost panel with
// the dates and the total, then one GeoTIFF per date and the folder's STAC ItemCollection. The
// outcome lists failed dates with "Retry failed"; dates that may have been charged are resent
// only when the person picks them.
import type { DownloadSeriesOptions, SeriesResult } from '../../workflows/series/series-types';
import { downloadSeries } from '../../workflows/series/series-workflow';
import { Commands } from '../constants';
import { recordBatch } from '../runners/run-batch';
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
  return run.result;
}

export const downloadTimeSeriesCommand: Command = areaWorkflowCommand(
  { id: Commands.downloadTimeSeries, title: 'Download time series', optionNames: downloadSeriesOptionNames },
  downloadSeries,
  tellSeries,
);
