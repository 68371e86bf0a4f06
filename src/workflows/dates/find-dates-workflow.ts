// "Find available dates": the date search alone. Asks model and constellations when the options
// and settings leave them open, searches the window (default the last 30 days) and returns the
// dates split into whole-area and partial ones, with a table a person reads at a glance.
import { startOnArea } from '../engine/aoi-input';
import { checkConstellations, checkModel } from '../../request/choices';
import { imageryModelSteps, initialModelChoices } from '../engine/choice-steps';
import { describeCoverage, searchDates, windowOf } from './date-search';
import { isCancellation } from '../../request/workflow-error';
import { nowOf } from '../engine/ports';
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import type { AoiMode } from '../../request/request-profile';
import type { DatesResult } from '../engine/results';
import { ASK_THE_PERSON, resolveQuestions } from '../engine/resolve';
import type { Settling } from '../engine/resolve';
import { missingOptions } from '../engine/default-answers';

export interface FindDatesOptions {
  model?: string;
  satelliteConstellations?: string[];
  /** Window (ISO date or date-time); default the last 30 days. */
  from?: string;
  to?: string;
  aoiMode?: AoiMode;
  skipConfirmation?: boolean;
}

export async function findAvailableDates(
  given: WorkflowPorts,
  source: AoiSource,
  options: FindDatesOptions = {},
  settling: Settling = ASK_THE_PERSON,
): Promise<DatesResult> {
  const { ports, aoi } = startOnArea(given, source);
  const now = nowOf(ports);
  const window = windowOf(options, now);
  const result: DatesResult = {
    outcome: 'cancelled',
    model: undefined,
    satelliteConstellations: [],
    from: window.from,
    to: window.to,
    coverage: undefined,
  };
  try {
    ports.progress.report({ message: 'Loading models…' });
    const models = await ports.client.listModels({ signal: ports.signal });
    const aoiMode = options.aoiMode ?? aoi.format;
    // Only the model and constellation steps, as a composite asks them: the date is what this
    // command looks for.
    const resolved = await resolveQuestions(
      ports,
      (asking) => ({
        state: initialModelChoices(options, asking.settings().defaults, models),
        steps: imageryModelSteps(asking),
      }),
      settling,
    );
    if ('dismissed' in resolved) return result;
    if ('open' in resolved) throw missingOptions(resolved.open);
    const { state } = resolved;
    const model = checkModel(state.chosen.model!, models);
    const constellations = checkConstellations(model, state.chosen.satelliteConstellations ?? [], models);
    result.model = model;
    result.satelliteConstellations = constellations;
    result.coverage = await searchDates(ports, aoi, aoiMode, model, constellations, window);
    result.text = describeCoverage(result.coverage, model, window, now);
    result.outcome = 'completed';
    return result;
  } catch (error) {
    if (isCancellation(error, ports.signal)) return result;
    throw error;
  }
}
