// What Process Tiles and Process Mini-Tiles share: run the batch core on the document (or on the
// tile GUIDs and date of the options alone), report the outcome with "Retry failed", and reload
// the account's credits when anything was processed.
import type { BatchKind, ProcessTilesOptions } from '../../workflows/tiles/process-tiles-workflow';
import { processTiles } from '../../workflows/tiles/process-tiles-workflow';
import type { BatchResult } from '../../workflows/engine/results';
import type { ExtensionServices } from '../extension-services';
import { announceBatch } from '../outcomes/batch-outcome';
import { runWorkflow } from './run-workflow';

export async function runBatchCommand(services: ExtensionServices, kind: BatchKind, commandId: string, title: string, uri: unknown, options: unknown): Promise<BatchResult | undefined> {
  const given = options as ProcessTilesOptions | undefined;
  const documentRequired = !(given?.tileGuids?.length && given.date);
  const run = await runWorkflow<ProcessTilesOptions, BatchResult>(services, title, uri, options, (ports, source, o) => processTiles(ports, kind, source, o), documentRequired);
  if (!run) return undefined;
  const { result } = run;
  announceBatch(commandId, run.uri, { ...(options as object), ...result.choices, tileGuids: result.failed.map((u) => u.id) }, result);
  if (result.bytes > 0) services.refreshTrees(); // credits were spent
  return result;
}
