// Shows the account's credits and limits (re-read from the service).
import * as vscode from 'vscode';
import type { AccountState } from '../account';
import { accountLines } from '../account';
import { Commands } from '../constants';
import type { Command } from './command';

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
      const lines = accountLines(state.info).map((line) => `${line.label}: ${line.value}`);
      void vscode.window.showInformationMessage(`Satellite Imagery account. ${lines.join(' · ')}`);
    }
    return state;
  },
};
