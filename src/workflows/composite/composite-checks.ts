// The checks a composite's settings pass before anything is sent with them, shared by a single
// composite and a time series (one profile over many dates): the output fields against the
// specification document before any prompt, and once the prompts are answered the model, the
// constellations, the EPSG code (the document's enum), the resolution, the bands (syntax, the
// model's band names, the key's MaxTotalBands: no 1005 round trip) and the output fields again.
import type { TaskingModel } from '../../api/types';
import { checkConstellations, checkModel, checkResolution } from '../../request/choices';
import { checkBandExpression, modelBandsOf, parseBandExpression } from '../../request/band-expression';
import { checkEpsg } from '../../request/projection';
import { checkOutput, checkOutputNames, fieldRules } from '../../request/output-fields';
import type { RunAccount } from '../../pricing/account-snapshot';
import type { WorkflowPorts } from '../engine/ports';
import type { ProfileFields } from '../../request/request-profile';
import { bandLimitMatters, initialPromptState, loadBandLimit } from './composite-prompts';
import type { CompositeChoices, CompositePromptState } from './composite-prompts';

/** Everything of a profile but the date and how the area is sent, checked. */
export type CheckedChoices = Omit<ProfileFields, 'date' | 'aoiMode'>;

/** A misspelt output field name, or a fixed band list with a syntax error, is refused before any request. */
export function checkFixedBands(options: CompositeChoices, settings: CompositeChoices): void {
  checkOutputNames('composite', options.output);
  const fixed = options.bandnames ?? settings.bandnames;
  if (fixed !== undefined) parseBandExpression(fixed);
}

/** The prompts' starting state with the document's rules, its output fields (settings merged
 * with the options) refused here when a value is not one the service takes. */
export async function checkedPromptState(
  ports: WorkflowPorts,
  options: CompositeChoices,
  settings: CompositeChoices,
  models: TaskingModel[],
): Promise<CompositePromptState> {
  const state = initialPromptState(options, settings, models);
  state.rules = await fieldRules(ports, 'composite');
  checkOutput(state.chosen.output ?? {}, state.rules);
  return state;
}

/** The key's band limit, asked only when more than three bands are chosen. */
export async function loadBandLimitIfNeeded(account: RunAccount, state: CompositePromptState): Promise<void> {
  if (bandLimitMatters(state.chosen.bandnames, modelBandsOf(state.models.find((m) => m.Model === state.chosen.model))))
    await loadBandLimit(account, state);
}

/** The answered choices, each checked; throws the first problem as an invalid option. */
export function checkChoices(state: CompositePromptState): CheckedChoices {
  const { chosen, models } = state;
  const model = checkModel(chosen.model!, models);
  const modelBands = modelBandsOf(models.find((m) => m.Model === model));
  return {
    model,
    satelliteConstellations: checkConstellations(model, chosen.satelliteConstellations ?? [], models),
    epsgProjection: checkEpsg(chosen.epsgProjection!, state.rules?.enums.EpsgProjection),
    resolution: checkResolution(chosen.resolution!, state.rules?.enums.Resolution),
    bandnames: (checkBandExpression(chosen.bandnames!, state.maxTotalBands, modelBands), chosen.bandnames!),
    output: checkOutput(chosen.output ?? {}, state.rules ?? { enums: {} }),
  };
}
