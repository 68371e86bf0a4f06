// After a billed call whose answer was lost (a composite, a tile, an order): say that it may have
// been charged, with the balance before and after, and offer to look (the Orders list, the
// account) instead of sending it again.
import * as vscode from 'vscode';
import { chargeSentence } from '../../workflows/engine/results';
import type { ChargeUncertainty } from '../../workflows/engine/results';
import { Commands, Views } from '../constants';
import type { ExtensionServices as Services } from '../extension-services';

export const SHOW_ORDERS = 'Show Orders';
export const SHOW_ACCOUNT = 'Show Account';

/** Carries out Show Orders / Show Account; other choices are the caller's. */
export async function lookInstead(services: Services, choice: string | undefined): Promise<void> {
  if (choice === SHOW_ORDERS) {
    services.refreshTrees();
    await vscode.commands.executeCommand(`${Views.orders}.focus`);
  }
  if (choice === SHOW_ACCOUNT) await vscode.commands.executeCommand(Commands.showAccount);
}

/** The "may have been charged" notification. `subject`: "The composite", "The order". */
export function announceCharge(
  services: Services,
  charge: ChargeUncertainty | undefined,
  subject: string,
  lead = '',
): Promise<string | undefined> {
  services.refreshTrees(); // the credits shown may be out of date now
  const words = charge
    ? chargeSentence(charge, subject)
    : `${subject} may have been charged: its answer was lost, and it was not sent again. Check the Orders list and the account before trying again.`;
  const shown = services.notify.warn(`${lead}${words}`, SHOW_ORDERS, SHOW_ACCOUNT);
  return shown.then(async (choice) => {
    await lookInstead(services, choice);
    return choice;
  });
}
