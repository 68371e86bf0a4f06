// satImagery.downloadTimeSeries(uri?, options?): one frozen composite profile over many dates
// (src/workflows/series/series-workflow.ts): every date checked and priced, one cost panel with
// the dates and the total, then one GeoTIFF per date and the folder's STAC ItemCollection. The
// outcome lists failed dates with "Retry failed"; dates that may have been charged are resent
// only when the person picks them.
import type { DownloadSeriesOptions, SeriesResult } from '../../workflows/series/series-types';
import { downloadSeries } from '../../workflows/series/series-workflow';
import { Commands } from '../constants';
import { announceBatch } from '../outcomes/batch-outcome';
import { runWorkflow } from '../runners/run-workflow';
import { runOf } from '../tree/downloads-model';
import { downloadSeriesOptionNames } from '../../workflows/option-names';
import { workflowCommand } from './command';
import type { Command } from './command';

export const downloadTimeSeriesCommand: Command = workflowCommand(
  {
    id: Commands.downloadTimeSeries,
    async run(services, uri?: unknown, options?: unknown): Promise<SeriesResult | undefined> {
      const run = await runWorkflow<DownloadSeriesOptions, SeriesResult>(
        services,
        'Download time series',
        uri,
        options,
        (ports, source, o) => downloadSeries(ports, source!, o),
      );
      if (!run) return undefined;
      const { result } = run;
      // Its dates are listed in the Downloads tree, each finished one with Open Image.
      await services.sidebar.downloads.record(runOf('series', run.uri, result));
      // A rerun names exactly the dates it sends; the manifest skips the finished ones.
      void announceBatch(
        services,
        Commands.downloadTimeSeries,
        run.uri,
        ({ retry, resend }) => ({
          ...(options as object),
          ...result.choices,
          dates: [...retry, ...resend],
          resendUncertain: resend,
        }),
        result,
        'date',
      );
      if (result.bytes > 0 || result.uncertain.length > 0) services.refreshTrees(); // credits were (or may have been) spent
      return result;
    },
  },
  downloadSeriesOptionNames,
);
