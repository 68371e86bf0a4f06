// `orders list|show|estimate|create|cancel`. Estimate and create run the extension's order
// workflow: create sends exactly the estimated payload, and only through the cost guard.
import { ORDER_COUNT_FIELDS } from '../../api/request-fields';
import { runOrder } from '../../workflows/orders/order-workflow';
import type { OrderOptions } from '../../workflows/orders/order-resolve';
import { expectPositionals } from '../context';
import type { VerbContext } from '../context';
import { ExitCode, exitCodeOfOutcome, UsageError } from '../exit-codes';
import { estimateText, orderDetailText, ordersText, stoppedText } from '../format';
import { cancelConfirmation, isCancellable, orderStatus } from '../../workflows/orders/order-status';
import { cancelBalanceText, cancelReadingBalance } from '../../workflows/orders/cancel-balance';
import { readAccountNow } from '../../pricing/account-snapshot';
import { cliSettling } from '../ports';

export async function ordersListVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 0);
  const client = await context.client();
  const orders = await client.listOrders(
    { recurringOnly: context.options.flag('recurring-only'), getExpired: context.options.flag('expired') },
    { signal: context.signal },
  );
  context.terminal.result({ orders }, () => ordersText(orders));
  return ExitCode.ok;
}

export async function ordersShowVerb(context: VerbContext): Promise<number> {
  if (context.rest.length === 0) throw new UsageError("'orders show' needs one or more order GUIDs.");
  const client = await context.client();
  const orders = await client.getOrderDetails(context.rest, { signal: context.signal });
  context.terminal.result({ orders }, () => orders.map(orderDetailText).join('\n\n') || 'No such order.');
  return orders.length > 0 ? ExitCode.ok : ExitCode.refused;
}

/** Cancels an order only with --yes, after saying what cancelling it does now (the dialog's words
 * in VS Code), then says the order balance the account shows before and after; an order that has
 * ended (completed, cancelled, failed) is said to be so, and nothing is sent. */
export async function ordersCancelVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 1);
  const guid = context.rest[0];
  if (!guid) throw new UsageError("'orders cancel' needs the order GUID.");
  const client = await context.client();
  const [order] = await client.getOrderDetails([guid], { signal: context.signal });
  if (!order) {
    context.terminal.result({ outcome: 'not-found', guid }, () => `No order ${guid} in this account: nothing sent.`);
    return ExitCode.refused;
  }
  const status = orderStatus(order);
  if (!isCancellable(order)) {
    context.terminal.result(
      { outcome: 'ended', guid, status },
      () => `Order ${guid} is ${status}: there is nothing to cancel, and nothing was sent.`,
    );
    return ExitCode.ok;
  }
  const { message, detail } = cancelConfirmation(guid, order, new Date());
  if (!context.options.flag('yes')) {
    context.terminal.result(
      { outcome: 'not-confirmed', guid, status, question: message, detail: detail.split('\n') },
      () => `${message}\n${detail}\nNot sent: add --yes to cancel it.`,
    );
    return ExitCode.notConfirmed;
  }
  const orderBalance = await cancelReadingBalance(
    () => client.cancelOrder(guid, { signal: context.signal }),
    () => readAccountNow(client, context.signal),
  );
  context.terminal.result(
    { outcome: 'completed', cancelled: guid, status, orderBalance },
    () => `Cancelled order ${guid} (it was ${status}).\n${cancelBalanceText(orderBalance, order)}`,
  );
  return ExitCode.ok;
}

function orderOptions(context: VerbContext): OrderOptions {
  const o = context.options;
  const to = o.day('to');
  if (to !== undefined && o.flag('recurring'))
    throw new UsageError('--to and --recurring exclude each other: a recurring order has no last day.');
  const options: OrderOptions = {
    model: o.string('model'),
    satelliteConstellations: o.list('satellite-constellations'),
    from: o.day('from'),
    to: o.flag('recurring') ? null : to,
    ...Object.fromEntries(
      ORDER_COUNT_FIELDS.map((row) => [row.name, o.number(row.flag, { integer: true, min: row.min, max: row.max })]),
    ),
    referenceDate: o.day('reference-date'),
    tileDeduplication: o.flag('tile-deduplication') ? true : undefined,
    geometryTileOrdering: o.flag('geometry-tile-ordering') ? true : undefined,
    tileGuids: o.list('tile-guids'),
    miniTileGuids: o.list('mini-tile-guids'),
    // Asked for: the comparison costs an optimize call and a second estimate.
    compareCovers: o.flag('compare-covers'),
  };
  if (!options.from) throw new UsageError('Missing --from YYYY-MM-DD (first day of the order).');
  if (options.to === undefined)
    throw new UsageError('Missing --to YYYY-MM-DD, or --recurring for an order that renews every month.');
  return options;
}

async function orderSource(context: VerbContext, options: OrderOptions) {
  const byTiles = !!(options.tileGuids?.length || options.miniTileGuids?.length);
  expectPositionals(context, byTiles ? 0 : 1);
  return byTiles && context.rest.length === 0 ? undefined : context.area();
}

export async function ordersEstimateVerb(context: VerbContext): Promise<number> {
  const options = orderOptions(context);
  const source = await orderSource(context, options);
  const ports = await context.ports({ yes: false, maxCost: undefined, spent: {} });
  const result = await runOrder(ports, source, { ...options, skipConfirmation: false }, 'estimate', {
    settling: cliSettling(context.terminal),
  });
  const stopped = ports.stopped;
  if (!stopped) throw new Error('The order estimate ended without an estimate.');
  context.terminal.result({ ...result, outcome: 'estimated', cost: stopped.cost, price: stopped.price }, () =>
    estimateText(stopped.model),
  );
  return ExitCode.ok;
}

export async function ordersCreateVerb(context: VerbContext): Promise<number> {
  const options = orderOptions(context);
  const source = await orderSource(context, options);
  const ports = await context.ports();
  const result = await runOrder(ports, source, { ...options, skipConfirmation: false }, 'create', {
    settling: cliSettling(context.terminal),
  });
  if (ports.stopped) {
    const stopped = ports.stopped;
    context.terminal.result(
      { ...result, outcome: 'stopped', stopped: { cost: stopped.cost, price: stopped.price, reason: stopped.reason } },
      () => stoppedText(stopped),
    );
    return ExitCode.notConfirmed;
  }
  context.terminal.result(
    result,
    () =>
      `Created order ${result.order?.TaskOrderGuid ?? '?'}${result.recurring ? ` (recurring; cancel before ${result.cancellationDeadline} to stop next month's charge)` : ''}.`,
  );
  return exitCodeOfOutcome(result.outcome, { interrupted: context.signal.aborted });
}
