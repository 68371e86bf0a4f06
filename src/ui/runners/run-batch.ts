// What Process Tiles and Process Mini-Tiles share: run the batch core on the document (or on the
// tile GUIDs and date of the options alone), report the outcome with "Retry failed" (and, for
// units that may have been charged, a choice to resend them), and reload the account's credits
// when anything was processed.
import type { BatchKind, ProcessTilesOptions } from '../../workflows/tiles/process-tiles-workflow';
import { processTiles } from '../../workflows/tiles/process-tiles-workflow';
import type { BatchResult } from '../../workflows/engine/results';
import type { ExtensionServices } from '../extension-services';
import { announceBatch } from '../outcomes/batch-outcome';
import type * as vscode from 'vscode';
import { runOf } from '../tree/downloads-model';
import type { DownloadKind } from '../tree/downloads-runs';
import { runWorkflow } from './run-workflow';

export async function runBatchCommand(
  services: ExtensionServices,
  kind: BatchKind,
  commandId: string,
  title: string,
  uri: unknown,
  options: unknown,
): Promise<BatchResult | undefined> {
  const given = options as ProcessTilesOptions | undefined;
  const documentRequired = !(given?.tileGuids?.length && given.date);
  const run = await runWorkflow<ProcessTilesOptions, BatchResult>(
    services,
    title,
    uri,
    options,
    (ports, source, o) => processTiles(ports, kind, source, o),
    documentRequired,
  );
  if (!run) return undefined;
  const { result } = run;
  await recordBatch(services, commandId, run, options, kind === 'minitile' ? 'miniTiles' : 'tiles', 'tileGuids');
  return result;
}

/**
 * What a batch's run (tiles, mini-tiles, a series' dates) ends with: its row in the Downloads
 * tree, the outcome with "Retry failed", whose rerun names exactly the units it sends (under
 * `unitsOption`: the failed ones and those the person chose to resend), and the account's
 * credits reloaded when anything was (or may have been) bought.
 */
export async function recordBatch(
  services: ExtensionServices,
  commandId: string,
  run: { result: BatchResult; uri: vscode.Uri | undefined },
  options: unknown,
  kind: DownloadKind,
  unitsOption: 'tileGuids' | 'dates',
): Promise<void> {
  const { result } = run;
  await services.sidebar.downloads.record(runOf(kind, run.uri, result));
  void announceBatch(
    services,
    commandId,
    run.uri,
    ({ retry, resend }) => ({
      ...(options as object),
      ...result.choices,
      [unitsOption]: [...retry, ...resend],
      resendUncertain: resend,
    }),
    result,
    unitsOption === 'dates' ? 'date' : undefined,
  );
  if (result.bytes > 0 || result.uncertain.length > 0) services.refreshTrees(); // credits were (or may have been) spent
}
