// Readable text for the result objects (the --json output is the objects themselves, the same
// ones the VS Code commands return).
import type { ApiKeyInfo, TaskingModel, TaskOrder, TileRecord } from '../api/types';
import type { EstimateModel } from '../workflows/engine/estimate-view-model';
import { formatBytes } from '../common/format';
import type { BatchResult, CompositeResult } from '../workflows/engine/results';
import type { StoppedEstimate } from './ports';

const num = (value: number | undefined, digits = 2): string => (value === undefined ? '?' : String(Math.round(value * 10 ** digits) / 10 ** digits));

export function modelsText(models: TaskingModel[]): string {
  if (models.length === 0) return 'No models.';
  return models
    .map((m) => `${String(m.Model ?? '?').padEnd(16)} ${(m.SupportedSatelliteConstellations ?? []).map((c) => `${c.SatelliteConstellation}${c.Optional ? ' (optional)' : ''}`).join(', ')}`)
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
    lines.push(`  Cost: ${num(model.credits)} credits`, `  Billed area: ${num(model.areaEstimateKm2 ?? model.aoi?.billedAreaKm2)} km²`);
    if (model.fileSizeMB !== undefined) lines.push(`  File size: about ${num(model.fileSizeMB, 1)} MB`);
    const order = model.automaticOrder;
    if (order) lines.push(`  Order the service would create (AutomaticOrderCreation): this month ${num(order.currentMonth)} ${order.currency}, each following month ${num(order.perMonth)} ${order.currency}`);
  } else if (model.kind === 'order') {
    // The totals as read from either estimate shape; the breakdown only where the service gave one.
    const parts = (order: number | undefined, storage: number | undefined): string => (order === undefined && storage === undefined ? '' : ` (order ${num(order)} + storage ${num(storage)})`);
    lines.push(`  This month: ${num(model.currentMonthCost)} ${model.currency}${parts(model.currentMonthOrder, model.currentMonthStorage)}`);
    lines.push(`  Next month: ${num(model.perMonthCost)} ${model.currency}${parts(model.nextMonthOrder, model.nextMonthStorage)}`);
    if (model.cancellationDate) lines.push(`  Cancellation date: ${model.cancellationDate}`);
    for (const c of model.covers ?? []) {
      const size = c.id === 'tiles' ? ` (${c.tiles} tiles, ${c.miniTiles} mini-tiles)` : '';
      lines.push(`  Cover ${c.label}${size}: this month ${num(c.currentMonth)}, next month ${num(c.perMonth)} ${c.currency}, billed ${num(c.billedKm2)} km²`);
    }
  }
  for (const w of model.warnings) lines.push(`  Note: ${w}`);
  return lines.join('\n');
}

export function stoppedText(stopped: StoppedEstimate): string {
  return `${estimateText(stopped.model)}\nNot sent: ${stopped.reason}.`;
}

export function compositeText(result: CompositeResult): string {
  if (result.outcome === 'completed') return [...result.files.map((f) => `Saved ${f}`), `${formatBytes(result.bytes)} written.`].join('\n');
  if (result.outcome === 'not-available') return `Not available: ${result.reason ?? 'the service cannot serve this request'}${result.fixes?.length ? ` (would help: ${result.fixes.join(', ')})` : ''}`;
  return 'Nothing downloaded.';
}

export function batchText(result: BatchResult): string {
  const lines = result.units.map((u) => `${u.status.padEnd(8)} ${u.id}${u.file ? `  ${u.file}` : ''}${u.error ? `  ${u.error}` : ''}`);
  lines.push(`${result.units.filter((u) => u.status !== 'failed').length} of ${result.units.length} done, ${result.failed.length} failed, ${formatBytes(result.bytes)} written.`);
  if (result.manifestPath) lines.push(`Manifest: ${result.manifestPath}`);
  return lines.join('\n');
}

export function ordersText(orders: TaskOrder[]): string {
  if (orders.length === 0) return 'No orders.';
  return orders
    .map((o) => [o.TaskOrderGuid ?? '?', (o.OrderingProcessStatus ?? '?').padEnd(12), String(o.Model ?? '?').padEnd(14), `${o.From ?? '?'} to ${o.To ?? 'recurring'}`, o.TaskOrderAreaKm2 === undefined ? '' : `${num(o.TaskOrderAreaKm2)} km²`].join('  '))
    .join('\n');
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
  const lines = tiles.map((t) => `${mark(t)}${t.Guid ?? '?'}  ${t.MiniTile ? 'mini-tile' : 'tile'}${t.Epsg !== undefined ? `  EPSG ${String(t.Epsg)}` : ''}`);
  if (selected !== undefined) lines.push(`${selected.length} of ${tiles.length} selected (*).`);
  return lines.join('\n');
}
