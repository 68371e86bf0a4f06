// Readable text for the result objects (the --json output is the objects themselves, the same
// ones the VS Code commands return).
import { basename } from 'node:path';
import type { ApiKeyInfo, TaskingModel, TaskOrder, TileRecord } from '../api/types';
import type { EstimateModel } from '../pricing/estimate-view-model';
import { formatBytes, formatCredits } from '../common/format';
import { cancellationTerms } from '../common/cancellation-terms';
import { compositeFacts, seriesDateCredits } from '../common/estimate-facts';
import { chargeSentence, validitySentence } from '../workflows/engine/results';
import { compositeNotes, unitNotes } from '../workflows/engine/purchase-notes';
import type { BatchResult, BatchUnitReport, CompositeResult } from '../workflows/engine/results';
import type { StoppedEstimate } from './ports';

const num = (value: number | undefined, digits = 2): string =>
  value === undefined ? '?' : String(Math.round(value * 10 ** digits) / 10 ** digits);

/** "0.31 EUR": a price in its currency; "?" when the service gave none. */
export function money(value: number | undefined, currency: string | undefined): string {
  return value === undefined ? '?' : `${value}${currency ? ` ${currency}` : ''}`;
}

export function modelsText(models: TaskingModel[]): string {
  if (models.length === 0) return 'No models.';
  return models
    .map(
      (m) =>
        `${String(m.Model ?? '?').padEnd(16)} ${(m.SupportedSatelliteConstellations ?? []).map((c) => `${c.SatelliteConstellation}${c.Optional ? ' (optional)' : ''}`).join(', ')}`,
    )
    .join('\n');
}

export function accountText(info: ApiKeyInfo): string {
  const known = Object.entries(info).filter(([, v]) => typeof v === 'number' || typeof v === 'string');
  const width = Math.max(...known.map(([k]) => k.length), 0);
  return known.map(([k, v]) => `${k.padEnd(width)}  ${String(v)}`).join('\n');
}

export function estimateText(model: EstimateModel): string {
  const lines = [model.title];
  for (const s of model.settings) lines.push(`  ${s.label}: ${s.value}`);
  if (model.kind === 'composite') {
    lines.push(`  Cost: ${formatCredits(model.credits, undefined)}`);
    if (model.series) {
      lines.push('  Credits by date:');
      for (const d of seriesDateCredits(
        model.plan.units.filter((u) => u.kind === 'buy'),
        undefined,
      ))
        lines.push(`    ${d.date}  ${d.credits}`);
    }
    for (const f of compositeFacts(model, undefined)) lines.push(`  ${f.label}: ${f.value}`);
    const order = model.automaticOrder;
    if (order)
      lines.push(
        `  Order the service would create (AutomaticOrderCreation): this month ${num(order.currentMonth)} ${order.currency}, each following month ${num(order.perMonth)} ${order.currency}`,
      );
  } else if (model.kind === 'order') {
    // The totals as read from either estimate shape; the breakdown only where the service gave one.
    const parts = (order: number | undefined, storage: number | undefined): string =>
      order === undefined && storage === undefined ? '' : ` (order ${num(order)} + storage ${num(storage)})`;
    lines.push(
      `  This month: ${num(model.currentMonthCost)} ${model.currency}${parts(model.currentMonthOrder, model.currentMonthStorage)}`,
    );
    lines.push(
      `  Next month: ${num(model.perMonthCost)} ${model.currency}${parts(model.nextMonthOrder, model.nextMonthStorage)}`,
    );
    for (const term of cancellationTerms(model, undefined, new Date())) lines.push(`  ${term.label}: ${term.value}`);
    for (const c of model.covers ?? []) {
      const size = c.id === 'tiles' ? ` (${c.tiles} tiles, ${c.miniTiles} mini-tiles)` : '';
      lines.push(
        `  Cover ${c.label}${size}: this month ${num(c.currentMonth)}, next month ${num(c.perMonth)} ${c.currency}, billed ${num(c.billedKm2)} km²`,
      );
    }
  }
  for (const w of model.warnings) lines.push(`  Note: ${w}`);
  return lines.join('\n');
}

export function stoppedText(stopped: StoppedEstimate): string {
  return `${estimateText(stopped.model)}\nNot sent: ${stopped.reason}.`;
}

/** What to do about a unit that may have been charged: it is held, not sent again unasked. */
export const RESEND_ADVICE =
  'not sent again: check the account balance first; --resend-uncertain sends it again (it may then be charged twice)';

/** " (87 % of the image has valid pixels)", or the empty image said plainly; '' when not read. */
function validityNote(fraction: number | undefined): string {
  const sentence = validitySentence(fraction);
  return sentence ? `  (${sentence})` : '';
}

