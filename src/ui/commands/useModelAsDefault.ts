// Makes a model the `satImagery.defaults.model` user setting, so workflows stop asking for it.
import * as vscode from 'vscode';
import { Commands, Settings } from '../constants';
import type { Command } from './command';

export const useModelAsDefaultCommand: Command = {
  id: Commands.useModelAsDefault,
  async run(services, arg?: unknown): Promise<string | undefined> {
    const name =
      typeof arg === 'string'
        ? arg
        : arg && typeof arg === 'object' && 'name' in arg && typeof arg.name === 'string'
          ? arg.name
          : undefined;
    const model =
      name ??
      (await pickModel(services.sidebar.models.items?.map((m) => m.Model).filter((m): m is string => !!m) ?? []));
    if (!model) return undefined;
    const config = vscode.workspace.getConfiguration(Settings.section);
    await config.update(Settings.defaultModel, model, vscode.ConfigurationTarget.Global);
    services.log('models').info(`default model set to ${model}`);
    const inspected = config.inspect<string>(Settings.defaultModel);
    const override = inspected?.workspaceFolderValue || inspected?.workspaceValue;
    if (override && override !== model) {
      void vscode.window.showWarningMessage(
        `${model} is now your default model, but this workspace's settings choose ${override}, which wins here.`,
      );
    }
    services.sidebar.modelsProvider.redraw();
    return model;
  },
};

function pickModel(models: string[]): Thenable<string | undefined> {
  return vscode.window.showQuickPick(models, {
    title: 'Default model',
    placeHolder: models.length ? 'Model' : 'Refresh the Models view first',
  });
}
