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
import { coreAnswerRules, defaultAnswers } from '../engine/default-answers';
import { WorkflowError } from '../../request/workflow-error';
import { nowOf } from '../engine/ports';
import type { WorkflowPorts } from '../engine/ports';
import { availabilityRequest, compositeRequest, freezeProfile } from '../../request/request-profile';
import type { AoiMode, CompositeProfile, ProfileFields } from '../../request/request-profile';
import { runWizard } from '../engine/wizard';
import type { WizardStep } from '../engine/wizard';
import { runPool } from '../engine/worker-pool';
import { selectSeriesDates } from './series-dates';
import { seriesSteps } from './series-steps';
import type { SeriesDatesChoice, SeriesStepsState } from './series-steps';
import type { PricedDate } from './series-estimate';
import type { DownloadSeriesOptions, SeriesDateReport } from './series-types';

export type SeriesFields = Omit<ProfileFields, 'date'>;

type SeriesState = CompositePromptState & SeriesStepsState;

/** A series' settings as the settings and the options leave them: the state the questions write
 * into, the questions, and the ids of those still open (none: nothing is asked). */
interface SeriesQuestions {
  state: SeriesState;
  steps: WizardStep<SeriesState>[];
  open: string[];
}

/**
 * The settings every date shares, from the settings and the options, and the questions they leave
 * open; no prompt is shown. In the place of the composite's date: the window of the date search
 * and its thinning (series-steps.ts). Resolved when `open` is empty (`settleSeriesFields`).
 */
async function seriesQuestions(
  ports: WorkflowPorts,
  aoi: Aoi,
  aoiMode: AoiMode,
  options: DownloadSeriesOptions,
  models: TaskingModel[],
  account: RunAccount,
): Promise<SeriesQuestions> {
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
  return { state, steps, open: steps.filter((step) => !step.fixed(state)).map((step) => step.id) };
}

/** The frozen settings of a series whose questions are answered (or were never open). */
async function settleSeriesFields(
  account: RunAccount,
  aoiMode: AoiMode,
  state: SeriesState,
): Promise<{ fields: SeriesFields; dates: SeriesDatesChoice }> {
  await loadBandLimitIfNeeded(account, state);
  const fields: SeriesFields = { ...checkChoices(state), aoiMode };
  // Every date would be PUT to the one address, each overwriting the one before.
  if (fields.output?.UploadUrl)
    throw new WorkflowError(
      'invalid-option',
      'A time series downloads one image per date; it cannot send them all to one UploadUrl. Clear UploadUrl (the setting satImagery.defaults.output.uploadUrl or the option) to download them. Nothing was sent.',
    );
  return { fields, dates: state.series };
}

/** Settings and options to a series' frozen settings, or the questions still open; never a prompt. */
export async function resolveSeriesFields(
  ports: WorkflowPorts,
  aoi: Aoi,
  aoiMode: AoiMode,
  options: DownloadSeriesOptions,
  models: TaskingModel[],
  account: RunAccount,
): Promise<{ fields: SeriesFields; dates: SeriesDatesChoice } | { open: string[] }> {
  const questions = await seriesQuestions(ports, aoi, aoiMode, options, models, account);
  if (questions.open.length > 0) return { open: questions.open };
  return settleSeriesFields(account, aoiMode, questions.state);
}

/**
 * Settings and options to a series' frozen settings with nobody asked (apply, plan, the series
 * verb): a question they leave open takes the default its own step offers (engine/default-answers.ts),
 * the model never does (refused, naming --model), and each default taken is said on `ports.log` in
 * the command line's words. The steps are the wizard's; nothing runs the wizard.
 */
export async function defaultSeriesFields(
  ports: WorkflowPorts,
  aoi: Aoi,
  aoiMode: AoiMode,
  options: DownloadSeriesOptions,
  models: TaskingModel[],
  account: RunAccount,
): Promise<{ fields: SeriesFields; dates: SeriesDatesChoice }> {
  // The steps ask through this copy of the ports when they ask; nothing is asked before its `ask`
  // is the one answering with defaults, made only when a question is open.
  const answering: WorkflowPorts = { ...ports };
  const { state, steps, open } = await seriesQuestions(answering, aoi, aoiMode, options, models, account);
  if (open.length === 0) return settleSeriesFields(account, aoiMode, state);
  answering.ask = defaultAnswers(coreAnswerRules((note) => ports.log?.(note)));
  // In the wizard's order, each looked at when reached: an answer may fix a later question.
  for (const step of steps) if (!step.fixed(state)) await step.ask(state, { step: 1, totalSteps: 1, canGoBack: false });
  return settleSeriesFields(account, aoiMode, state);
}

/**
 * The interactive series: the questions the settings and the options leave open are asked (a
 * value fixed is never asked) and the answers settled as a single composite's are checked;
 * undefined when the person dismissed a question.
 */
export async function seriesFields(
  ports: WorkflowPorts,
  aoi: Aoi,
  aoiMode: AoiMode,
  options: DownloadSeriesOptions,
  models: TaskingModel[],
  account: RunAccount,
): Promise<{ fields: SeriesFields; dates: SeriesDatesChoice } | undefined> {
  const { state, steps, open } = await seriesQuestions(ports, aoi, aoiMode, options, models, account);
  if (open.length > 0 && !(await runWizard(steps, state))) return undefined;
  return settleSeriesFields(account, aoiMode, state);
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
  const allowPartial = fields.output?.AllowPartialImage === true;
  let checked = 0;
  const outcomes = await runPool(
    dates,
    workers,
    async (date): Promise<PricedDate | SeriesDateReport> => {
      const profile = dateProfile(aoi, fields, date);
      const flags = await ports.client.checkCompositeAvailability(availabilityRequest(profile), {
        signal: ports.signal,
      });
      const verdict = judgeAvailability(flags, date);
      const partialOnly =
        verdict.failed.length === 1 && verdict.failed[0] === 'FullyAvailable' && flags.PartiallyAvailable === true;
      ports.progress.report({ message: `Checked ${++checked} of ${dates.length} dates…` });
      if (!verdict.ready && !(partialOnly && allowPartial))
        return { date, status: partialOnly ? 'partial' : 'not-available', error: verdict.sentence };
      const request = compositeRequest(profile);
      const estimate: CompositeEstimate = await ports.client.estimateComposite(request, { signal: ports.signal });
      const credits = typeof estimate.CreditEstimate === 'number' ? estimate.CreditEstimate : undefined;
      return { date, profile, request, estimate, credits };
    },
    ports.signal,
  );
  const priced: PricedDate[] = [];
  const refused: SeriesDateReport[] = [];
  for (const outcome of outcomes) {
    // A failed check (network, cancel) stops the plan: nothing has been billed yet.
    if (!outcome.ok) throw outcome.error;
    const value = outcome.value!;
    if ('profile' in value) priced.push(value);
    else refused.push(value);
  }
  return { priced, refused };
}
