// Process Tiles' Resolve (engine/resolve.ts): settings and options to the settings every unit of
// the batch is sent with and the units, or the questions still open; the person is asked only in
// the wizard's mode, and only what is open. The questions are a composite's, then the tiles.
import type { TaskingModel, TileRecord } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import type { RunAccount } from '../../pricing/account-snapshot';
import { checkBandExpression, modelBandsOf } from '../../request/band-expression';
import { checkConstellations, checkModel, checkResolution } from '../../request/choices';
import { checkOutput, fieldRules } from '../../request/output-fields';
import type { FieldRules } from '../../request/output-fields';
import { checkEpsg } from '../../request/projection';
import { dateTimeOf } from '../../request/request-profile';
import { WorkflowError } from '../../request/workflow-error';
import { bandLimitMatters, compositeSteps, initialPromptState, loadBandLimit } from '../composite/composite-prompts';
import type { CompositeChoices, CompositePromptState } from '../composite/composite-prompts';
import { windowOf } from '../dates/date-search';
import { nowOf } from '../engine/ports';
import type { WorkflowPorts } from '../engine/ports';
import { resolveQuestions } from '../engine/resolve';
import type { Questions, Settling } from '../engine/resolve';
import type { WizardStep } from '../engine/wizard';
import { findTiles, pickTiles } from './search-tiles-workflow';
import type { UnitSettings } from './tile-batch-price';

export interface BatchState extends CompositePromptState {
  candidates: TileRecord[];
  tiles?: string[];
  rules: FieldRules;
}

/** What a batch's settings resolve from: its kind, its area (none when the options name the
 * tiles), the options, the models list and the run's account. */
export interface TilesInput {
  ports: WorkflowPorts;
  kind: 'tile' | 'minitile';
  aoi: Aoi | undefined;
  options: CompositeChoices & { tileGuids?: string[]; from?: string; to?: string };
  models: TaskingModel[];
  account: RunAccount;
}

export type SharedSettings = UnitSettings & ReturnType<typeof checkOutput>;

/** The frozen batch: the settings every unit is sent with (each unit adds its GUID), the units. */
export interface ResolvedTiles {
  model: string;
  shared: SharedSettings;
  tiles: string[];
  state: BatchState;
}

/** The starting state: what the options and settings fix, the output fields checked against the
 * specification document's rules. */
export async function tilesState(input: TilesInput): Promise<BatchState> {
  const { ports, kind, options, models } = input;
  const initial = initialPromptState(options, ports.settings().defaults, models, kind);
  const rules = await fieldRules(ports, kind);
  const state: BatchState = { ...initial, candidates: [], tiles: options.tileGuids, rules };
  checkOutput(state.chosen.output ?? {}, state.rules);
  return state;
}

/** A composite's questions, then the tiles over the area (searched when first asked). */
export function tilesQuestions(input: TilesInput, ports: WorkflowPorts, state: BatchState): Questions<BatchState> {
  const { kind, aoi, options, account } = input;
  const window = windowOf(options, nowOf(ports));
  const steps: WizardStep<BatchState>[] = compositeSteps({ ports, aoi, aoiMode: 'wkt', window, account });
  steps.push({
    id: 'tiles',
    fixed: () => options.tileGuids !== undefined,
    ask: async (s, position) => {
      if (s.candidates.length === 0)
        s.candidates = await findTiles(ports, aoi!, kind === 'tile' ? 'tiles' : 'minitiles');
      const answer = await pickTiles(ports, s.candidates, position);
      if (Array.isArray(answer)) s.tiles = answer;
      return Array.isArray(answer) ? true : answer;
    },
  });
  return { state, steps };
}

/**
 * Settings and options (and the answers so far, `state`) to the batch's frozen settings and
 * units, the questions still open ('open' mode), or undefined when the person dismissed one.
 */
export async function resolveTiles(
  input: TilesInput,
  settling: Settling,
  state?: BatchState,
): Promise<ResolvedTiles | { open: string[] } | undefined> {
  const current = state ?? (await tilesState(input));
  const resolved = await resolveQuestions(input.ports, (ports) => tilesQuestions(input, ports, current), settling);
  if ('open' in resolved) return resolved;
  if (!('state' in resolved)) return undefined;
  const { model, shared } = await sharedSettings(input, resolved.state);
  return { model, shared, tiles: resolved.state.tiles ?? [], state: resolved.state };
}

/** The settings every unit is sent with, checked against the model, the key's band limit and
 * the field rules. */
async function sharedSettings(
  { models, account }: TilesInput,
  state: BatchState,
): Promise<{ model: string; shared: SharedSettings }> {
  const model = checkModel(state.chosen.model!, models);
  const modelBands = modelBandsOf(models.find((m) => m.Model === model));
  if (bandLimitMatters(state.chosen.bandnames, modelBands)) await loadBandLimit(account, state);
  if (state.chosen.bandnames !== undefined)
    checkBandExpression(state.chosen.bandnames, state.maxTotalBands, modelBands);
  if (state.chosen.epsgProjection !== undefined)
    checkEpsg(state.chosen.epsgProjection, state.rules.enums.EpsgProjection);
  const output = checkOutput(state.chosen.output ?? {}, state.rules);
  if (output.UploadUrl && (state.tiles ?? []).length > 1)
    throw new WorkflowError(
      'invalid-option',
      'Several tiles cannot share one UploadUrl: each would overwrite the one before.',
    );
  const shared = {
    ...output,
    Date: dateTimeOf(state.chosen.date!),
    Model: model,
    SatelliteConstellations: checkConstellations(model, state.chosen.satelliteConstellations ?? [], models),
    Bandnames: state.chosen.bandnames,
    Resolution: state.chosen.resolution === undefined ? undefined : checkResolution(state.chosen.resolution),
    EpsgProjection: state.chosen.epsgProjection,
  };
  return { model, shared };
}
