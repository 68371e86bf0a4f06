// satImagery.processMiniTiles(uri?, options?): chosen minitiles (or every one over the AOI) through a
// small worker pool, each to its own file, with a manifest so a rerun skips finished units.
import { processTiles } from '../../workflows/batch-process';
import type { ProcessTilesOptions } from '../../workflows/batch-process';
import type { BatchResult } from '../../workflows/results';
import { Commands } from '../constants';
import { runWorkflow } from '../prompts/run-workflow';
import type { CommandDefinition } from '../services';
import { announceBatch } from '../prompts/batch-outcome';

export const processMiniTilesCommand: CommandDefinition = {
  id: Commands.processMiniTiles,
  async run(services, uri?: unknown, options?: unknown): Promise<BatchResult | undefined> {
    const given = options as ProcessTilesOptions | undefined;
    const documentRequired = !(given?.tileGuids?.length && given.date);
    const run = await runWorkflow<ProcessTilesOptions, BatchResult>(services, 'Process mini-tiles', uri, options, (ports, source, o) => processTiles(ports, 'minitile', source, o), documentRequired);
    if (run) announceBatch(Commands.processMiniTiles, run.uri, { ...(options as object), ...run.result.choices, tileGuids: run.result.failed.map((u) => u.id) }, run.result);
    return run?.result;
  },
};
