// Download a composite (spec section 1): date search → date → composite/available with the final
// settings → composite/estimate → cost confirmation → process/composite → GeoTIFF in the output
// folder. One frozen profile feeds every step; when it changes after the availability check
// (a "change" in the cost panel, or a setting edited meanwhile) the check runs again with the
// final payload, and the process call is refused locally if it would differ from the estimate.
import { CHOICE_FIELDS } from '../../api/request-fields';
import type { CompositeRequest } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { isApiError } from '../../api/errors';
import { fixLabels, judgeAvailability, notAvailableCodes } from './availability';
import type { AvailabilityFix, AvailabilityVerdict } from './availability';
import { readAoiOrThrow } from '../engine/aoi-input';
import { checkFixedBands } from './composite-checks';
import { compositeProfile, compositeState, resolveComposite } from './composite-resolve';
import type { CompositeInput } from './composite-resolve';
import { partialShare } from './partial-share';
import { priceAutomaticOrder } from './automatic-order';
import { partsAvailability, partsEstimate, partsFor } from './area-parts';
import { saveComposite } from './save-composite-file';
import { areaShapeOf } from './area-shape';
import { mergedOutput, outputFollowsSettings } from './composite-prompts';
import type { ChoiceKey, CompositeChoices, CompositePromptState } from './composite-prompts';
import { accountOnce } from '../../pricing/account-snapshot';
import type { AccountSnapshot } from '../../pricing/account-snapshot';
import { confirmCost } from '../engine/cost-gate';
import { WorkflowError, isCancellation, isWorkflowError } from '../../request/workflow-error';
import { compositeEstimateModel } from '../../pricing/estimate-view-builders';
import type { EstimateDecision } from '../../pricing/estimate-view-model';
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import { availabilityRequest, compositeRequest, diffProfiles, diffRequests } from '../../request/request-profile';
import type { AoiMode, CompositeProfile } from '../../request/request-profile';
import type { CompositeResult } from '../engine/results';
import { ASK_THE_PERSON } from '../engine/resolve';
import type { Settling } from '../engine/resolve';
import { missingOptions } from '../engine/default-answers';
import { honestProgress } from '../engine/honest-progress';

export interface DownloadCompositeOptions extends CompositeChoices {
  /** Date search window (ISO date or date-time); default the last 30 days. */
  from?: string;
  to?: string;
  /** How the AOI is sent; default the document's own format. */
  aoiMode?: AoiMode;
  outputDirectory?: string;
  skipConfirmation?: boolean;
  /** Parts of a split AOI that may have been charged in an earlier run and that the person chose
   * to send again ('all': every such part of the folder's manifest). */
  resendUncertain?: string[] | 'all';
}

/** Refuses a process payload that differs from the estimated one, naming the difference. */
export function assertSameAsEstimate(estimated: CompositeRequest, toSend: CompositeRequest): void {
  const differences = diffRequests(estimated, toSend);
  if (differences.length > 0) {
    throw new WorkflowError(
      'profile-mismatch',
      `Not sent: the process request differs from the estimate (${differences.join('; ')}). Estimate again with these settings.`,
    );
  }
}

/** `settling`: how the questions the settings and options leave open are settled (VS Code asks
 * the person; the command line takes each step's default, engine/resolve.ts). */
export async function downloadComposite(
  ports: WorkflowPorts,
  source: AoiSource,
  options: DownloadCompositeOptions = {},
  settling: Settling = ASK_THE_PERSON,
): Promise<CompositeResult> {
  ports = honestProgress(ports);
  const { aoi } = readAoiOrThrow(source);
  const result: CompositeResult = {
    outcome: 'cancelled',
    request: undefined,
    availability: undefined,
    estimate: undefined,
    files: [],
    bytes: 0,
    availabilityChecks: 0,
  };
  const aoiMode: AoiMode = options.aoiMode ?? aoi.format;
  const fromSettings = (): CompositeChoices => ports.settings().defaults;
  // Read once, when first needed (the band limit, the part size), and carried to the billed call.
  const account = accountOnce(ports);
  try {
    checkFixedBands(options, fromSettings());
    ports.progress.report({ message: 'Loading models…' });
    const models = await ports.client.listModels({ signal: ports.signal });
    const input: CompositeInput = { ports, aoi, aoiMode, options, models, account };
    const state = await compositeState(input);
    const run: CompositeRun = {
      ports,
      source,
      options,
      aoi,
      aoiMode,
      state,
      result,
      account,
      fromSettings,
      priceRounds: 0,
    };
    let first: ChoiceKey | undefined = 'model';
    while (first) {
      // A new round of prompts starts clean: an earlier "not available" no longer stands.
      Object.assign(result, {
        outcome: 'cancelled',
        reason: undefined,
        fixes: undefined,
        fix: undefined,
        fixOffered: undefined,
      });
      const resolved = await resolveComposite(input, settling, { state, first });
      if (resolved === undefined) return result;
      if ('open' in resolved) throw missingOptions(resolved.open);
      first = nextRound(await checkPriceAndBuy(run, resolved.profile), state);
    }
    return result;
  } catch (error) {
    return notAvailableOrThrow(error, ports, result);
  }
}

