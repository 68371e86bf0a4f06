// Fetches an order's details and shows them as a read-only Markdown document with sections
// (order-details-document.ts).
import type * as vscode from 'vscode';
import type { TaskOrder } from '../../api/types';
import { Commands } from '../constants';
import { reportError } from '../errors';
import { resolveOrder } from './order-argument';
import { orderDetailsMarkdown, orderDetailsPath } from './order-details-document';
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
    const document: vscode.TextDocument = await services.documents.show(
      orderDetailsPath(target.guid),
      orderDetailsMarkdown(details),
    );
    return { uri: document.uri.toString(), details };
  },
};
