// An order's details as a person reads them: a read-only Markdown document with a section for
// each question (what, when, cadence, area, cost, status), the fields the product does not know
// listed after them, so nothing the service sent is hidden. It was raw JSON. A document that is
// open is written again after the order changes (a cancel), so it never shows a stale status.
import type { TaskOrder } from '../../api/types';
import { isCancellable, orderStatus } from '../../workflows/orders/order-status';
import { orderDetailLines } from '../tree/order-format';
import type { DetailLine } from '../tree/order-format';
import type { ExtensionServices } from '../extension-services';

/** Fields said in the sections (or on purpose not: the geometry is summarised, not printed). */
const SAID = new Set([
  'TaskOrderGuid',
  'OrderingProcessStatus',
  'Model',
  'SatelliteConstellations',
  'From',
  'To',
  'ReferenceDate',
  'CreatedDate',
  'TaskOrderAreaKm2',
  'Tiles',
  'MiniTiles',
  'ImageFrequency',
  'StorageMonths',
  'ApiRequests',
  'BillingCycle',
  'Wkt',
]);
const SECTIONS: [title: string, labels: string[]][] = [
  ['What', ['Order ID', 'Model', 'Constellations', 'Tiles', 'Mini-tiles']],
  ['When', ['Period', 'Reference date', 'Created']],
  ['Cadence', ['Image frequency', 'Storage months', 'API requests']],
  ['Area', ['Area', 'AOI']],
  ['Cost', ['Billing cycle']],
  ['Status', ['Status']],
];

/** The read-only document's path for an order. */
export function orderDetailsPath(guid: string): string {
  return `/orders/${guid.replace(/[^A-Za-z0-9_-]/g, '_')}.md`;
}

/** Text from the service as Markdown text, never as markup: each value follows its label on a
 * line, so only the characters that mean something inside a line are escaped. */
function md(text: string): string {
  return text.replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

function printable(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The Markdown of one order. */
function orderMarkdown(order: TaskOrder): string[] {
  const lines: DetailLine[] = orderDetailLines(order);
  if (typeof order.CreatedDate === 'string') lines.push({ label: 'Created', value: order.CreatedDate });
  if (order.BillingCycle !== undefined) lines.push({ label: 'Billing cycle', value: printable(order.BillingCycle) });
  const costFields = Object.entries(order).filter(
    ([name]) => !SAID.has(name) && /cost|price|euro|currency/i.test(name),
  );
  const other = Object.entries(order).filter(([name]) => !SAID.has(name) && !costFields.some(([n]) => n === name));
  const out = [`# Order ${md(order.TaskOrderGuid ?? '(no ID)')}`, ''];
  for (const [title, labels] of SECTIONS) {
    out.push(`## ${title}`, '');
    for (const line of lines.filter((l) => labels.includes(l.label)))
      out.push(`- **${line.label}:** ${md(line.value)}`);
    if (title === 'Area' && order.Wkt)
      out.push('- The geometry: *Open Order AOI* in the Orders view shows it as GeoJSON.');
    if (title === 'Cost') {
      for (const [name, value] of costFields) out.push(`- **${md(name)}:** ${md(printable(value))}`);
      if (costFields.length === 0)
        out.push('- The details carry no price: the estimate priced it (*Estimate Tasking Order*).');
    }
    if (title === 'Status')
      out.push(
        isCancellable(order)
          ? '- It can still be cancelled (*Cancel Order*): in full only while it is in Review.'
          : `- ${md(orderStatus(order))} is final: nothing more happens to this order.`,
      );
    out.push('');
  }
  if (other.length > 0) {
    out.push('## Other fields the service sent', '');
    for (const [name, value] of other) out.push(`- **${md(name)}:** ${md(printable(value))}`);
    out.push('');
  }
  return out;
}

/** The document of the orders `details` (one, or each of several in turn). */
export function orderDetailsMarkdown(details: TaskOrder[]): string {
  return details.flatMap(orderMarkdown).join('\n');
}

/** Writes the open details document of `guid` again from a fresh read of the order; nothing when
 * no such document is open. A failure leaves the document as it was and is logged. */
export async function refreshOrderDetails(services: ExtensionServices, guid: string): Promise<void> {
  const path = orderDetailsPath(guid);
  if (!services.documents.isOpen(path)) return;
  try {
    const details = await (await services.getClient()).getOrderDetails([guid]);
    services.documents.update(path, orderDetailsMarkdown(details));
  } catch (error) {
    services.log('orders').info(`The details of order ${guid} could not be read again: ${String(error)}`);
  }
}
