// Set API Key: asks for the key (or takes it as a string argument, for automation), checks it with
// the cheapest call, and keeps it only when the service did not refuse it (ui/key-prompt.ts).
import { Commands } from '../constants';
import { promptForApiKey } from '../key-prompt';
import type { Command } from './command';

export type { SetApiKeyResult } from '../key-prompt';

export const setApiKeyCommand: Command = {
  id: Commands.setApiKey,
  run: (services, keyArgument?: unknown) => promptForApiKey(services, keyArgument),
};
