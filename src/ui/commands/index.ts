// Every command id wired to its handler, in one place. A failure inside a handler reaches the
// person once (reportError) and the caller gets the rejection, so tests see it too.
import * as vscode from 'vscode';
import { reportError } from '../errors';
import type { ExtensionServices } from '../extension-services';
import type { CommandDefinition } from '../types';
import { cancelOrderCommand } from './cancelOrder';
import { clearApiKeyCommand } from './clearApiKey';
import { copyOrderIdCommand } from './copyOrderId';
import { createOrderCommand } from './createOrder';
import { downloadCompositeCommand } from './downloadComposite';
import { estimateOrderCommand } from './estimateOrder';
import { findAvailableDatesCommand } from './findAvailableDates';
import { openOrderAoiCommand } from './openOrderAoi';
import { processMiniTilesCommand } from './processMiniTiles';
import { processTilesCommand } from './processTiles';
import { refreshModelsCommand } from './refreshModels';
import { refreshOrdersCommand } from './refreshOrders';
import { searchTilesCommand } from './searchTiles';
import { setApiKeyCommand } from './setApiKey';
import { showAccountCommand } from './showAccount';
import { showLogCommand } from './showLog';
import { showOrderDetailsCommand } from './showOrderDetails';
import { toggleRecurringOnlyCommand } from './toggleRecurringOnly';
import { toggleShowExpiredCommand } from './toggleShowExpired';
import type { UiCommandDefinition } from './command';
import { useModelAsDefaultCommand } from './useModelAsDefault';

/** Commands of the key, the account and the sidebar. */
const uiCommands: UiCommandDefinition[] = [
  setApiKeyCommand,
  clearApiKeyCommand,
  refreshOrdersCommand,
  refreshModelsCommand,
  showOrderDetailsCommand,
  cancelOrderCommand,
  copyOrderIdCommand,
  openOrderAoiCommand,
  toggleRecurringOnlyCommand,
  toggleShowExpiredCommand,
  useModelAsDefaultCommand,
  showAccountCommand,
  showLogCommand,
];

/** The workflow commands (one file each, written against Services alone). The contribution
 * test (test/integration/commands-contract) fails when one is contributed but missing here. */
const workflowCommands: CommandDefinition[] = [
  downloadCompositeCommand,
  findAvailableDatesCommand,
  estimateOrderCommand,
  createOrderCommand,
  searchTilesCommand,
  processTilesCommand,
  processMiniTilesCommand,
];

/**
 * A keybinding or a task passes its `args` as the one argument: for the workflow commands that is
 * `{ uri?, ...options }`, the same as `(uri, options)`.
 */
export function workflowArguments(args: unknown[]): unknown[] {
  const [first, ...rest] = args;
  const plainObject = typeof first === 'object' && first !== null && !Array.isArray(first) && !(first instanceof vscode.Uri);
  if (!plainObject || rest.length > 0) return args;
  const { uri, ...options } = first as { uri?: unknown };
  return [uri, options];
}

export function registerCommands(services: ExtensionServices): vscode.Disposable[] {
  const all: Array<UiCommandDefinition | CommandDefinition> = [...uiCommands, ...workflowCommands];
  const workflowIds = new Set(workflowCommands.map((c) => c.id));
  const titles = contributedTitles(services.context);
  return all.map((definition) =>
    vscode.commands.registerCommand(definition.id, async (...args: unknown[]) => {
      try {
        return await definition.run(services, ...(workflowIds.has(definition.id) ? workflowArguments(args) : args));
      } catch (err) {
        reportError(services.log('commands'), `${titles.get(definition.id) ?? definition.id} failed`, err);
        throw err;
      }
    }),
  );
}

/** "Cancel Order…" for satImagery.cancelOrder: errors name the command as the person saw it. */
function contributedTitles(context: vscode.ExtensionContext): Map<string, string> {
  const commands: unknown = context.extension.packageJSON?.contributes?.commands;
  const titles = new Map<string, string>();
  if (Array.isArray(commands)) {
    for (const c of commands as Array<{ command?: unknown; title?: unknown }>) {
      if (typeof c.command === 'string' && typeof c.title === 'string') titles.set(c.command, c.title.replace(/…$/, ''));
    }
  }
  return titles;
}
