// How a failure reaches the person: one notification saying what failed and why, with a button
// for the likely fix, and the same text in the log. Never throws, never shows the key (the client
// redacts what a server echoed of it; the text is redacted once more here, for any other error).
import * as vscode from 'vscode';
import { describeError } from '../api/describe';
import type { ErrorAction } from '../api/describe';
import { isApiError } from '../api/errors';
import { Commands } from './constants';
import type { ComponentLog } from './types';
import { redactKey } from './key-redaction';

/** The sentence for any thrown value. */
export function errorText(err: unknown): string {
  return redactKey(describeError(err).message);
}

const buttons: Partial<Record<ErrorAction, { title: string; command: string }>> = {
  'check-api-key': { title: 'Set API Key', command: Commands.setApiKey },
  'show-account': { title: 'Show Account', command: Commands.showAccount },
  'check-availability': { title: 'Find Available Dates', command: Commands.findAvailableDates },
  'estimate-order': { title: 'Estimate Order', command: Commands.estimateOrder },
  'check-base-url': { title: 'Open Settings', command: 'workbench.action.openSettings' },
  'show-log': { title: 'Show Log', command: Commands.showLog },
};

/** Logs the failure and shows it without waiting for the person to dismiss it. */
export function reportError(log: ComponentLog, what: string, err: unknown): void {
  const described = describeError(err);
  const description = { ...described, message: redactKey(described.message) };
  if (isApiError(err) && err.kind === 'aborted') {
    // Cancelled by the person: nothing to tell them.
    log.info(`${what}: ${description.message}`);
    return;
  }
  log.error(`${what}: ${description.message}`);
  const offered = description.actions.map((action) => buttons[action]).filter((b) => b !== undefined);
  if (!offered.some((b) => b.command === Commands.showLog)) offered.push(buttons['show-log']!);
  void vscode.window
    .showErrorMessage(`${what}: ${description.message}`, ...offered.map((b) => b.title))
    .then((choice) => {
      const button = offered.find((b) => b.title === choice);
      if (!button) return;
      const args = button.command === 'workbench.action.openSettings' ? ['satImagery.baseUrl'] : [];
      void vscode.commands.executeCommand(button.command, ...args);
    });
}
