// The extension's one LogOutputChannel. Every line carries the component that wrote it, so a
// person reading "Satellite Imagery" output can tell the HTTP layer from the trees or the
// workflows. Callers pass only what is safe to show: never the key, never a whole AOI; and every
// line passes through the key redactor anyway, for what a server echoed of the key.
import * as vscode from 'vscode';
import type { ComponentLog } from './types';
import { redactKey } from './key-redaction';

export interface ExtensionLog extends vscode.Disposable {
  readonly channel: vscode.LogOutputChannel;
  for(component: string): ComponentLog;
}

export function createExtensionLog(): ExtensionLog {
  const channel = vscode.window.createOutputChannel('Satellite Imagery', { log: true });
  const tagged = (component: string): ComponentLog => ({
    trace: (message) => channel.trace(redactKey(`[${component}] ${message}`)),
    debug: (message) => channel.debug(redactKey(`[${component}] ${message}`)),
    info: (message) => channel.info(redactKey(`[${component}] ${message}`)),
    warn: (message) => channel.warn(redactKey(`[${component}] ${message}`)),
    error: (message) => channel.error(redactKey(`[${component}] ${message}`)),
  });
  return { channel, for: tagged, dispose: () => channel.dispose() };
}
