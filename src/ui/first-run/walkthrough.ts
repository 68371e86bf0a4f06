// The walkthrough (package.json's contributes.walkthroughs) opens by itself once: at the first
// activation in this VS Code profile, never again after (a global state flag). VS Code opens an
// extension's walkthrough by itself only when the extension is installed from a gallery, not for
// a clone run in development, so the extension opens it. The test host skips it unless a test
// asks (`force`), and so does a person who turned it off: the extension's own setting
// `satImagery.walkthrough.openOnFirstRun`, or VS Code's "open walkthroughs on install" (they said
// they do not want walkthroughs opened for them). The browser tests other than the first-time walk
// turn the extension's setting off, the one a test can be sure the extension reads.
import * as vscode from 'vscode';
import { Settings, WALKTHROUGH_ID } from '../constants';

const SHOWN = 'satImagery.walkthroughShown';

/** Opens the walkthrough if it was never shown; true when it opened. */
export async function openWalkthroughOnce(context: vscode.ExtensionContext, force = false): Promise<boolean> {
  if (context.globalState.get<boolean>(SHOWN)) return false;
  if (!force && !wanted(context)) return false;
  // The flag first: a window closed while the page opens must not open it again next time.
  await context.globalState.update(SHOWN, true);
  await vscode.commands.executeCommand(
    'workbench.action.openWalkthrough',
    `${context.extension.id}#${WALKTHROUGH_ID}`,
    false,
  );
  return true;
}

function wanted(context: vscode.ExtensionContext): boolean {
  if (context.extensionMode === vscode.ExtensionMode.Test) return false;
  if (vscode.workspace.getConfiguration(Settings.section).get<boolean>(Settings.openWalkthroughOnFirstRun) === false)
    return false;
  return (
    vscode.workspace.getConfiguration('workbench.welcomePage').get<boolean>('walkthroughs.openOnInstall') !== false
  );
}