/** What one composite run works with, from the prompts to the billed call. */
interface CompositeRun {
  ports: WorkflowPorts;
  source: AoiSource;
  options: DownloadCompositeOptions;
  aoi: Aoi;
  aoiMode: AoiMode;
  state: CompositePromptState;
  result: CompositeResult;
  account: () => Promise<AccountSnapshot>;
  fromSettings: () => CompositeChoices;
  /** How often the price rose before sending and was shown again (at most MAX_PRICE_ROUNDS). */
  priceRounds: number;
}

/** A service whose price rises at every billed call is not asked about for ever. */
const MAX_PRICE_ROUNDS = 2;

/** Why the prompts start again: another date was chosen, or "change" in the cost panel. */
type Retry = 'other-date' | 'change';

/** The step the prompts start again from, or none when the run ends here. */
function nextRound(retry: Retry | undefined, state: CompositePromptState): ChoiceKey | undefined {
  if (retry === 'other-date' && state.fixed.date === undefined) return 'date';
  if (retry === 'change' && hasAskableStep(state)) return 'model';
  return undefined;
}

/** A cancel ends the run as cancelled; a service code that means "not available" says so with its
 * fixes; anything else is thrown. */
function notAvailableOrThrow(error: unknown, ports: WorkflowPorts, result: CompositeResult): CompositeResult {
  if (isCancellation(error, ports.signal)) {
    result.outcome = 'cancelled';
    return result;
  }
  if (isApiError(error) && error.code !== undefined && notAvailableCodes[error.code]) {
    const known = notAvailableCodes[error.code]!;
    result.outcome = 'not-available';
    result.reason = `${known.sentence} (service code ${error.code})`;
    result.fixes = known.fixes;
    return result;
  }
  throw error;
}

/** The chosen profile checked, priced, confirmed and bought; again from the check when a setting
 * changed meanwhile. Resolves with why the prompts start again, if they do. */
async function checkPriceAndBuy(run: CompositeRun, chosen: CompositeProfile): Promise<Retry | undefined> {
  const { ports, aoi, result } = run;
  // 0. An area above the key's maximum is split before it is sent anywhere (no 1004), once:
  // the parts checked and priced here are the parts sent.
  const parts = partsFor(aoi, (await run.account()).maxCompositeAreaKm2, chosen.output.UploadUrl);
  if (parts)
    ports.log?.(
      `The billed area (${aoi.billedAreaKm2.toFixed(1)} km²) is above the key's maximum composite area: checked, priced and downloaded in ${parts.length} parts.`,
    );
  let profile = chosen;
  for (;;) {
    const verdict = await checkAvailability(run, profile, parts);
    if (!verdict.ready) {
      const fix = await offerFix(ports, run.state, verdict.sentence, verdict.fixes, result);
      return fix === 'other-date' ? 'other-date' : undefined;
    }
    const { estimated, decision } = await estimateAndConfirm(run, profile, parts, verdict);
    if (decision.action === 'cancel') return undefined;
    if (decision.action === 'change') return 'change';
    // 3. A setting edited since the check makes the checked payload stale: check again.
    const latest = refreshFromSettings(run.state, run.fromSettings(), aoi, run.aoiMode);
    const changed = diffProfiles(profile, latest);
    if (changed.length > 0) {
      ports.log?.(`Settings changed after the availability check (${changed.join('; ')}); checking again.`);
      profile = latest;
      continue;
    }
    // 4. Process exactly what was estimated.
    const toSend = compositeRequest(profile);
    assertSameAsEstimate(estimated, toSend);
    const area = { aoi, shape: areaShapeOf(aoi, run.source.text), parts, account: await run.account() };
    try {
      await saveComposite(
        ports,
        area,
        profile,
        toSend,
        run.options.outputDirectory,
        result,
        run.options.resendUncertain,
      );
    } catch (error) {
      if (!priceToShowAgain(run, error)) throw error;
      continue;
    }
    return undefined;
  }
}

/** A price that rose between Proceed and the billed call (nothing was sent): when a person
 * confirmed it in the cost panel, the confirmation no longer stands and the panel shows the new
 * price; a run that skipped the panel ends with the refusal. */
function priceToShowAgain(run: CompositeRun, error: unknown): boolean {
  if (run.options.skipConfirmation || !isWorkflowError(error) || error.kind !== 'price-rose') return false;
  if (++run.priceRounds > MAX_PRICE_ROUNDS) return false;
  const confirmed = run.result.estimate?.CreditEstimate;
  if (typeof confirmed === 'number') run.ports.spending.withdraw('credits', confirmed);
  run.ports.log?.(`${error.message} Showing the new price.`);
  run.ports.progress.report({ message: 'The price changed before sending: showing the new price…' });
  return true;
}

