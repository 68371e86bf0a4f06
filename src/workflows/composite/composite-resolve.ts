// A composite's Resolve (engine/resolve.ts): settings and options to the frozen profile the
// availability check, the estimate and the billed call are made from, or the questions still
// open; the person is asked only in the wizard's mode, and only what is open.
import type { TaskingModel } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import type { RunAccount } from '../../pricing/account-snapshot';
import { freezeProfile } from '../../request/request-profile';
import type { AoiMode, CompositeProfile } from '../../request/request-profile';
import { windowOf } from '../dates/date-search';
import { nowOf } from '../engine/ports';
import type { WorkflowPorts } from '../engine/ports';
import { resolveQuestions } from '../engine/resolve';
import type { Questions, Settling } from '../engine/resolve';
import { checkChoices, checkFixedBands, checkedPromptState, loadBandLimitIfNeeded } from './composite-checks';
import { compositeSteps } from './composite-prompts';
import type { ChoiceKey, CompositeChoices, CompositePromptState } from './composite-prompts';

/** What a composite's settings resolve from. */
export interface CompositeInput {
  ports: WorkflowPorts;
  aoi: Aoi;
  aoiMode: AoiMode;
  /** The choices the options fix, and the date search's window (default the last 30 days). */
  options: CompositeChoices & { from?: string; to?: string };
  models: TaskingModel[];
  account: RunAccount;
}

/** A round of questions after the first: the state so far, asked again from `first` on (another
 * date, or "change" in the cost panel). */
export interface CompositeRound {
  state: CompositePromptState;
  first: ChoiceKey;
}

export type ResolvedComposite = { profile: CompositeProfile; state: CompositePromptState };

/** The starting state of a composite's questions: what the options and the settings fix, checked
 * (the output fields against the specification document, a fixed band list's syntax). */
export async function compositeState(input: CompositeInput): Promise<CompositePromptState> {
  const settings = input.ports.settings().defaults;
  checkFixedBands(input.options, settings);
  return checkedPromptState(input.ports, input.options, settings, input.models);
}

/** The composite's questions from `first` on, asking through `ports` when asked. */
function compositeQuestions(
  input: CompositeInput,
  ports: WorkflowPorts,
  round: CompositeRound,
): Questions<CompositePromptState> {
  const { aoi, aoiMode, account } = input;
  const window = windowOf(input.options, nowOf(ports));
  return { state: round.state, steps: compositeSteps({ ports, aoi, aoiMode, window, account }, round.first) };
}

/** The frozen profile of answered questions. */
export function compositeProfile(state: CompositePromptState, aoi: Aoi, aoiMode: AoiMode): CompositeProfile {
  return freezeProfile(aoi, { ...checkChoices(state), date: state.chosen.date!.slice(0, 10), aoiMode });
}

/**
 * Settings and options (and, after the first round, the answers so far) to the composite's frozen
 * profile, the questions still open ('open' mode), or undefined when the person dismissed one.
 */
export async function resolveComposite(
  input: CompositeInput,
  settling: Settling,
  round?: CompositeRound,
): Promise<ResolvedComposite | { open: string[] } | undefined> {
  const current = round ?? { state: await compositeState(input), first: 'model' };
  const resolved = await resolveQuestions(input.ports, (ports) => compositeQuestions(input, ports, current), settling);
  if ('open' in resolved) return resolved;
  if (!('state' in resolved)) return undefined;
  await loadBandLimitIfNeeded(input.account, resolved.state);
  return { profile: compositeProfile(resolved.state, input.aoi, input.aoiMode), state: resolved.state };
}
