// The planning half of a series, before anything billed: the frozen settings (asked once, as for
// a composite, without the date), the dates (given, or found by the date search and thinned),
// one availability check per date with the final payload, and one estimate per ready date.
import type { CompositeEstimate, TaskingModel } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { judgeAvailability } from '../composite/availability';
import {
  checkChoices,
  checkFixedBands,
  checkedPromptState,
  loadBandLimitIfNeeded,
} from '../composite/composite-checks';
import type { RunAccount } from '../../pricing/account-snapshot';
import { compositeSteps } from '../composite/composite-prompts';
import type { CompositePromptState } from '../composite/composite-prompts';
import { searchDates, windowOf } from '../dates/date-search';
import { coreAnswerRules } from '../engine/default-answers';
import { WorkflowError } from '../../request/workflow-error';
import { nowOf } from '../engine/ports';
import type { WorkflowPorts } from '../engine/ports';
import { availabilityRequest, compositeRequest, freezeProfile } from '../../request/request-profile';
import type { AoiMode, CompositeProfile, ProfileFields } from '../../request/request-profile';
import { ASK_NOBODY, ASK_THE_PERSON, resolveQuestions } from '../engine/resolve';
import type { Questions, Settling } from '../engine/resolve';
import { runPool } from '../engine/worker-pool';
import { selectSeriesDates } from './series-dates';
import { seriesSteps } from './series-steps';
import type { SeriesDatesChoice, SeriesStepsState } from './series-steps';
import type { PricedDate } from './series-estimate';
import type { DownloadSeriesOptions, SeriesDateReport } from './series-types';

export type SeriesFields = Omit<ProfileFields, 'date'>;

type SeriesState = CompositePromptState & SeriesStepsState;

/** What a series' settings resolve from: the run's ports, its area and how it is sent, the
 * options, the models list and the run's account. */
export interface SeriesInput {
  ports: WorkflowPorts;
  aoi: Aoi;
  aoiMode: AoiMode;
  options: DownloadSeriesOptions;
  models: TaskingModel[];
  account: RunAccount;
}

type SettledSeries = { fields: SeriesFields; dates: SeriesDatesChoice };

/**
 * The settings every date shares, from the settings and the options, as questions; no prompt is
 * shown. In the place of the composite's date: the window of the date search and its thinning
 * (series-steps.ts). The steps ask through `ports` (resolve's copy) when they are asked.
 */
async function seriesQuestions(input: SeriesInput, ports: WorkflowPorts): Promise<Questions<SeriesState>> {
  const { aoi, aoiMode, options, models, account } = input;
  const { dates: given, from, to, every, nth, ...choices } = options;
  const settings = ports.settings().defaults;
  const now = nowOf(ports);
  const window = windowOf(options, now);
  checkFixedBands(choices, settings);
  const prompted = await checkedPromptState(ports, choices, settings, models);
  // As the Output step: offered only in a run that asks something, so a run whose settings are
  // all given (options, a keybinding) takes the command line's defaults without a question.
  const quiet = (['model', 'satelliteConstellations', 'epsgProjection', 'resolution', 'bandnames'] as const).every(
    (key) => prompted.fixed[key] !== undefined,
  );
  const named = (given !== undefined && given.length > 0) || quiet;
  const state: SeriesState = {
    ...prompted,
    series: { from, to, every, nth },
    seriesFixed: {
      window: named || from !== undefined || to !== undefined,
      thinning: named || every !== undefined || nth !== undefined,
    },
  };
  // The series gives every date: for the wizard the date counts as fixed, so a run whose other
  // settings are all given (options, the command line, a keybinding) is not stopped at the
  // Output step, which is offered only in a run that asks something.
  state.fixed.date = window.from;
  // The date is what the series varies: never asked; the window and the thinning take its place.
  const composite = compositeSteps({ ports, aoi, aoiMode, window, account });
  const at = composite.findIndex((step) => step.id === 'date');
  const steps = [...composite.slice(0, at), ...seriesSteps<SeriesState>(ports, now), ...composite.slice(at + 1)];
  return { state, steps };
}

