// The one command type: an id and a handler that receives the extension's services first. Every
// command is listed once in commands/index.ts and registered in one loop.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';

export interface Command {
  readonly id: string;
  run(services: ExtensionServices, ...args: unknown[]): unknown;
}

/**
 * A workflow command takes `(uri, options)`, or the one object `{ uri?, ...options }` that a
 * keybinding or a task passes as its `args`: both reach `run` as `(uri, options)`.
 */
export function workflowCommand(command: Command): Command {
  return { id: command.id, run: (services, ...args) => command.run(services, ...workflowArguments(args)) };
}

export function workflowArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const plainObject = typeof first === 'object' && first !== null && !Array.isArray(first) && !(first instanceof vscode.Uri);
  if (!plainObject || rest.length > 0) return args;
  const { uri, ...options } = first as { uri?: unknown };
  return [uri, options];
}
