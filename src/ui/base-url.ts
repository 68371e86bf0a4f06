// Where the API key may be sent. The setting is application-scoped in package.json; this is the
// second line of defence: a value that reaches us from a workspace or folder is ignored, and a
// plain-http address is accepted only on the loopback interface, where no one can listen in.
import { isHttpsOrLoopback } from '../api/loopback';
import { DEFAULT_BASE_URL } from './constants';

/** The parts of `WorkspaceConfiguration.inspect()` that may legitimately choose the address. */
export interface BaseUrlInspection {
  defaultValue?: unknown;
  globalValue?: unknown;
}

export function baseUrlFromInspection(inspection: BaseUrlInspection | undefined): string {
  const chosen = inspection?.globalValue ?? inspection?.defaultValue;
  return typeof chosen === 'string' && chosen.trim() !== '' ? chosen.trim().replace(/\/+$/, '') : DEFAULT_BASE_URL;
}

/** A sentence saying why the address is refused, or undefined when the key may go there. */
export function baseUrlProblem(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `The setting satImagery.baseUrl ("${baseUrl}") is not a valid address. Set it to an https:// address in your user settings.`;
  }
  if (isHttpsOrLoopback(url)) return undefined;
  if (url.protocol === 'http:') {
    return `Refusing to send the API key over plain http to ${url.host}. Use an https:// address in satImagery.baseUrl (http is allowed only for localhost).`;
  }
  return `The setting satImagery.baseUrl uses "${url.protocol}", which is not supported. Use an https:// address.`;
}