/** The frozen settings of a series whose questions are answered (or were never open). */
async function settleSeriesFields(input: SeriesInput, state: SeriesState): Promise<SettledSeries> {
  await loadBandLimitIfNeeded(input.account, state);
  const fields: SeriesFields = { ...checkChoices(state), aoiMode: input.aoiMode };
  // Every date would be PUT to the one address, each overwriting the one before.
  if (fields.output?.UploadUrl)
    throw new WorkflowError(
      'invalid-option',
      'A time series downloads one image per date; it cannot send them all to one UploadUrl. Clear UploadUrl (the setting satImagery.defaults.output.uploadUrl or the option) to download them. Nothing was sent.',
    );
  return { fields, dates: state.series };
}

/** The series' questions settled as `settling` says (engine/resolve.ts), then frozen. */
async function resolveSeries(
  input: SeriesInput,
  settling: Settling,
): Promise<SettledSeries | { open: string[] } | undefined> {
  const resolved = await resolveQuestions(input.ports, (ports) => seriesQuestions(input, ports), settling);
  if ('open' in resolved) return resolved;
  return 'state' in resolved ? settleSeriesFields(input, resolved.state) : undefined;
}

/** Settings and options to a series' frozen settings, or the questions still open; never a prompt. */
export async function resolveSeriesFields(input: SeriesInput): Promise<SettledSeries | { open: string[] }> {
  return (await resolveSeries(input, ASK_NOBODY))!;
}

/**
 * Settings and options to a series' frozen settings with nobody asked (apply, plan, the series
 * verb): a question they leave open takes the default its own step offers (engine/default-answers.ts),
 * the model never does (refused, naming --model), and each default taken is said on `ports.log` in
 * the command line's words. The steps are the wizard's; nothing runs the wizard.
 */
export async function defaultSeriesFields(input: SeriesInput): Promise<SettledSeries> {
  const rules = coreAnswerRules((note) => input.ports.log?.(note));
  return (await resolveSeries(input, { mode: 'defaults', rules })) as SettledSeries;
}

/**
 * The interactive series: the questions the settings and the options leave open are asked (a
 * value fixed is never asked) and the answers settled as a single composite's are checked;
 * undefined when the person dismissed a question.
 */
export async function seriesFields(input: SeriesInput): Promise<SettledSeries | undefined> {
  return (await resolveSeries(input, ASK_THE_PERSON)) as SettledSeries | undefined;
}

/** The dates to download, and the partial ones left out (reported, not sent). `bought`: dates of
 * the search's window already bought, which the thinning keeps (selectSeriesDates). */
export async function seriesDates(
  ports: WorkflowPorts,
  aoi: Aoi,
  fields: SeriesFields,
  options: DownloadSeriesOptions,
  bought: readonly string[] = [],
): Promise<{ dates: string[]; partial: string[] }> {
  if (options.dates && options.dates.length > 0)
    return { dates: selectSeriesDates(options.dates, { maxDates: options.maxDates }), partial: [] };
  const window = windowOf(options, nowOf(ports));
  ports.progress.report({ message: 'Searching dates…' });
  const coverage = await searchDates(
    ports,
    aoi,
    fields.aoiMode,
    fields.model,
    [...fields.satelliteConstellations],
    window,
  );
  const allowPartial = fields.output?.AllowPartialImage === true;
  const candidates = allowPartial ? [...coverage.full, ...coverage.partial] : coverage.full;
  const [first, last] = [window.from.slice(0, 10), window.to.slice(0, 10)];
  const inWindow = bought.filter((d) => d.slice(0, 10) >= first && d.slice(0, 10) <= last);
  const selection = { every: options.every, nth: options.nth, maxDates: options.maxDates, bought: inWindow };
  const dates = selectSeriesDates(candidates, selection);
  return { dates, partial: allowPartial ? [] : [...coverage.partial].sort() };
}

