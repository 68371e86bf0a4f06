// Every command id wired to its handler, in one place. A failure inside a handler reaches the
// person once (reportError) and the caller gets the rejection, so tests see it too.
import * as vscode from 'vscode';
import { reportError } from '../errors';
import type { ExtensionServices } from '../extension-services';
import { cancelOrderCommand } from './cancelOrder';
import { clearApiKeyCommand } from './clearApiKey';
import { copyOrderIdCommand } from './copyOrderId';
import { createOrderCommand } from './createOrder';
import { downloadCompositeCommand } from './downloadComposite';
import { downloadTimeSeriesCommand } from './downloadTimeSeries';
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
import { openImageCommand } from './openImage';
import { showLogCommand } from './showLog';
import { showOnMapCommand } from './showOnMap';
import { showOrderDetailsCommand } from './showOrderDetails';
import { toggleRecurringOnlyCommand } from './toggleRecurringOnly';
import { toggleShowExpiredCommand } from './toggleShowExpired';
import type { Command } from './command';
import { useModelAsDefaultCommand } from './useModelAsDefault';

/** Every contributed command, each in its own file. The contribution test
 * (test/integration/commands-contract) fails when one is contributed but missing here. */
const allCommands: Command[] = [
  // The key, the account and the sidebar.
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
  openImageCommand,
  // The workflows.
  downloadCompositeCommand,
  downloadTimeSeriesCommand,
  findAvailableDatesCommand,
  estimateOrderCommand,
  createOrderCommand,
  searchTilesCommand,
  processTilesCommand,
  processMiniTilesCommand,
  // The map.
  showOnMapCommand,
];

export function registerCommands(services: ExtensionServices): vscode.Disposable[] {
  const titles = contributedTitles(services.context);
  return allCommands.map((definition) =>
    vscode.commands.registerCommand(definition.id, async (...args: unknown[]) => {
      try {
        return await definition.run(services, ...args);
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
