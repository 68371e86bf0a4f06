// `models` and `account`: the account as the service describes it.
import { expectPositionals } from '../context';
import type { VerbContext } from '../context';
import { accountText, modelsText } from '../format';

export async function modelsVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 0);
  const client = await context.client();
  const models = await client.listModels({ signal: context.signal });
  context.terminal.result({ models }, () => modelsText(models));
  return 0;
}

export async function accountVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 0);
  const client = await context.client();
  const account = await client.getApiKeyInfo({ signal: context.signal });
  context.terminal.result({ account }, () => accountText(account));
  return 0;
}