/** The frozen profile of one date of the series: its request body is the date's ledger key. */
export function dateProfile(aoi: Aoi, fields: SeriesFields, date: string): CompositeProfile {
  return freezeProfile(aoi, {
    ...fields,
    date,
    satelliteConstellations: [...fields.satelliteConstellations],
    output: { ...fields.output },
  });
}

export interface Checked {
  priced: PricedDate[];
  /** Dates the availability check turned down, with the reason. */
  refused: SeriesDateReport[];
}

/** Availability, then estimate, of each date with its final payload, a few at a time. */
export async function checkAndPrice(
  ports: WorkflowPorts,
  aoi: Aoi,
  fields: SeriesFields,
  dates: readonly string[],
  workers: number,
): Promise<Checked> {
  const [checked] = await checkAndPriceAll(ports, [{ aoi, fields, dates }], workers);
  // A failed check (network, cancel) stops the plan: nothing has been billed yet.
  if (!checked!.ok) throw checked!.error;
  return checked!;
}

/** One series' dates to check and price: its area, its settings and the dates. */
export interface PriceJob {
  aoi: Aoi;
  fields: SeriesFields;
  dates: readonly string[];
}

/** Each job's priced and refused dates, or the first of its checks that failed (in date order). */
export type CheckedJob = (Checked & { ok: true }) | { ok: false; error: unknown };

/** The dates of several series checked and priced in one pool of `workers` (the key's
 * connections), so no connection idles between one series' last dates and the next one's first;
 * each job's outcome is its own, in the jobs' order. */
export async function checkAndPriceAll(
  ports: WorkflowPorts,
  jobs: readonly PriceJob[],
  workers: number,
): Promise<CheckedJob[]> {
  const items = jobs.flatMap((job, index) => job.dates.map((date) => ({ index, date })));
  let checked = 0;
  const outcomes = await runPool(
    items,
    workers,
    async ({ index, date }) => {
      const outcome = await checkAndPriceDate(ports, jobs[index]!.aoi, jobs[index]!.fields, date);
      ports.progress.report({ message: `Checked ${++checked} of ${items.length} dates…` });
      return outcome;
    },
    ports.signal,
  );
  const results: CheckedJob[] = jobs.map(() => ({ ok: true, priced: [], refused: [] }));
  for (const outcome of outcomes) {
    const result = results[outcome.item.index]!;
    if (!result.ok) continue; // its first failure is the one said
    if (!outcome.ok) results[outcome.item.index] = { ok: false, error: outcome.error };
    else if ('profile' in outcome.value!) result.priced.push(outcome.value);
    else result.refused.push(outcome.value!);
  }
  return results;
}

/** One date's availability with its final payload, and its estimate when it is ready. */
async function checkAndPriceDate(
  ports: WorkflowPorts,
  aoi: Aoi,
  fields: SeriesFields,
  date: string,
): Promise<PricedDate | SeriesDateReport> {
  const allowPartial = fields.output?.AllowPartialImage === true;
  const profile = dateProfile(aoi, fields, date);
  const flags = await ports.client.checkCompositeAvailability(availabilityRequest(profile), { signal: ports.signal });
  const verdict = judgeAvailability(flags, date);
  const partialOnly =
    verdict.failed.length === 1 && verdict.failed[0] === 'FullyAvailable' && flags.PartiallyAvailable === true;
  if (!verdict.ready && !(partialOnly && allowPartial))
    return { date, status: partialOnly ? 'partial' : 'not-available', error: verdict.sentence };
  const request = compositeRequest(profile);
  const estimate: CompositeEstimate = await ports.client.estimateComposite(request, { signal: ports.signal });
  const credits = typeof estimate.CreditEstimate === 'number' ? estimate.CreditEstimate : undefined;
  return { date, profile, request, estimate, credits };
}
