// The tasking-order endpoints. Creating an order costs money, so it is never blindly repeated:
// it is retried only when the server said it did not process the request (429, 503, 1003); after
// an ambiguous failure (reset, timeout, 500) the order list is searched for an order matching the
// payload that was not there before, and only when none is found is the request sent once more.
import type { ClientCore } from './client-core';
import { listFrom, recordFrom } from './envelope';
import { ApiError } from './errors';
import { isRetryable } from './retry';
import { localValidationError } from './schemas/validate';
import type { CallOptions, OrderCreateRequest, OrderEstimate, OrderEstimateRequest, OrderListQuery, TaskOrder } from './types';

const ORDERS = '/api/tasking/orders';

export async function listOrders(core: ClientCore, query: OrderListQuery = {}, options: CallOptions = {}): Promise<TaskOrder[]> {
  const data = await core.getJson(ORDERS, { recurringOnly: query.recurringOnly, getExpired: query.getExpired }, options.signal);
  return listFrom<TaskOrder>(data, 'TaskOrders', 'Orders');
}

function checkGuids(endpoint: string, guids: string[]): void {
  if (!Array.isArray(guids) || guids.length === 0 || guids.some((g) => typeof g !== 'string' || g.trim() === '')) {
    throw localValidationError(endpoint, { taskOrderGuid: ['Give at least one order GUID, none empty.'] });
  }
}

/** Orders out of a details answer: one record, a list, or a list under TaskOrders. */
function ordersIn(data: unknown): TaskOrder[] {
  const list = listFrom<TaskOrder>(data, 'TaskOrders', 'Orders', 'TaskOrderDetails');
  if (list.length > 0) return list;
  const single = recordFrom<TaskOrder>(data);
  if (single.TaskOrder && typeof single.TaskOrder === 'object') return [single.TaskOrder as TaskOrder];
  return Object.keys(single).length > 0 ? [single] : [];
}

export async function getOrderDetails(core: ClientCore, guids: string[], options: CallOptions = {}): Promise<TaskOrder[]> {
  const facts = await core.facts(options.signal);
  const { method, queryName, bodyField } = facts.orderDetails;
  const path = `${ORDERS}/details`;
  checkGuids(`${method} ${path}`, guids);
  if (method === 'POST') {
    return ordersIn(await core.postJson(path, { [bodyField]: guids }, options.signal));
  }
  // One GET per GUID: the gate bounds how many run at once.
  const answers = await Promise.all(guids.map((guid) => core.getJson(path, { [queryName]: guid }, options.signal)));
  return answers.flatMap(ordersIn);
}

export async function estimateOrder(core: ClientCore, request: OrderEstimateRequest, options: CallOptions = {}): Promise<OrderEstimate> {
  const path = `${ORDERS}/estimate`;
  const body = await core.prepareBody('orderEstimate', path, request, options.signal);
  return recordFrom<OrderEstimate>(await core.postJson(path, body, options.signal));
}

export async function cancelOrder(core: ClientCore, guid: string, options: CallOptions = {}): Promise<void> {
  const path = `${ORDERS}/cancel`;
  checkGuids(`DELETE ${path}`, [guid]);
  const facts = await core.facts(options.signal);
  await core.getJson(path, { [facts.cancelQueryName]: guid }, options.signal, 'DELETE');
}

const sameDay = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || (typeof a === 'string' && typeof b === 'string' && a.slice(0, 10) === b.slice(0, 10));
const squash = (wkt: string) => wkt.replace(/\s+/g, ' ').replace(/\s*([(),])\s*/g, '$1').trim().toUpperCase();

/** Does an order record carry the settings of this create request? */
export function orderMatches(order: TaskOrder, request: OrderCreateRequest): boolean {
  if (order.Model !== request.Model) return false;
  const have = [...(order.SatelliteConstellations ?? [])].sort().join(',');
  const want = [...request.SatelliteConstellations].sort().join(',');
  if (have !== want) return false;
  if (!sameDay(order.From, request.From) || !sameDay(order.To, request.To)) return false;
  if (typeof request.Wkt === 'string' && typeof order.Wkt === 'string' && squash(order.Wkt) !== squash(request.Wkt)) return false;
  return true;
}

async function knownOrderGuids(core: ClientCore, signal: AbortSignal | undefined): Promise<Set<string> | undefined> {
  try {
    const orders = await listOrders(core, {}, { signal });
    return new Set(orders.map((o) => o.TaskOrderGuid).filter((g): g is string => typeof g === 'string'));
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'aborted') throw err;
    return undefined;
  }
}

const AMBIGUOUS_TRIES = 2;

export async function createOrder(core: ClientCore, request: OrderCreateRequest, options: CallOptions = {}): Promise<TaskOrder> {
  const body = await core.prepareBody('orderCreate', ORDERS, request, options.signal);
  // The orders that exist before sending, so an order found after an ambiguous failure is known
  // to be this one and not an identical earlier order.
  const before = await knownOrderGuids(core, options.signal);
  let lastFailure: ApiError | undefined;
  for (let attempt = 1; attempt <= AMBIGUOUS_TRIES; attempt++) {
    try {
      return recordFrom<TaskOrder>(await core.postJson(ORDERS, body, options.signal, 'create'));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const ambiguous = (err.kind === 'network' || err.kind === 'timeout' || err.kind === 'server') && !isRetryable(err, 'create');
      if (!ambiguous) throw err;
      lastFailure = err;
    }
    core.deps.log('warn', `POST ${ORDERS} failed ambiguously (${lastFailure.status ?? lastFailure.kind}); looking for the order before trying again`);
    const orders = await listOrders(core, {}, options).catch((err: unknown) => {
      throw new ApiError({
        kind: lastFailure!.kind,
        message: `Creating the order failed (${lastFailure!.status ?? lastFailure!.kind}) and the order list could not be read to see whether it was created; check the Orders list before trying again.`,
        endpoint: `POST ${ORDERS}`,
        cause: err,
      });
    });
    const found = orders.filter((o) => orderMatches(o, request) && (before === undefined || (typeof o.TaskOrderGuid === 'string' && !before.has(o.TaskOrderGuid))));
    if (found.length > 0) return found[found.length - 1];
  }
  throw new ApiError({
    kind: lastFailure!.kind,
    message: `Creating the order failed twice (${lastFailure!.status ?? lastFailure!.kind}) and no new matching order is in the order list; check the Orders list, then try again later.`,
    status: lastFailure!.status,
    endpoint: `POST ${ORDERS}`,
    attempts: AMBIGUOUS_TRIES,
    cause: lastFailure,
  });
}
