// Opens the extension's log output channel.
import { Commands } from '../constants';
import type { UiCommandDefinition } from './command';

export const showLogCommand: UiCommandDefinition = {
  id: Commands.showLog,
  run(services) {
    services.showLog();
  },
};
