// The option names each workflow command accepts from `executeCommand(id, uri, options)` (and a
// keybinding's `args`), declared once per command. Each declaration must name every field of its
// options type and nothing else (`satisfies Record<keyof ..., true>`), so a new option is one line
// here or the build fails; the command refuses any other name with the list of these.
import type { DownloadCompositeOptions } from './composite/download-composite-workflow';
import type { FindDatesOptions } from './dates/find-dates-workflow';
import type { OrderOptions } from './orders/order-resolve';
import type { SearchTilesOptions } from './tiles/search-tiles-workflow';
import type { ProcessTilesOptions } from './tiles/process-tiles-workflow';
import type { DownloadSeriesOptions } from './series/series-types';
import { WorkflowError } from '../request/workflow-error';

type Names<T> = Record<keyof Required<T>, true>;

const choices = {
  model: true,
  satelliteConstellations: true,
  date: true,
  epsgProjection: true,
  resolution: true,
  bandnames: true,
} as const;

export const downloadCompositeOptionNames = {
  ...choices,
  from: true,
  to: true,
  aoiMode: true,
  output: true,
  outputDirectory: true,
  skipConfirmation: true,
  resendUncertain: true,
} satisfies Names<DownloadCompositeOptions>;

export const findDatesOptionNames = {
  model: true,
  satelliteConstellations: true,
  from: true,
  to: true,
  aoiMode: true,
  skipConfirmation: true,
} satisfies Names<FindDatesOptions>;

export const orderOptionNames = {
  model: true,
  satelliteConstellations: true,
  from: true,
  to: true,
  storageMonths: true,
  apiRequests: true,
  imageFrequency: true,
  referenceDate: true,
  tileDeduplication: true,
  tileGuids: true,
  miniTileGuids: true,
  geometryTileOrdering: true,
  skipConfirmation: true,
  compareCovers: true,
} satisfies Names<OrderOptions>;

export const searchTilesOptionNames = {
  tileGuids: true,
  only: true,
  tileGuidForMiniTiles: true,
  skipConfirmation: true,
} satisfies Names<SearchTilesOptions>;

export const processTilesOptionNames = {
  ...choices,
  tileGuids: true,
  from: true,
  to: true,
  outputDirectory: true,
  concurrency: true,
  skipConfirmation: true,
  resendUncertain: true,
  output: true,
} satisfies Names<ProcessTilesOptions>;

/** The composite's options but its one `date`, and the dates of the series. */
export const downloadSeriesOptionNames = {
  model: true,
  satelliteConstellations: true,
  epsgProjection: true,
  resolution: true,
  bandnames: true,
  dates: true,
  from: true,
  to: true,
  every: true,
  nth: true,
  maxDates: true,
  aoiMode: true,
  output: true,
  outputDirectory: true,
  skipConfirmation: true,
  resendUncertain: true,
  concurrency: true,
} satisfies Names<DownloadSeriesOptions>;

/** Names a keybinding's `args` may carry besides the options (workflowArguments takes `uri` out). */
const ALWAYS = ['uri'];

/** Refuses options with a name the command does not know (a typo like `Model` would otherwise be
 * ignored and the person prompted), listing the names it accepts. */
export function checkOptionNames(command: string, options: unknown, accepted: Record<string, true>): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return;
  const unknown = Object.keys(options).filter((name) => !Object.hasOwn(accepted, name) && !ALWAYS.includes(name));
  if (unknown.length === 0) return;
  const quoted = (names: string[]) => names.map((n) => `'${n}'`).join(', ');
  throw new WorkflowError(
    'invalid-option',
    `${command}: unknown option${unknown.length > 1 ? 's' : ''} ${quoted(unknown)}. Accepted: ${quoted(Object.keys(accepted).sort())}. Nothing was sent.`,
  );
}