/** 1. Availability of exactly this profile (of each part, in parts), judged and said. */
async function checkAvailability(
  run: CompositeRun,
  profile: CompositeProfile,
  parts: Aoi[] | undefined,
): Promise<AvailabilityVerdict> {
  const { ports, result } = run;
  result.request = compositeRequest(profile);
  ports.progress.report({ message: `Checking availability of ${profile.date}…` });
  result.availabilityChecks++;
  const flags = parts
    ? await partsAvailability(ports, parts, profile)
    : await ports.client.checkCompositeAvailability(availabilityRequest(profile), { signal: ports.signal });
  result.availability = flags;
  const share = run.state.search ? partialShare(run.state.search.coverage, profile.date, run.aoi) : undefined;
  const verdict = judgeAvailability(flags, profile.date, {
    allowPartial: profile.output.AllowPartialImage === true,
    share,
    automaticOrder: profile.output.AutomaticOrderCreation === true,
  });
  result.partialNote = verdict.partial ? verdict.sentence : undefined;
  if (verdict.partial) ports.log?.(verdict.sentence);
  return verdict;
}

/** 2. The estimate of the same profile (summed over the parts), with the automatic order's price
 * when the service would create one, shown and confirmed through the cost gate. */
async function estimateAndConfirm(
  run: CompositeRun,
  profile: CompositeProfile,
  parts: Aoi[] | undefined,
  verdict: AvailabilityVerdict,
): Promise<{ estimated: CompositeRequest; decision: EstimateDecision }> {
  const { ports, aoi, result } = run;
  const estimated = compositeRequest(profile);
  result.request = estimated;
  ports.progress.report({ message: 'Estimating the cost…' });
  const split = parts ? await partsEstimate(ports, parts, profile) : undefined;
  const estimate = split?.sum ?? (await ports.client.estimateComposite(estimated, { signal: ports.signal }));
  result.estimate = estimate;
  const budget = ports.settings().confirmCostAbove;
  const model = compositeEstimateModel(aoi, profile, estimated, estimate, budget, split?.credits);
  // AutomaticOrderCreation with no order over the area: the order is priced too, and the
  // gate holds both prices to the balance and the budget before the process call.
  if (verdict.needsOrder) {
    // In parts, the service could create an order per part's request: no one price for that.
    if (parts)
      throw new WorkflowError(
        'invalid-option',
        `AutomaticOrderCreation on an area sent in ${parts.length} parts would let the service create an order for each part, which cannot be priced beforehand. Order the area first (Create Tasking Order…) or turn AutomaticOrderCreation off. Nothing was sent.`,
      );
    model.automaticOrder = await priceAutomaticOrder(ports, aoi, profile);
    result.automaticOrder = model.automaticOrder;
    model.warnings.push(verdict.sentence);
  }
  if (parts)
    model.warnings.unshift(
      `The billed area is above the key's maximum composite area: the price is the sum of ${parts.length} parts, each checked, priced and downloaded on its own.`,
    );
  const skip = run.options.skipConfirmation;
  const decision = await confirmCost(ports, model, skip, await run.account());
  return { estimated, decision };
}

async function offerFix(
  ports: WorkflowPorts,
  state: CompositePromptState,
  sentence: string,
  fixes: AvailabilityFix[],
  result: CompositeResult,
): Promise<AvailabilityFix | undefined> {
  result.outcome = 'not-available';
  result.reason = sentence;
  result.fixes = fixes.includes('other-date') || state.fixed.date !== undefined ? fixes : [...fixes, 'other-date'];
  // With a fixed date nobody is prompting: the caller (or the command) decides what to offer.
  if (state.fixed.date !== undefined) return undefined;
  const offered: AvailabilityFix[] = ['other-date', ...result.fixes.filter((f) => f !== 'other-date')];
  const choice = await ports.notify.warn(sentence, ...offered.map((fix) => fixLabels[fix]));
  result.fixOffered = true;
  const fix = offered.find((f) => fixLabels[f] === choice);
  result.fix = fix;
  return fix;
}

/** The profile as it stands with the settings read now: fields the settings fixed follow them,
 * and so do the output fields when the person was not asked for them. */
function refreshFromSettings(
  state: CompositePromptState,
  settings: CompositeChoices,
  aoi: Aoi,
  aoiMode: AoiMode,
): CompositeProfile {
  for (const { name: key } of CHOICE_FIELDS) {
    const wasFromSettings = state.fixed[key] !== undefined && !state.fromOptions?.has(key);
    if (wasFromSettings && settings[key] !== undefined) {
      (state.chosen as Record<string, unknown>)[key] = settings[key];
      (state.fixed as Record<string, unknown>)[key] = settings[key];
    }
  }
  if (outputFollowsSettings(state)) {
    state.chosen.output = mergedOutput(state, settings);
    if (state.fixed.output !== undefined) state.fixed.output = state.chosen.output;
  }
  return compositeProfile(state, aoi, aoiMode);
}

function hasAskableStep(state: CompositePromptState): boolean {
  return (['model', 'satelliteConstellations', 'date', 'epsgProjection', 'resolution', 'bandnames'] as const).some(
    (k) => state.fixed[k] === undefined,
  );
}
