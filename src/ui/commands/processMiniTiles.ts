// satImagery.processMiniTiles(uri?, options?): chosen mini-tiles (or every one over the AOI)
// through a small worker pool, each to its own file, with a manifest so a rerun skips finished units.
import type { BatchResult } from '../../workflows/engine/results';
import { Commands } from '../constants';
import { runBatchCommand } from '../runners/run-batch';
import { workflowCommand } from './command';
import { processTilesOptionNames } from '../../workflows/option-names';
import type { Command } from './command';

export const processMiniTilesCommand: Command = workflowCommand(
  {
    id: Commands.processMiniTiles,
    run: (services, uri?: unknown, options?: unknown): Promise<BatchResult | undefined> =>
      runBatchCommand(services, 'minitile', Commands.processMiniTiles, 'Process mini-tiles', uri, options),
  },
  processTilesOptionNames,
);
