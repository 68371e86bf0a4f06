// The tasking-order endpoints whose calls need more than their table entry (endpoints.ts): order
// details and cancel take names from the specification document, and creating an order costs
// money, so it is never sent twice: its entry's billed retry class sends it again only when the
// server said it did not process the request (429, 503, 1003) or the connection was refused.
// After any other failure the order list is read a few times over several seconds for a new order
// matching the request (order-match.ts); when none shows, the outcome is "unknown: check the
// Orders list", never a second order. Even a "not run" answer is checked before the resend: a
// gateway can answer 429 or 503 after the service created the order, so the list is read once
// more and the create is sent again only when no such order is in it.
import { unlessCancelled } from '../common/cancellation';
import type { ClientCore } from './client-core';
import { callJson, prepareBody, sendJson } from './endpoint-call';
import { endpoints } from './endpoints';
import { ApiError } from './errors';
import { orderMatches } from './order-match';
import { localValidationError } from './schemas/validate';
import type { CallOptions, CreateOrderOptions, OrderCreateRequest, TaskOrder } from './types';

const ORDERS = endpoints.createOrder.path;

function listOrders(core: ClientCore, options: CallOptions = {}): Promise<TaskOrder[]> {
  return callJson(core, endpoints.listOrders, {}, options);
}

function checkGuids(endpoint: string, guids: string[]): void {
  if (!Array.isArray(guids) || guids.length === 0 || guids.some((g) => typeof g !== 'string' || g.trim() === '')) {
    throw localValidationError(endpoint, { taskOrderGuid: ['Give at least one order GUID, none empty.'] });
  }
}

export async function getOrderDetails(
  core: ClientCore,
  guids: string[],
  options: CallOptions = {},
): Promise<TaskOrder[]> {
  const entry = endpoints.getOrderDetails;
  const facts = await core.facts(options.signal);
  const { method, queryName, bodyField } = facts.orderDetails;
  checkGuids(`${method} ${entry.path}`, guids);
  if (method === 'POST') {
    return entry.read(await sendJson(core, entry, { method, body: { [bodyField]: guids } }, options.signal));
  }
  // One GET per GUID: the gate bounds how many run at once.
  const answers = await Promise.all(
    guids.map((guid) => sendJson(core, entry, { method, query: { [queryName]: guid } }, options.signal)),
  );
  return answers.flatMap(entry.read);
}

export async function cancelOrder(core: ClientCore, guid: string, options: CallOptions = {}): Promise<void> {
  const entry = endpoints.cancelOrder;
  checkGuids(`${entry.method} ${entry.path}`, [guid]);
  const facts = await core.facts(options.signal);
  await sendJson(core, entry, { query: { [facts.cancelQueryName]: guid } }, options.signal);
}

async function knownOrderGuids(core: ClientCore, signal: AbortSignal | undefined): Promise<Set<string> | undefined> {
  const orders = await unlessCancelled(listOrders(core, { signal }), signal, undefined);
  return orders && new Set(orders.map((o) => o.TaskOrderGuid).filter((g): g is string => typeof g === 'string'));
}

export async function createOrder(
  core: ClientCore,
  request: OrderCreateRequest,
  options: CreateOrderOptions = {},
): Promise<TaskOrder> {
  const entry = endpoints.createOrder;
  const body = await prepareBody(core, entry, request, options.signal);
  // The orders that exist before sending, so an order found after a lost answer is known to be
  // this one and not an identical earlier order.
  const before = await knownOrderGuids(core, options.signal);
  const beforeResend = (failure: ApiError) => createdAnyway(core, request, before, failure, options.signal);
  options.signal?.throwIfAborted();
  await options.beforeSend?.();
  try {
    return entry.read(await sendJson(core, entry, { body }, options.signal, beforeResend));
  } catch (err) {
    if (!(err instanceof ApiError) || !err.mayHaveBeenCharged) throw err;
    return findCreatedOrder(core, request, before, err, options.signal);
  }
}

