// The account's limits and credits. The older service answers them at /api/apikey/info, the newer
// at /api/account/info (live-service notes, "Newer public material"): the one the specification
// document lists is asked first, the other when the first is not there (404), so credits, limits
// and the concurrency gate work with either version.
import type { ClientCore } from './client-core';
import { callJson } from './endpoint-call';
import { endpoints } from './endpoints';
import { ApiError } from './errors';
import type { ApiKeyInfo } from './types';

const ACCOUNT_INFO = [endpoints.getApiKeyInfo, endpoints.getAccountInfo] as const;
export const ACCOUNT_INFO_PATHS = ACCOUNT_INFO.map((e) => e.path);

function listedPaths(document: unknown): string[] {
  const paths = document && typeof document === 'object' ? (document as { paths?: unknown }).paths : undefined;
  if (!paths || typeof paths !== 'object') return [];
  const listed = Object.keys(paths).map((p) => p.toLowerCase());
  return ACCOUNT_INFO_PATHS.filter((p) => listed.includes(p.toLowerCase()));
}

/** The order to try: the one the document lists alone first; with both or neither, the older one. */
async function inOrder(core: ClientCore, signal?: AbortSignal): Promise<Array<(typeof ACCOUNT_INFO)[number]>> {
  let listed: string[] = [];
  try {
    listed = listedPaths((await core.loadSpecification(signal)).document);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') throw error;
  }
  const first = ACCOUNT_INFO.find((e) => listed.length === 1 && e.path === listed[0]) ?? ACCOUNT_INFO[0];
  return [first, ...ACCOUNT_INFO.filter((e) => e !== first)];
}

export async function fetchAccountInfo(core: ClientCore, signal?: AbortSignal): Promise<ApiKeyInfo> {
  const [first, second] = await inOrder(core, signal);
  try {
    return await callJson(core, first!, undefined, { signal });
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'not-found') throw error;
    return await callJson(core, second!, undefined, { signal });
  }
}
