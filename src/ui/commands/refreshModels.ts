// Reloads the Models tree and the account figures shown above the models.
import { Commands } from '../constants';
import type { Command } from './command';

export const refreshModelsCommand: Command = {
  id: Commands.refreshModels,
  async run(services) {
    await Promise.all([services.sidebar.refreshModels(), services.account.refresh(services.apiKey.hasKey)]);
    return services.sidebar.models.state;
  },
};
