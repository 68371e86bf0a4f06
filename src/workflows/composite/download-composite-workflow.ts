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
import type { AvailabilityFix } from './availability';
import { readAoiOrThrow } from '../engine/aoi-input';
import { checkChoices, checkFixedBands, checkedPromptState, loadBandLimitIfNeeded } from './composite-checks';
import { partialShare } from './partial-share';
import { priceAutomaticOrder } from './automatic-order';
import { partsAvailability, partsEstimate, partsFor } from './area-parts';
import { saveComposite } from './save-composite-file';
import { areaShapeOf } from './area-shape';
import { compositeSteps, mergedOutput, outputFollowsSettings } from './composite-prompts';
import type { ChoiceKey, CompositeChoices, CompositePromptState } from './composite-prompts';
import { accountOnce } from '../engine/account-snapshot';
import { confirmCost } from '../engine/cost-gate';
import { windowOf } from '../dates/date-search';
import { WorkflowError, isCancellation } from '../engine/errors';
import { compositeEstimateModel } from '../engine/estimate-view-builders';
import { nowOf } from '../engine/ports';
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import {
  availabilityRequest,
  compositeRequest,
  diffProfiles,
  diffRequests,
  freezeProfile,
} from '../engine/request-profile';
import type { AoiMode, CompositeProfile } from '../engine/request-profile';
import type { CompositeResult } from '../engine/results';
import { runWizard } from '../engine/wizard';
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

export async function downloadComposite(
  ports: WorkflowPorts,
  source: AoiSource,
  options: DownloadCompositeOptions = {},
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
  const now = nowOf(ports);
  const fromSettings = (): CompositeChoices => ports.settings().defaults;
  // Read once, when first needed (the band limit, the part size), and carried to the billed call.
  const account = accountOnce(ports);
  try {
    checkFixedBands(options, fromSettings());
    ports.progress.report({ message: 'Loading models…' });
    const models = await ports.client.listModels({ signal: ports.signal });
    const state = await checkedPromptState(ports, options, fromSettings(), models);
    const context = { ports, aoi, aoiMode, window: windowOf(options, now), account };

    let firstStep: ChoiceKey = 'model';
    for (;;) {
      // A new round of prompts starts clean: an earlier "not available" no longer stands.
      Object.assign(result, {
        outcome: 'cancelled',
        reason: undefined,
        fixes: undefined,
        fix: undefined,
        fixOffered: undefined,
      });
      if (!(await runWizard(compositeSteps(context, firstStep), state))) return result;
      await loadBandLimitIfNeeded(account, state);
      let profile = buildProfile(state, aoi, aoiMode);
      // 0. An area above the key's maximum is split before it is sent anywhere (no 1004), once:
      // the parts checked and priced here are the parts sent.
      const parts = partsFor(aoi, (await account()).maxCompositeAreaKm2, profile.output.UploadUrl);
      if (parts)
        ports.log?.(
          `The billed area (${aoi.billedAreaKm2.toFixed(1)} km²) is above the key's maximum composite area: checked, priced and downloaded in ${parts.length} parts.`,
        );
      let retry: 'other-date' | 'change' | undefined;
      for (;;) {
        result.request = compositeRequest(profile);
        // 1. Availability of exactly this profile.
        ports.progress.report({ message: `Checking availability of ${profile.date}…` });
        result.availabilityChecks++;
        const flags = parts
          ? await partsAvailability(ports, parts, profile)
          : await ports.client.checkCompositeAvailability(availabilityRequest(profile), { signal: ports.signal });
        result.availability = flags;
        const share = state.search ? partialShare(state.search.coverage, profile.date, aoi) : undefined;
        const verdict = judgeAvailability(flags, profile.date, {
          allowPartial: profile.output.AllowPartialImage === true,
          share,
          automaticOrder: profile.output.AutomaticOrderCreation === true,
        });
        result.partialNote = verdict.partial ? verdict.sentence : undefined;
        if (verdict.partial) ports.log?.(verdict.sentence);
        if (!verdict.ready) {
          const fix = await offerFix(ports, state, verdict.sentence, verdict.fixes, result);
          if (fix === 'other-date') retry = 'other-date';
          break;
        }
        // 2. Estimate of the same profile.
        const estimated = compositeRequest(profile);
        result.request = estimated;
        ports.progress.report({ message: 'Estimating the cost…' });
        const estimate = parts
          ? await partsEstimate(ports, parts, profile)
          : await ports.client.estimateComposite(estimated, { signal: ports.signal });
        result.estimate = estimate;
        const budget = ports.settings().confirmCostAbove;
        const model = compositeEstimateModel(aoi, profile, estimated, estimate, budget);
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
        const decision = await confirmCost(ports, model, model.credits, options.skipConfirmation, await account());
        if (decision.action === 'cancel') return result;
        if (decision.action === 'change') {
          retry = 'change';
          break;
        }
        // 3. A setting edited since the check makes the checked payload stale: check again.
        const latest = refreshFromSettings(state, fromSettings(), aoi, aoiMode);
        const changed = diffProfiles(profile, latest);
        if (changed.length > 0) {
          ports.log?.(`Settings changed after the availability check (${changed.join('; ')}); checking again.`);
          profile = latest;
          continue;
        }
        // 4. Process exactly what was estimated.
        const toSend = compositeRequest(profile);
        assertSameAsEstimate(estimated, toSend);
        await saveComposite(
          ports,
          { aoi, shape: areaShapeOf(aoi, source.text), parts, account: await account() },
          profile,
          toSend,
          options.outputDirectory,
          result,
          options.resendUncertain,
        );
        return result;
      }
      if (retry === 'other-date' && state.fixed.date === undefined) {
        firstStep = 'date';
        continue;
      }
      if (retry === 'change' && hasAskableStep(state)) {
        firstStep = 'model';
        continue;
      }
      return result;
    }
  } catch (error) {
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

function buildProfile(state: CompositePromptState, aoi: Aoi, aoiMode: AoiMode): CompositeProfile {
  return freezeProfile(aoi, { ...checkChoices(state), date: state.chosen.date!.slice(0, 10), aoiMode });
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
  return buildProfile(state, aoi, aoiMode);
}

function hasAskableStep(state: CompositePromptState): boolean {
  return (['model', 'satelliteConstellations', 'date', 'epsgProjection', 'resolution', 'bandnames'] as const).some(
    (k) => state.fixed[k] === undefined,
  );
}
