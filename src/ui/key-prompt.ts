// Asking for the API key: a password box (or a key given as a string, for automation), a check with
// the cheapest call, and the key kept only when the service did not refuse it. The Set API Key
// command runs this, and so does the client getter when a request needs a key and there is none.
import * as vscode from 'vscode';
import { isApiError } from '../api/errors';
import type { ApiKeyInfo, ImageryClient } from '../api/types';
import { creditsText, fetchAccountInfo } from './account';
import type { AccountModel } from './account';
import { apiKeyFormatProblem } from './api-key';
import type { ApiKeyStore } from './api-key';
import { errorText, reportError } from './errors';
import type { ComponentLog } from './types';

/** What asking for a key needs from the services. */
export interface KeyPromptDeps {
  log(component: string): ComponentLog;
  clientForKey(key: string): Promise<ImageryClient>;
  readonly apiKey: ApiKeyStore;
  readonly account: AccountModel;
}

export interface SetApiKeyResult {
  stored: boolean;
  /** The service answered the check call. */
  verified: boolean;
  credits?: string;
  message?: string;
}

export async function promptForApiKey(services: KeyPromptDeps, keyArgument?: unknown): Promise<SetApiKeyResult> {
  const log = services.log('key');
  const typed =
    typeof keyArgument === 'string'
      ? keyArgument
      : await vscode.window.showInputBox({
          title: 'Satellite Imagery: API key',
          prompt:
            "The key of your imagery account. It is kept in VS Code's secret storage and sent only to the configured service.",
          placeHolder: 'API key',
          password: true,
          ignoreFocusOut: true,
          validateInput: (value) => apiKeyFormatProblem(value),
        });
  if (typed === undefined) return { stored: false, verified: false, message: 'No key entered.' };
  const problem = apiKeyFormatProblem(typed);
  if (problem) {
    void vscode.window.showErrorMessage(problem);
    return { stored: false, verified: false, message: problem };
  }
  const key = typed.trim();

  let info: ApiKeyInfo | undefined;
  try {
    info = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Checking the API key…' },
      async () => fetchAccountInfo(await services.clientForKey(key)),
    );
  } catch (err) {
    if (isApiError(err) && (err.kind === 'auth' || err.kind === 'local-validation')) {
      log.warn(`the new key was not stored: ${errorText(err)}`);
      reportError(log, 'The API key was not saved', err);
      return { stored: false, verified: false, message: errorText(err) };
    }
    // The service could not be reached: keep the key, say it is unchecked.
    await services.apiKey.store(key);
    log.warn(`key stored without a check: ${errorText(err)}`);
    void vscode.window.showWarningMessage(`API key saved, but it could not be checked: ${errorText(err)}`);
    return { stored: true, verified: false, message: errorText(err) };
  }
  await services.apiKey.store(key);
  services.account.accept(info);
  const credits = creditsText(info);
  log.info(`key stored and accepted${credits ? ` (${credits})` : ''}`);
  void vscode.window.showInformationMessage(`API key saved.${credits ? ` Account: ${credits}.` : ''}`);
  return credits ? { stored: true, verified: true, credits } : { stored: true, verified: true };
}
