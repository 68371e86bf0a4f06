// Removes the key from SecretStorage; every window follows through `secrets.onDidChange`.
import * as vscode from 'vscode';
import { Commands } from '../constants';
import type { Command } from './command';

export const clearApiKeyCommand: Command = {
  id: Commands.clearApiKey,
  async run(services): Promise<{ cleared: boolean }> {
    const had = !!(await services.apiKey.get());
    await services.apiKey.clear();
    services.log('key').info('key removed');
    if (had) void vscode.window.showInformationMessage("API key removed from this machine's secret storage.");
    return { cleared: had };
  },
};
