// The "report progress" and "notify" ports in VS Code. Progress is a cancellable notification
// (put away while a panel waits for a decision: progress-notification.ts) whose Cancel aborts an
// AbortController, so every request in flight (each takes the signal) really stops. Notifications resolve with the chosen action.
import * as vscode from 'vscode';
import type { NotifyPort, ProgressPort } from '../../workflows/engine/ports';
import { ProgressNotification } from './progress-notification';
import { Commands } from '../constants';

export interface ProgressScope {
  progress: ProgressPort;
  signal: AbortSignal;
  /** Runs `wait` with the notification put away (see ProgressNotification.aside). */
  aside<T>(message: string, wait: () => Promise<T>): Promise<T>;
}

/** Runs `work` under a cancellable progress notification titled `title`. */
export async function withCancellableProgress<T>(
  title: string,
  work: (scope: ProgressScope) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const notification = new ProgressNotification(title, controller);
  try {
    return await work({
      progress: notification.port,
      signal: controller.signal,
      aside: (message, wait) => notification.aside(message, wait),
    });
  } finally {
    notification.close();
  }
}

export const vscodeNotify: NotifyPort = {
  info: async (message, ...actions) => vscode.window.showInformationMessage(message, ...actions),
  warn: async (message, ...actions) => vscode.window.showWarningMessage(message, ...actions),
};

/** Offers Reveal and Open Folder for a written file (and Open, in the image viewer, for an
 * image), without holding up the command's result. */
export function offerReveal(message: string, file: string): void {
  const image = /\.tiff?$/i.test(file);
  void vscode.window
    .showInformationMessage(message, ...(image ? ['Open'] : []), 'Reveal', 'Open Folder')
    .then(async (choice) => {
      const uri = vscode.Uri.file(file);
      if (choice === 'Open') await vscode.commands.executeCommand(Commands.openImage, uri);
      // Reveal shows the file in VS Code's explorer (works remotely too); Open Folder asks the OS.
      if (choice === 'Reveal') await vscode.commands.executeCommand('revealInExplorer', uri);
      if (choice === 'Open Folder')
        await vscode.commands.executeCommand('revealFileInOS', vscode.Uri.joinPath(uri, '..'));
    });
}
