// The account's limits and credits. The older service answers them at /api/apikey/info, the newer
// at /api/account/info (live-service notes, "Newer public material"): the one the specification
// document lists is asked first, the other when the first is not there (404), so credits, limits
// and the concurrency gate work with either version.
import type { ClientCore } from './client-core';
import { ApiError } from './errors';
import { recordFrom } from './envelope';
import type { ApiKeyInfo } from './types';

export const ACCOUNT_INFO_PATHS = ['/api/apikey/info', '/api/account/info'] as const;

function listedPaths(document: unknown): string[] {
  const paths = document && typeof document === 'object' ? (document as { paths?: unknown }).paths : undefined;
  if (!paths || typeof paths !== 'object') return [];
  const listed = Object.keys(paths).map((p) => p.toLowerCase());
  return ACCOUNT_INFO_PATHS.filter((p) => listed.includes(p));
}

/** The order to try: the one the document lists alone first; with both or neither, the older one. */
async function pathsInOrder(core: ClientCore, signal?: AbortSignal): Promise<string[]> {
  let listed: string[] = [];
  try {
    listed = listedPaths((await core.loadSpecification(signal)).document);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted') throw error;
  }
  const first = listed.length === 1 ? listed[0]! : ACCOUNT_INFO_PATHS[0];
  return [first, ...ACCOUNT_INFO_PATHS.filter((p) => p !== first)];
}

export async function fetchAccountInfo(core: ClientCore, signal?: AbortSignal): Promise<ApiKeyInfo> {
  const [first, second] = await pathsInOrder(core, signal);
  try {
    return recordFrom<ApiKeyInfo>(await core.getJson(first!, undefined, signal));
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'not-found') throw error;
    return recordFrom<ApiKeyInfo>(await core.getJson(second!, undefined, signal));
  }
}