function unknownOutcome(failure: ApiError, why: string, sent = 'its answer was lost'): ApiError {
  return new ApiError({
    kind: failure.kind,
    message: `Unknown whether the order was created: check the Orders list before creating it again. POST ${ORDERS} was sent but ${sent} (${failure.status !== undefined ? `HTTP ${failure.status}` : failure.kind}), and ${why}. It was not sent again, so no second order was placed; if it was created, the account was charged for it.`,
    status: failure.status,
    endpoint: `POST ${ORDERS}`,
    attempts: failure.attempts,
    mayHaveBeenCharged: true,
    cause: failure,
  });
}

/** Before a create answered "not run" is sent again: the order it may have created anyway, or
 * undefined when no order like it is listed (then it is sent again). Without the list from
 * before, any matching order could be an older one: then nothing is sent again. */
async function createdAnyway(
  core: ClientCore,
  request: OrderCreateRequest,
  before: Set<string> | undefined,
  failure: ApiError,
  signal: AbortSignal | undefined,
): Promise<TaskOrder | undefined> {
  const said = 'the service answered that it did not run it';
  let orders: TaskOrder[];
  try {
    orders = await listOrders(core, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'aborted') throw err;
    throw unknownOutcome(failure, 'the Orders list could not be read to check that no order was created anyway', said);
  }
  const found = orders.filter(
    (o) => typeof o.TaskOrderGuid === 'string' && !before?.has(o.TaskOrderGuid) && orderMatches(o, request),
  );
  if (found.length === 0) return undefined;
  if (found.length === 1 && before !== undefined) {
    core.deps.log(
      'warn',
      `POST ${ORDERS} answered ${failure.status ?? failure.kind}, yet the new order is listed: not sent again`,
    );
    return found[0];
  }
  throw unknownOutcome(
    failure,
    before === undefined
      ? 'a matching order is listed that could be an older one (the list could not be read before sending)'
      : `${found.length} new orders match it (${found.map((o) => o.TaskOrderGuid).join(', ')})`,
    said,
  );
}

async function findCreatedOrder(
  core: ClientCore,
  request: OrderCreateRequest,
  before: Set<string> | undefined,
  failure: ApiError,
  signal: AbortSignal | undefined,
): Promise<TaskOrder> {
  const unknown = (why: string) => unknownOutcome(failure, why);
  // Without the list from before, an identical older order could pass for this one.
  if (before === undefined)
    throw unknown('the order list could not be read before sending, so a matching order in it could be an older one');
  const delays = core.lookupDelaysMs;
  let listRead = false;
  for (let read = 0; read <= delays.length; read++) {
    if (read > 0)
      await core.deps.env
        .sleep(delays[read - 1] as number, signal)
        .catch((err: unknown) => Promise.reject(failureOf(err)));
    core.deps.log(
      'warn',
      `POST ${ORDERS} answer lost; reading the order list for the new order (${read + 1} of ${delays.length + 1})`,
    );
    let orders: TaskOrder[];
    try {
      orders = await listOrders(core, { signal });
      listRead = true;
    } catch (err) {
      if (err instanceof ApiError && err.kind === 'aborted') throw err;
      continue;
    }
    const found = orders.filter(
      (o) => typeof o.TaskOrderGuid === 'string' && !before.has(o.TaskOrderGuid) && orderMatches(o, request),
    );
    if (found.length === 1) return found[0] as TaskOrder;
    if (found.length > 1)
      throw unknown(`${found.length} new orders match it (${found.map((o) => o.TaskOrderGuid).join(', ')})`);
  }
  const seconds = Math.round(delays.reduce((a, b) => a + b, 0) / 1000);
  throw unknown(
    listRead
      ? `no new matching order showed in the Orders list within ${seconds} s`
      : 'the Orders list could not be read',
  );
}

function failureOf(err: unknown): ApiError {
  return err instanceof ApiError
    ? err
    : new ApiError({
        kind: 'aborted',
        message: `POST ${ORDERS} was cancelled while looking for the order.`,
        endpoint: `POST ${ORDERS}`,
        cause: err,
      });
}
