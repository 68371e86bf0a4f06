// The account's limits and credits. The older service answers them at /api/apikey/info, the newer
// at /api/account/info (live-service notes, "Newer public material"): the one the specification
// document lists is asked first (the newer one when it lists both), the other when the first is
// not there (404), so credits, limits and the concurrency gate work with either version. The newer
// answer documents no balance: when it has none and the document lists the older endpoint too,
// the balance is read there (one more GET); otherwise it stays unknown.
import type { ClientCore } from './client-core';
import { callJson } from './endpoint-call';
import { endpoints } from './endpoints';
import { ApiError } from './errors';
import type { ApiKeyInfo } from './types';

const OLDER = endpoints.getApiKeyInfo;
const NEWER = endpoints.getAccountInfo;
const ACCOUNT_INFO = [OLDER, NEWER] as const;
const ACCOUNT_INFO_PATHS = ACCOUNT_INFO.map((e) => e.path);

function listedPaths(document: unknown): string[] {
  const paths = document && typeof document === 'object' ? (document as { paths?: unknown }).paths : undefined;
  if (!paths || typeof paths !== 'object') return [];
  const listed = Object.keys(paths).map((p) => p.toLowerCase());
  return ACCOUNT_INFO_PATHS.filter((p) => listed.includes(p.toLowerCase()));
}

async function documentedPaths(core: ClientCore, signal?: AbortSignal): Promise<string[]> {
  try {
    return listedPaths((await core.loadSpecification(signal)).document);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') throw error;
    return [];
  }
}

/** The order to try: the newer one when the document lists it, the older alone when it lists
 * only that; with neither listed, the older one first. */
function inOrder(listed: string[]): Array<(typeof ACCOUNT_INFO)[number]> {
  const first = listed.includes(NEWER.path) ? NEWER : OLDER;
  return [first, ...ACCOUNT_INFO.filter((e) => e !== first)];
}

const BALANCES = ['CreditAmount', 'EuroCreditAmount'] as const;

function hasBalance(info: ApiKeyInfo): boolean {
  return BALANCES.some((name) => typeof info[name] === 'number');
}

export async function fetchAccountInfo(core: ClientCore, signal?: AbortSignal): Promise<ApiKeyInfo> {
  const listed = await documentedPaths(core, signal);
  const [first, second] = inOrder(listed);
  let used = first!;
  let info: ApiKeyInfo;
  try {
    info = await callJson(core, first!, undefined, { signal });
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'not-found') throw error;
    used = second!;
    info = await callJson(core, second!, undefined, { signal });
  }
  if (used !== NEWER || hasBalance(info) || !listed.includes(OLDER.path)) return info;
  // The newer answer's limits stand; the older endpoint only fills in the balance.
  try {
    const older = await callJson(core, OLDER, undefined, { signal });
    return { ...older, ...info };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') throw error;
    return info; // the balance stays unknown; the cost gate says so
  }
}
