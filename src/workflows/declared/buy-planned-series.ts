// apply's images: each planned series bought through the series workflow (its folder's purchase
// ledger, its cost gate, its worker pool), only the dates the plan lists to buy, and those held as
// uncertain when the person names them. The lock is written again from the ledgers after each
// series, whatever happened to it, so a crash leaves a lock that parses and says what the ledgers say.
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import type { downloadSeries } from '../series/series-workflow';
import type { SeriesDateReport, SeriesResult } from '../series/series-types';
import { BUYING } from '../../pricing/purchase-plan';
import type { Declaration } from './declared-file';
import type { LockFile } from './declared-lock';
import { seriesOptionsOf } from './declared-plan';
import type { Plan, PlannedSeries } from './declared-plan';
import { lockFromLedgers } from './lock-from-ledgers';

export interface AppliedSeries {
  dataset: string;
  area: string;
  outcome: SeriesResult['outcome'];
  dates: SeriesDateReport[];
  reason?: string;
}

export type RunSeries = typeof downloadSeries;

/** What the series bought, in the plan's order. */
export interface BoughtSeries {
  series: AppliedSeries[];
  bought: number;
  uncertain: number;
  failed: number;
  /** Each series that bought something: what it spent (undefined: not known). */
  spent: (number | undefined)[];
}

/** The run's parts every series is bought with. */
interface SeriesRun {
  ports: WorkflowPorts;
  declaration: Declaration;
  planned: readonly PlannedSeries[];
  lockFile: LockFile;
  runSeries: RunSeries;
}

export async function buyPlannedSeries(run: SeriesRun, plan: Plan, resendUncertain: boolean): Promise<BoughtSeries> {
  const bought: BoughtSeries = { series: [], bought: 0, uncertain: 0, failed: 0, spent: [] };
  for (const s of run.planned) {
    const resend = resendUncertain ? s.uncertain : [];
    const dates = [...datesToBuy(plan, s), ...resend].sort();
    if (dates.length === 0) continue;
    const series = await buySeries(run, s, dates, resend);
    const done = series.dates.filter((d) => d.status === 'done').length;
    bought.bought += done;
    if (done > 0) bought.spent.push(series.creditsSpent);
    bought.uncertain += series.dates.filter((d) => d.status === 'may-have-been-charged').length;
    bought.failed += series.dates.filter((d) => d.status === 'failed').length;
    bought.series.push({
      dataset: s.dataset.name,
      area: s.area.file,
      outcome: series.outcome,
      dates: series.dates,
      ...(series.reason ? { reason: series.reason } : {}),
    });
    if (series.reason) break; // the cost gate stopped it: nothing further is sent
  }
  return bought;
}

/** The series' dates the plan lists to buy, priced. */
function datesToBuy(plan: Plan, s: PlannedSeries): string[] {
  const wanted = new Set(
    plan.units
      .filter(
        (u) => u.dataset === s.dataset.name && u.area === s.area.file && BUYING.has(u.kind) && u.credits !== undefined,
      )
      .map((u) => u.date),
  );
  return s.priced.filter((p) => wanted.has(p.date)).map((p) => p.date);
}

/** One series bought; the lock written from the ledgers after it, whatever happened. */
async function buySeries(
  { ports, declaration, planned, lockFile, runSeries }: SeriesRun,
  s: PlannedSeries,
  dates: string[],
  resend: string[],
): Promise<SeriesResult> {
  const { from: _from, to: _to, every: _every, nth: _nth, maxDates: _max, ...options } = seriesOptionsOf(s.dataset);
  const source: AoiSource = { text: s.area.text, name: s.area.file, format: s.area.format };
  try {
    // The dataset's settings resolve again as the plan resolved them: nobody asked.
    const seriesOptions = {
      ...options,
      dates,
      outputDirectory: s.folder,
      ...(resend.length > 0 ? { resendUncertain: resend } : {}),
    };
    return await runSeries(ports, source, seriesOptions, 'nobody');
  } finally {
    // What the ledger holds now, whatever happened to the run.
    await lockFile.write(await lockFromLedgers(declaration, planned, lockFile.lock));
  }
}
