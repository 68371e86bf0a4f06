// The one command type: an id and a handler that receives the extension's services first. Every
// command is listed once in commands/index.ts and registered in one loop.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { checkOptionNames } from '../../workflows/option-names';

export interface Command {
  readonly id: string;
  run(services: ExtensionServices, ...args: unknown[]): unknown;
}

/**
 * A workflow command takes `(uri, options)`, or the one object `{ uri?, ...options }` that a
 * keybinding or a task passes as its `args`: both reach `run` as `(uri, options)`.
 */
export function workflowCommand(command: Command, optionNames?: Record<string, true>): Command {
  return {
    id: command.id,
    run: (services, ...args) => {
      const normalized = workflowArguments(args);
      // Before any prompt or request: an unknown option name is refused with the accepted ones.
      const options = normalized[1];
      if (optionNames && isPlainObject(options)) checkOptionNames(command.id, options, optionNames);
      return command.run(services, ...normalized);
    },
  };
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof vscode.Uri);
}

function workflowArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const plainObject =
    typeof first === 'object' && first !== null && !Array.isArray(first) && !(first instanceof vscode.Uri);
  if (!plainObject || rest.length > 0) return args;
  const { uri, ...options } = first as { uri?: unknown };
  return [uri, options];
}
