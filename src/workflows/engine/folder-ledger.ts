// The output folder of a run that buys: the one asked or the setting's, checked before anything is
// sent (output-folder.ts), with its purchase ledger opened and locked for the run and closed after
// it, whatever the run ends with; a folder the run made and bought nothing in is removed again.
import { WorkflowError } from '../../request/workflow-error';
import { checkOutputFolder } from './output-folder';
import type { WorkflowPorts } from './ports';
import { PurchaseLedger } from '../../ledger/purchase-ledger';
import { removeUnusedFolder } from '../../ledger/unused-folder';
import { lstat } from 'node:fs/promises';

/** Runs `buy` with the folder and its ledger; `command` is what the lock tells another run. */
export async function withFolderLedger<R>(
  ports: WorkflowPorts,
  outputDirectory: string | undefined,
  command: string,
  buy: (directory: string, ledger: PurchaseLedger) => Promise<R>,
): Promise<R> {
  const directory = outputDirectory ?? ports.settings().outputDirectory;
  if (!directory)
    throw new WorkflowError(
      'invalid-option',
      'No output folder: set satImagery.outputDirectory or open a workspace folder.',
    );
  // A folder this run makes and buys nothing in (the cost not confirmed) is not left behind.
  const made = !(await lstat(directory).catch(() => undefined));
  await checkOutputFolder(directory, ports.settings().workspaceFolder);
  const ledger = await PurchaseLedger.open(directory, { command, redact: ports.redact });
  try {
    return await buy(directory, ledger);
  } finally {
    await ledger.close();
    if (made) await removeUnusedFolder(directory, command);
  }
}
