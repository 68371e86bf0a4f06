// `apply`: buys exactly what a fresh plan lists as buy, rebuy and missing (and uncertain units
// only when the person names them), one series per dataset and area file, through the series
// workflow: its folder's purchase ledger (each unit recorded as sending before its billed call),
// its cost gate (the price shown, or held to the budget the person set) and its worker pool within the key's limits. The
// lock is written again from the ledgers after each series, so a crash leaves a lock that parses
// and says what the ledgers say. Nothing is sent when the plan has a stop (a budget or the
// balance below its total).
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import { WorkflowError } from '../engine/errors';
import { downloadSeries } from '../series/series-workflow';
import type { SeriesDateReport, SeriesResult } from '../series/series-types';
import type { Declaration } from './declared-file';
import { writeLock } from './declared-lock';
import type { ImageryLock } from './declared-lock';
import { BUYING, seriesOptionsOf } from './declared-plan';
import type { Plan, PlannedSeries } from './declared-plan';
import { lockFromLedgers } from './lock-from-ledgers';

export interface ApplyOptions {
  /** Send again the units held as uncertain. */
  resendUncertain: boolean;
}

export interface AppliedSeries {
  dataset: string;
  area: string;
  outcome: SeriesResult['outcome'];
  dates: SeriesDateReport[];
  reason?: string;
}

export interface ApplyResult {
  series: AppliedSeries[];
  /** Units bought in this run, uncertain after it, failed. */
  bought: number;
  uncertain: number;
  failed: number;
  lock: ImageryLock;
}

type RunSeries = typeof downloadSeries;

/** Throws before any billed call when the plan says something stops it. */
export function refuseStopped(plan: Plan): void {
  if (plan.stops.length > 0) throw new WorkflowError('needs-confirmation', `Nothing was sent: ${plan.stops.join('; ')}.`);
}

export async function applyPlan(ports: WorkflowPorts, declaration: Declaration, lockPath: string, plan: Plan, planned: readonly PlannedSeries[], lock: ImageryLock, options: ApplyOptions, runSeries: RunSeries = downloadSeries): Promise<ApplyResult> {
  refuseStopped(plan);
  const result: ApplyResult = { series: [], bought: 0, uncertain: 0, failed: 0, lock };
  for (const s of planned) {
    const wanted = new Set(plan.units.filter((u) => u.dataset === s.dataset.name && u.area === s.area.file && BUYING.has(u.kind) && u.credits !== undefined).map((u) => u.date));
    const resend = options.resendUncertain ? s.uncertain : [];
    const dates = [...s.priced.filter((p) => wanted.has(p.date)).map((p) => p.date), ...resend].sort();
    if (dates.length === 0) continue;
    const { from: _from, to: _to, every: _every, nth: _nth, maxDates: _max, ...options_ } = seriesOptionsOf(s.dataset);
    const source: AoiSource = { text: s.area.text, name: s.area.file, format: s.area.format };
    let series: SeriesResult | undefined;
    try {
      series = await runSeries(ports, source, { ...options_, dates, outputDirectory: s.folder, ...(resend.length > 0 ? { resendUncertain: resend } : {}) });
    } finally {
      // What the ledger holds now, whatever happened to the run.
      result.lock = await lockFromLedgers(declaration, planned, result.lock);
      await writeLock(lockPath, result.lock);
    }
    const done = series.dates.filter((d) => d.status === 'done').length;
    result.bought += done;
    result.uncertain += series.dates.filter((d) => d.status === 'may-have-been-charged').length;
    result.failed += series.dates.filter((d) => d.status === 'failed').length;
    result.series.push({ dataset: s.dataset.name, area: s.area.file, outcome: series.outcome, dates: series.dates, ...(series.reason ? { reason: series.reason } : {}) });
    if (series.reason) break; // the cost gate stopped it: nothing further is sent
  }
  // Also when nothing was bought: the lock says what the ledgers say (a first apply over bought folders).
  result.lock = await lockFromLedgers(declaration, planned, result.lock);
  await writeLock(lockPath, result.lock);
  return result;
}
