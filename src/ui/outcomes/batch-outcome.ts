// After a batch: what was written, and the failed units with their reasons and "Retry failed",
// which reruns the command with `retryOptions`; the manifest makes the rerun skip every finished
// unit, so only the failed ones are sent again.
import * as vscode from 'vscode';
import { formatBytes } from '../../common/format';
import type { BatchResult } from '../../workflows/engine/results';
import { offerReveal } from '../prompts/progress-notify';

export function announceBatch(commandId: string, uri: vscode.Uri | undefined, retryOptions: object, result: BatchResult): void {
  const done = result.units.filter((u) => u.status !== 'failed').length;
  if (result.failed.length > 0) {
    const reasons = result.failed.slice(0, 3).map((u) => `${u.id.length > 12 ? `${u.id.slice(0, 8)}…` : u.id}: ${u.error}`).join(' · ');
    const more = result.failed.length > 3 ? ` and ${result.failed.length - 3} more` : '';
    void vscode.window.showWarningMessage(`${result.failed.length} of ${result.units.length} failed: ${reasons}${more}`, 'Retry failed').then((choice) => {
      if (choice) void vscode.commands.executeCommand(commandId, uri, retryOptions);
    });
  } else if (result.outcome === 'completed' && result.manifestPath) {
    offerReveal(`${done} files ready (${formatBytes(result.bytes)} written this run).`, result.files[0] ?? result.manifestPath);
  }
}
