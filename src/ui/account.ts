// The account behind the key: its limits and credits, from GET /api/account/info or
// /api/apikey/info (api/account-info.ts). Neither is in the interface document, so a service
// without them (404) is checked with the models list instead and the account shows as "verified"
// without figures. The balances shown are the ones a run compares with a price, as the account
// snapshot defines them (pricing/account-snapshot.ts).
import { isApiError } from '../api/errors';
import type { ApiKeyInfo, ImageryClient } from '../api/types';
import { errorText } from './errors';
import { LatestState } from './latest-state';
import type { ComponentLog } from './types';
import { formatNumber } from '../common/format';
import { snapshotOf } from '../pricing/account-snapshot';

export type AccountState =
  | { kind: 'no-key' }
  | { kind: 'loading' }
  | { kind: 'ready'; info: ApiKeyInfo | undefined }
  | { kind: 'error'; message: string; rejected: boolean };

/** Checks a key with the cheapest call there is; throws the ApiError when the key is refused. */
export async function fetchAccountInfo(client: ImageryClient, signal?: AbortSignal): Promise<ApiKeyInfo | undefined> {
  try {
    const info = await client.getApiKeyInfo({ signal });
    // The key's connections size the client's gate for the extension's requests.
    client.sizeGateToKey(snapshotOf(info).maxConnections);
    return info;
  } catch (err) {
    if (!isApiError(err) || err.kind !== 'not-found') throw err;
    await client.listModels({ signal });
    return undefined;
  }
}

export class AccountModel extends LatestState<AccountState> {
  constructor(
    private readonly getClient: () => Promise<ImageryClient>,
    private readonly log: ComponentLog,
  ) {
    super({ kind: 'no-key' });
  }

  /** Reloads from the service; the last call wins when several overlap, and cancels the others. */
  async refresh(hasKey: boolean): Promise<AccountState> {
    const generation = this.begin();
    const signal = this.signal;
    if (!hasKey) return this.set({ kind: 'no-key' }, generation);
    this.set({ kind: 'loading' }, generation);
    try {
      const info = await fetchAccountInfo(await this.getClient(), signal);
      return this.set({ kind: 'ready', info }, generation);
    } catch (err) {
      if (signal.aborted) return this.state; // superseded or disposed: the newer load decides
      this.log.warn(`account check failed: ${errorText(err)}`);
      return this.set(
        { kind: 'error', message: errorText(err), rejected: isApiError(err) && err.kind === 'auth' },
        generation,
      );
    }
  }

  /** Takes figures already fetched (e.g. while checking a new key). */
  accept(info: ApiKeyInfo | undefined): void {
    this.set({ kind: 'ready', info }, this.begin());
  }
}

/** "1,234 credits · 56.5 EUR", or undefined when the service gave no figures. */
export function creditsText(info: ApiKeyInfo | undefined): string | undefined {
  if (!info) return undefined;
  const { credits, EUR } = snapshotOf(info).balances;
  const parts: string[] = [];
  if (credits !== undefined) parts.push(`${formatNumber(credits)} credits`);
  if (EUR !== undefined) parts.push(`${formatNumber(EUR)} EUR`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** Label/value lines of the account's limits, for the tree and the account command. */
export function accountLines(info: ApiKeyInfo | undefined): Array<{ label: string; value: string }> {
  if (!info) return [{ label: 'Key', value: 'accepted (the service reports no account figures)' }];
  const line = (label: string, value: unknown, unit = '') =>
    typeof value === 'number' ? [{ label, value: `${formatNumber(value)}${unit}` }] : [];
  return [
    ...line('Credits', info.CreditAmount),
    ...line('Credit limit', info.CreditLimit),
    ...line('Euro credits', info.EuroCreditAmount, ' EUR'),
    ...line('Euro credit limit', info.EuroCreditLimit, ' EUR'),
    ...line('Costs this month', info.CurrentMonthCosts),
    ...line('Costs next month', info.NextMonthCosts),
    ...line('Max concurrent connections', info.MaxConcurrentConnections),
    ...line('Max composite area', info.MaxCompositeAreaKm2, ' km²'),
    ...line('Max total bands', info.MaxTotalBands),
  ];
}
