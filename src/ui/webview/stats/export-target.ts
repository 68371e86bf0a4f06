// Where an export of the field statistics is proposed, and what a person is told once it is
// written. The folder keeps its own table as field-stats.csv (Show Field Statistics and
// `series --stats` rewrite it; the map reads it), so proposing that name led to an overwrite
// question about the one file an export must not replace: an export is proposed under a name of
// its own, dated, and never the name of a file already there.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';

/** `field-stats-export-YYYY-MM-DD.<extension>` in `folder` (the day in local time), with `-2`,
 * `-3`… added when a file of that name is there already. */
export function exportProposal(folder: string, extension: 'csv' | 'png', now: Date): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0'));
  const stem = `field-stats-export-${day.join('-')}`;
  for (let n = 1; ; n++) {
    const path = join(folder, `${stem}${n === 1 ? '' : `-${n}`}.${extension}`);
    if (!existsSync(path)) return path;
  }
}

/** Says that the export was written, with Open (in VS Code) and Reveal (in the explorer). */
export function announceExport(what: string, file: string): void {
  void vscode.window.showInformationMessage(`Exported ${what} to ${file}`, 'Open', 'Reveal').then(async (choice) => {
    const uri = vscode.Uri.file(file);
    if (choice === 'Open') await vscode.commands.executeCommand('vscode.open', uri);
    if (choice === 'Reveal') await vscode.commands.executeCommand('revealInExplorer', uri);
  });
}
