// Opens the extension's log output channel.
import { Commands } from '../constants';
import type { Command } from './command';

export const showLogCommand: Command = {
  id: Commands.showLog,
  run(services) {
    services.showLog();
  },
};
