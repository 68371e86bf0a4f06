// Shows the account's credits and limits (re-read from the service): every field the account
// endpoint gives, formatted and grouped, as the rows of a list that holds them all (a notification
// cut the line off). Picking a row copies its value.
import * as vscode from 'vscode';
import type { ApiKeyInfo } from '../../api/types';
import type { AccountState } from '../account';
import { Commands } from '../constants';
import type { Command } from './command';
import { accountFields } from './showAccount-fields';

export const showAccountCommand: Command = {
  id: Commands.showAccount,
  async run(services): Promise<AccountState> {
    const state = await services.account.refresh(!!(await services.apiKey.get()));
    if (state.kind === 'no-key') {
      const choice = await vscode.window.showInformationMessage('No API key is set.', 'Set API Key');
      if (choice) await vscode.commands.executeCommand(Commands.setApiKey);
    } else if (state.kind === 'error') {
      void vscode.window.showErrorMessage(`Could not read the account: ${state.message}`);
    } else if (state.kind === 'ready') {
      showFields(state.info);
    }
    return state;
  },
};

type FieldItem = vscode.QuickPickItem & { value?: string };

/** The list stays open until the person closes it; the command does not wait for it. */
function showFields(info: ApiKeyInfo | undefined): void {
  const pick = vscode.window.createQuickPick<FieldItem>();
  pick.title = 'Satellite Imagery account';
  pick.placeholder = 'Every figure the service gives for this key: pick one to copy its value';
  pick.matchOnDescription = true;
  const items: FieldItem[] = [];
  const fields = info ? accountFields(info) : [];
  for (const field of fields) {
    if (items.length === 0 || fields[fields.indexOf(field) - 1]?.group !== field.group)
      items.push({ label: field.group, kind: vscode.QuickPickItemKind.Separator });
    items.push({ label: field.label, description: field.value, detail: field.name, value: field.value });
  }
  if (fields.length === 0) items.push({ label: 'The key is accepted; the service reports no account figures.' });
  pick.items = items;
  pick.onDidAccept(() => {
    const value = pick.selectedItems[0]?.value;
    if (value !== undefined) void vscode.env.clipboard.writeText(value);
    pick.hide();
  });
  pick.onDidHide(() => pick.dispose());
  pick.show();
}
