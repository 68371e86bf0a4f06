// The values a person chooses from, and the checks that keep a wrong one from being sent: the
// model must be an API value of the models list (a display label such as `Stratus-2` is refused
// locally, naming the API value), constellations must be ones the model supports.
import type { TaskingModel } from '../api/types';
import { WorkflowError } from './workflow-error';

/** Output resolutions in metres (live-service notes). */
const RESOLUTIONS = [10, 20, 40, 80, 160, 320, 640, 1280];

export const DEFAULT_RESOLUTION = 10;
export const DEFAULT_BANDNAMES = 'rgb';
export const DEFAULT_EPSG = 4326;

function modelNames(models: TaskingModel[]): string[] {
  return models.map((m) => m.Model).filter((name): name is string => typeof name === 'string' && name.length > 0);
}

const squash = (text: string): string => text.replace(/[^a-z0-9]/gi, '').toLowerCase();

/** Returns the model's API value, or throws naming the value to use instead. */
export function checkModel(name: string, models: TaskingModel[]): string {
  const names = modelNames(models);
  if (names.includes(name)) return name;
  const apiValue = names.find((candidate) => squash(candidate) === squash(name));
  if (apiValue) {
    throw new WorkflowError(
      'invalid-option',
      `'${name}' is a display label, not a model value the service accepts: use '${apiValue}'.`,
    );
  }
  throw new WorkflowError(
    'invalid-option',
    `'${name}' is not a model of this account. Models: ${names.join(', ') || '(none)'}.`,
  );
}

export function supportedConstellations(model: string, models: TaskingModel[]): { all: string[]; required: string[] } {
  const entry = models.find((m) => m.Model === model);
  const supports = entry?.SupportedSatelliteConstellations ?? [];
  const all = supports.map((s) => s.SatelliteConstellation).filter((c): c is string => typeof c === 'string');
  const required = supports
    .filter((s) => s.Optional !== true)
    .map((s) => s.SatelliteConstellation)
    .filter((c): c is string => typeof c === 'string');
  return { all, required };
}

/** Constellations to pre-select: the settings' ones the model supports, else the model's required ones. */
export function defaultConstellations(
  model: string,
  models: TaskingModel[],
  fromSettings: string[] | undefined,
): string[] {
  const { all, required } = supportedConstellations(model, models);
  const wanted = (fromSettings ?? []).filter((c) => all.length === 0 || all.includes(c));
  if (wanted.length > 0) return wanted;
  return required.length > 0 ? required : all.slice(0, 1);
}

export function checkConstellations(model: string, chosen: string[], models: TaskingModel[]): string[] {
  if (chosen.length === 0) throw new WorkflowError('invalid-option', 'Choose at least one satellite constellation.');
  const { all } = supportedConstellations(model, models);
  const unknown = all.length === 0 ? [] : chosen.filter((c) => !all.includes(c));
  if (unknown.length > 0) {
    throw new WorkflowError(
      'invalid-option',
      `Model '${model}' does not support ${unknown.join(', ')}. It supports: ${all.join(', ')}.`,
    );
  }
  return chosen;
}

/** The resolutions a picker offers: the specification document's enum when it has one. */
export function resolutionChoices(allowed: readonly unknown[] | undefined): number[] {
  const listed = (allowed ?? []).filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0);
  return listed.length > 0 ? listed : RESOLUTIONS;
}

export function checkResolution(value: number, allowed?: readonly unknown[]): number {
  if (!Number.isInteger(value) || value <= 0)
    throw new WorkflowError('invalid-option', `Resolution ${value} is not a whole number of metres.`);
  if (allowed && allowed.length > 0 && !allowed.includes(value)) {
    throw new WorkflowError(
      'invalid-option',
      `Resolution ${value} m is not one the service lists: ${allowed.join(', ')}.`,
    );
  }
  return value;
}