export function compositeText(result: CompositeResult): string {
  if (result.outcome === 'completed' && result.boughtBefore)
    return `Already in the folder, bought before with this request: ${result.files[0] ?? 'the composite'}. Nothing was sent, bought or written.`;
  if (result.outcome === 'completed') {
    const saved = result.files.map((f) => `Saved ${f}${validityNote(result.validFraction)}`);
    if (result.uploadedTo) saved.push(`Uploaded by the service to ${result.uploadedTo}; nothing was saved here.`);
    const notes = compositeNotes(result, basename(result.files[0] ?? 'the composite'));
    return [...saved, ...notes, `${formatBytes(result.bytes)} written.`].join('\n');
  }
  if (result.outcome === 'not-available')
    return `Not available: ${result.reason ?? 'the service cannot serve this request'}${result.fixes?.length ? ` (would help: ${result.fixes.join(', ')})` : ''}`;
  if (result.outcome === 'may-have-been-charged') {
    const charge = result.charge
      ? chargeSentence(result.charge, 'The composite')
      : 'The composite may have been charged: the request was sent but its answer was lost, and it was not sent again.';
    return `Nothing saved. ${charge}`;
  }
  return 'Nothing downloaded.';
}

/** A unit's outcome in words: what happened, its file, and what to do when it is not done. */
function unitLine(u: BatchUnitReport): string {
  const file = u.file ? `  ${u.file}` : '';
  if (u.status === 'done') return `done              ${u.id}${file}${validityNote(u.validFraction)}`;
  if (u.status === 'skipped') return `done earlier      ${u.id}${file}${validityNote(u.validFraction)}`;
  if (u.status === 'may-have-been-charged')
    return `possibly charged  ${u.id}  ${u.error ? `${u.error}; ` : ''}${RESEND_ADVICE}`;
  return `${u.status.padEnd(17)} ${u.id}${file}${u.error ? `  ${u.error}` : ''}`;
}

/** `noun` names a unit in the notes ('part', 'tile'). */
export function batchText(result: BatchResult, noun = 'image'): string {
  // Units refused before anything was sent may be listed only among the failed.
  const listed = new Set(result.units.map((u) => u.id));
  const units = [...result.units, ...result.failed.filter((u) => !listed.has(u.id))];
  const lines = units.map(unitLine);
  const empty = units.filter((u) => u.validFraction === 0).length;
  lines.push(
    `${units.filter((u) => u.status === 'done' || u.status === 'skipped').length} of ${units.length} done, ${result.failed.length} failed, ${result.uncertain.length} possibly charged, ${formatBytes(result.bytes)} written.`,
  );
  if (empty > 0)
    lines.push(
      `${empty} image${empty === 1 ? ' was' : 's were'} paid for but hold${empty === 1 ? 's' : ''} no valid pixels.`,
    );
  lines.push(...unitNotes(result.units, noun));
  if (result.charge)
    lines.push(
      chargeSentence(result.charge, `${result.uncertain.length} unit${result.uncertain.length === 1 ? '' : 's'}`),
    );
  if (result.manifestPath) lines.push(`Manifest: ${result.manifestPath}`);
  return lines.join('\n');
}

/** A run's last line: the credits it spent, as the workflow knows them (each call's price asked
 * right before it was sent, once answered); nothing when it bought nothing or does not know. */
export function spentText(result: { creditsSpent?: number | undefined }): string | undefined {
  return result.creditsSpent === undefined
    ? undefined
    : `Spent: ${formatCredits(result.creditsSpent, undefined)} (priced right before sending).`;
}

export function ordersText(orders: TaskOrder[]): string {
  if (orders.length === 0) return 'No orders.';
  return alignedColumns(
    orders.map((o) => [
      o.TaskOrderGuid ?? '?',
      o.OrderingProcessStatus ?? '?',
      String(o.Model ?? '?'),
      `${o.From ?? '?'} to ${o.To ?? 'recurring'}`,
      o.TaskOrderAreaKm2 === undefined ? '' : `${num(o.TaskOrderAreaKm2)} km²`,
    ]),
  ).join('\n');
}

/** Rows of cells as lines, each column as wide as its widest cell (the last one not padded), two
 * spaces between: a long status ("AwaitingSatelliteProducts") does not push its row out of line. */
function alignedColumns(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, c) => (widths[c] = Math.max(widths[c] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, c) => (c === row.length - 1 ? cell : cell.padEnd(widths[c] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

export function orderDetailText(order: TaskOrder): string {
  return Object.entries(order)
    .filter(([k, v]) => v !== undefined && v !== null && k !== 'Wkt')
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

/** One line per tile; with `selected` (--tile-guids), the chosen ones marked and counted. */
export function tilesText(tiles: TileRecord[], selected?: string[]): string {
  if (tiles.length === 0) return 'No tiles.';
  const chosen = new Set(selected ?? []);
  const mark = (t: TileRecord): string => (selected === undefined ? '' : chosen.has(String(t.Guid)) ? '* ' : '  ');
  const lines = tiles.map(
    (t) =>
      `${mark(t)}${t.Guid ?? '?'}  ${t.MiniTile ? 'mini-tile' : 'tile'}${t.Epsg !== undefined ? `  EPSG ${String(t.Epsg)}` : ''}`,
  );
  if (selected !== undefined) lines.push(`${selected.length} of ${tiles.length} selected (*).`);
  return lines.join('\n');
}
