// Copies an order's GUID to the clipboard (for support requests and scripts).
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { resolveOrder } from './order-argument';
import type { Command } from './command';

export const copyOrderIdCommand: Command = {
  id: Commands.copyOrderId,
  async run(services, arg?: unknown): Promise<string | undefined> {
    const target = await resolveOrder(services, arg);
    if (!target) return undefined;
    await vscode.env.clipboard.writeText(target.guid);
    void vscode.window.setStatusBarMessage(`Copied order ID ${target.guid}`, 3000);
    return target.guid;
  },
};
