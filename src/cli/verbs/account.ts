// `models` and `account`: the account as the service describes it.
import { expectPositionals } from '../context';
import type { VerbContext } from '../context';
import { accountText, modelsText } from '../format';

export const modelsVerb = (context: VerbContext): Promise<number> =>
  described(context, 'models', (client) => client.listModels({ signal: context.signal }), modelsText);

export const accountVerb = (context: VerbContext): Promise<number> =>
  described(context, 'account', (client) => client.getApiKeyInfo({ signal: context.signal }), accountText);

/** One read of the service, printed as text or as JSON under its name. */
async function described<T>(
  context: VerbContext,
  name: string,
  read: (client: Awaited<ReturnType<VerbContext['client']>>) => Promise<T>,
  text: (value: T) => string,
): Promise<number> {
  expectPositionals(context, 0);
  const value = await read(await context.client());
  context.terminal.result({ [name]: value }, () => text(value));
  return 0;
}
