// The account as one run sees it: read once, when the run first needs it (the account endpoint of
// either service version, api/account-info.ts), and carried to whatever needs it: the part size,
// the band limit, the connections, the balance the cost gate compares with the price, the balance
// shown beside a lost answer. Only the balance after a lost billed answer is read again
// (charge-check.ts). Each balance has one definition here:
// - credits: `CreditAmount`, what images (composites, tiles, series) are paid from;
// - the order balance: what the account can spend on tasking orders, `EuroCreditAmount` plus a
//   positive `EuroOverdraftLimit` (the newer endpoint's overdraft; live-service notes, "Newer
//   public material"). The two pools are kept apart.
import type { ApiKeyInfo, ImageryClient } from '../api/types';
import { unlessCancelled } from '../common/cancellation';

export type BalanceUnit = 'credits' | 'EUR';

export interface AccountSnapshot {
  /** The key's MaxCompositeAreaKm2 (above it a composite goes in parts); undefined: not said. */
  readonly maxCompositeAreaKm2: number | undefined;
  /** The key's MaxTotalBands (a band list above it is refused before sending). */
  readonly maxTotalBands: number | undefined;
  /** The key's MaxConcurrentConnections, as the service gave it. */
  readonly maxConnections: number | undefined;
  /** The balances, each in its unit (see the file's head); undefined: the answer gives none. */
  readonly balances: Readonly<Record<BalanceUnit, number | undefined>>;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function positive(value: unknown): number | undefined {
  const n = finite(value);
  return n !== undefined && n > 0 ? n : undefined;
}

/** The snapshot of one account answer; every field unknown without one. */
export function snapshotOf(info: ApiKeyInfo | undefined): AccountSnapshot {
  const euros = finite(info?.EuroCreditAmount);
  const bands = positive(info?.MaxTotalBands);
  return {
    maxCompositeAreaKm2: positive(info?.MaxCompositeAreaKm2),
    maxTotalBands: bands !== undefined && Number.isInteger(bands) ? bands : undefined,
    maxConnections: finite(info?.MaxConcurrentConnections),
    balances: {
      credits: finite(info?.CreditAmount),
      EUR: euros === undefined ? undefined : euros + Math.max(0, finite(info?.EuroOverdraftLimit) ?? 0),
    },
  };
}

/** Reads the account now. An account endpoint that does not answer leaves every field unknown
 * (the service then decides); a cancel still ends the run. */
export async function readAccountNow(
  client: Pick<ImageryClient, 'getApiKeyInfo'>,
  signal: AbortSignal | undefined,
): Promise<AccountSnapshot> {
  return snapshotOf(await unlessCancelled(client.getApiKeyInfo({ signal }), signal, undefined));
}

/** The run's one reading of the account; the client's concurrency gate is sized to the key's
 * connections from it, before any worker pool starts. */
export async function accountForRun(ports: { client: ImageryClient; signal: AbortSignal }): Promise<AccountSnapshot> {
  const account = await readAccountNow(ports.client, ports.signal);
  ports.client.sizeGateToKey(account.maxConnections);
  return account;
}

/** A run's account: read at the first call, the same snapshot at every later one. */
export type RunAccount = () => Promise<AccountSnapshot>;

/** The run's one reading of the account, made when the run first asks (a run cancelled in its
 * first prompt reads nothing). A run of several workflows (an apply: its plan, each series, each
 * order) shares the reading its ports carry; what it spent since is in its spend guard. */
export function accountOnce(ports: { client: ImageryClient; signal: AbortSignal; account?: RunAccount }): RunAccount {
  if (ports.account) return ports.account;
  let reading: Promise<AccountSnapshot> | undefined;
  return () => (reading ??= accountForRun(ports));
}

/** The ports of a run of several workflows, sharing one reading of the account. */
export function withOneAccountReading<P extends { client: ImageryClient; signal: AbortSignal; account?: RunAccount }>(
  ports: P,
): P {
  return { ...ports, account: accountOnce(ports) };
}
