// The first two steps of every workflow that asks for imagery or an order: the model, then its
// satellite constellations (defaults from the models list and the settings). One definition, so
// the composite, the date search, the series, the tiles and the order ask them alike.
import type { TaskingModel } from '../../api/types';
import { checkModel, defaultConstellations, supportedConstellations } from '../../request/choices';
import type { WorkflowPorts } from './ports';
import type { PickItem } from '../../request/pick-item';
import { storeAnswer } from './wizard';
import type { WizardStep } from './wizard';

/** Offered when a models list names no constellations for a model. */
const KNOWN_CONSTELLATIONS: readonly string[] = ['Sentinel2', 'Sentinel1', 'Landsat89'];

interface ModelChoices {
  model?: string;
  satelliteConstellations?: string[];
}

/** The part of a wizard's state the two steps read and write. */
export interface ModelChoiceState {
  models: TaskingModel[];
  /** Values fixed by the options or the settings: never asked. */
  fixed: ModelChoices;
  /** Values chosen so far (fixed ones included). */
  chosen: ModelChoices;
}

function modelItems(models: TaskingModel[]): PickItem<string>[] {
  return models
    .filter((m): m is TaskingModel & { Model: string } => typeof m.Model === 'string')
    .map((m) => ({
      label: m.Model,
      description: (m.SupportedSatelliteConstellations ?? [])
        .map((c) => `${c.SatelliteConstellation}${c.Optional ? ' (optional)' : ''}`)
        .join(', '),
      value: m.Model,
    }));
}

/** The starting state of the two steps alone: what the options, else the settings, fix is chosen
 * already (a fixed model checked at once, before anything is sent with it). */
export function initialModelChoices(
  options: ModelChoices,
  settings: ModelChoices,
  models: TaskingModel[],
): ModelChoiceState {
  const fixed: ModelChoices = {
    model: options.model ?? settings.model,
    satelliteConstellations: options.satelliteConstellations ?? settings.satelliteConstellations,
  };
  if (fixed.model) checkModel(fixed.model, models);
  const chosen = Object.fromEntries(Object.entries(fixed).filter(([, value]) => value !== undefined)) as ModelChoices;
  return { models, fixed, chosen };
}

/** The model, from the models list; the first model unless one was chosen before. */
export function modelStep<S extends ModelChoiceState>(
  ports: WorkflowPorts,
  title: string,
  placeholder?: string,
): WizardStep<S> {
  return {
    id: 'model',
    fixed: (s) => s.fixed.model !== undefined,
    ask: async (s, position) =>
      storeAnswer(
        s.chosen,
        'model',
        await ports.ask.pick({
          id: 'model',
          title,
          ...(placeholder !== undefined ? { placeholder } : {}),
          items: modelItems(s.models),
          defaultValue: s.chosen.model ?? s.models[0]?.Model,
          ...position,
        }),
      ),
  };
}

/** The chosen model's constellations, with the model's and the settings' defaults pre-selected;
 * `whenNoneListed` is offered when the models list names none for it. */
export function constellationsStep<S extends ModelChoiceState>(
  ports: WorkflowPorts,
  whenNoneListed: readonly string[] = [],
): WizardStep<S> {
  return {
    id: 'satelliteConstellations',
    fixed: (s) => s.fixed.satelliteConstellations !== undefined,
    ask: async (s, position) => {
      const model = s.chosen.model!;
      const { all } = supportedConstellations(model, s.models);
      const items = (all.length > 0 ? all : whenNoneListed).map((c) => ({ label: c, value: c }));
      const defaults =
        s.chosen.satelliteConstellations ??
        defaultConstellations(model, s.models, ports.settings().defaults.satelliteConstellations);
      const answer = await ports.ask.pickMany({
        id: 'satelliteConstellations',
        title: `Satellite constellations for ${model}`,
        items,
        defaultValues: defaults,
        ...position,
      });
      return storeAnswer(s.chosen, 'satelliteConstellations', answer);
    },
  };
}

/** The two steps as a request for imagery asks them (a composite, a series, tiles, the date
 * search): any known constellation is offered when the models list names none. */
export function imageryModelSteps<S extends ModelChoiceState>(ports: WorkflowPorts): WizardStep<S>[] {
  return [modelStep(ports, 'Model', 'The processing model'), constellationsStep(ports, KNOWN_CONSTELLATIONS)];
}
