// Every command id wired to its handler, in one place. A command's file (and the workflow and
// webview code behind it) loads with the command's first run, not at activation: activation only
// registers the ids. A failure inside a handler reaches the person once (reportError) and the
// caller gets the rejection, so tests see it too.
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { reportError } from '../errors';
import type { ExtensionServices } from '../extension-services';
import { noteStepCommand } from '../first-run/step-commands';
import type { Command } from './command';

/** Every contributed command, each in its own file. The contribution test
 * (test/integration/commands-contract) fails when one is contributed but missing here. */
const allCommands: Record<string, () => Promise<Command>> = {
  // The key, the account and the sidebar.
  [Commands.setApiKey]: async () => (await import('./setApiKey')).setApiKeyCommand,
  [Commands.clearApiKey]: async () => (await import('./clearApiKey')).clearApiKeyCommand,
  [Commands.refreshOrders]: async () => (await import('./refreshOrders')).refreshOrdersCommand,
  [Commands.refreshModels]: async () => (await import('./refreshModels')).refreshModelsCommand,
  [Commands.showOrderDetails]: async () => (await import('./showOrderDetails')).showOrderDetailsCommand,
  [Commands.cancelOrder]: async () => (await import('./cancelOrder')).cancelOrderCommand,
  [Commands.copyOrderId]: async () => (await import('./copyOrderId')).copyOrderIdCommand,
  [Commands.openOrderAoi]: async () => (await import('./openOrderAoi')).openOrderAoiCommand,
  [Commands.toggleRecurringOnly]: async () => (await import('./toggleRecurringOnly')).toggleRecurringOnlyCommand,
  [Commands.toggleShowExpired]: async () => (await import('./toggleShowExpired')).toggleShowExpiredCommand,
  [Commands.useModelAsDefault]: async () => (await import('./useModelAsDefault')).useModelAsDefaultCommand,
  [Commands.showAccount]: async () => (await import('./showAccount')).showAccountCommand,
  [Commands.showLog]: async () => (await import('./showLog')).showLogCommand,
  [Commands.openImage]: async () => (await import('./openImage')).openImageCommand,
  // The workflows.
  [Commands.downloadComposite]: async () => (await import('./downloadComposite')).downloadCompositeCommand,
  [Commands.downloadTimeSeries]: async () => (await import('./downloadTimeSeries')).downloadTimeSeriesCommand,
  [Commands.findAvailableDates]: async () => (await import('./findAvailableDates')).findAvailableDatesCommand,
  [Commands.estimateOrder]: async () => (await import('./estimateOrder')).estimateOrderCommand,
  [Commands.createOrder]: async () => (await import('./createOrder')).createOrderCommand,
  [Commands.searchTiles]: async () => (await import('./searchTiles')).searchTilesCommand,
  [Commands.processTiles]: async () => (await import('./processTiles')).processTilesCommand,
  [Commands.processMiniTiles]: async () => (await import('./processMiniTiles')).processMiniTilesCommand,
  // The map.
  [Commands.showOnMap]: async () => (await import('./showOnMap')).showOnMapCommand,
  // The field statistics.
  [Commands.showFieldStatistics]: async () => (await import('./showFieldStatistics')).showFieldStatisticsCommand,
  [Commands.refreshFieldAlerts]: async () => (await import('./refreshFieldAlerts')).refreshFieldAlertsCommand,
  [Commands.openFieldAlert]: async () => (await import('./openFieldAlert')).openFieldAlertCommand,
  // Imagery as code.
  [Commands.planImagery]: async () => (await import('./planImagery')).planImageryCommand,
};

export function registerCommands(services: ExtensionServices): vscode.Disposable[] {
  const titles = contributedTitles(services.context);
  return Object.entries(allCommands).map(([id, load]) =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      noteStepCommand(id);
      try {
        const definition = await load();
        return await definition.run(services, ...args);
      } catch (err) {
        reportError(services.log('commands'), `${titles.get(id) ?? id} failed`, err);
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
      if (typeof c.command === 'string' && typeof c.title === 'string')
        titles.set(c.command, c.title.replace(/…$/, ''));
    }
  }
  return titles;
}
