// Fetches an order's details and shows them as read-only JSON.
import type * as vscode from 'vscode';
import type { TaskOrder } from '../../api/types';
import { Commands } from '../constants';
import { reportError } from '../errors';
import { resolveOrder } from './order-argument';
import type { Command } from './command';

export interface ShowOrderDetailsResult {
  uri: string;
  details: TaskOrder[];
}

export const showOrderDetailsCommand: Command = {
  id: Commands.showOrderDetails,
  async run(services, arg?: unknown): Promise<ShowOrderDetailsResult | undefined> {
    const target = await resolveOrder(services, arg);
    if (!target) return undefined;
    let details: TaskOrder[];
    try {
      details = await (await services.getClient()).getOrderDetails([target.guid]);
    } catch (err) {
      reportError(services.log('orders'), `Could not load the details of order ${target.guid}`, err);
      return undefined;
    }
    const shown = details.length === 1 ? details[0] : details;
    const document: vscode.TextDocument = await services.documents.show(
      `/orders/${safeName(target.guid)}.json`,
      JSON.stringify(shown, null, 2) + '\n',
    );
    return { uri: document.uri.toString(), details };
  },
};

function safeName(guid: string): string {
  return guid.replace(/[^A-Za-z0-9_-]/g, '_');
}
