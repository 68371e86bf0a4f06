// The one schema of an imagery file (`imagery.json`, `*.imagery.json`): the datasets (each the
// options of Download Time Series, with its name, its area files and its folder), the tasking
// orders (the options of Create Tasking Order, with a name and an area) and an optional budget.
// Objects are strict, so a misspelt name is a problem at its place in the file; the JSON Schema
// that VS Code checks the file with is generated from this one (json-schema.ts), never by hand.
// The option names are the series' and the order's own declarations (option-names.ts): an option
// the commands drop or rename is refused here until the file's shape follows.
import * as z from 'zod/mini';
import { ORDER_COUNT_FIELDS } from '../../api/request-fields';
import type { OrderCountName, OutputFieldsOf } from '../../api/request-fields';
import { downloadSeriesOptionNames, orderOptionNames } from '../option-names';
import { fieldStatsSchema } from './field-stats-schema';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** True for a day the calendar has: 2026-02-31 is written like a date and is none. */
function onTheCalendar(text: string): boolean {
  const [year, month, date] = text.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, date));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
}
const day = () =>
  z.string().check(
    z.regex(DAY, 'a date as YYYY-MM-DD'),
    z.refine((text) => !DAY.test(text) || onTheCalendar(text), 'a day the calendar has (YYYY-MM-DD)'),
  );

/** The most dates one dataset may name, or find and keep (`maxDates`): about three years of
 * daily imagery, where a season is some tens to a few hundred. Each date is one estimate and one
 * billed call, so a file of 100,000 dates (a generator's loop gone wrong) would send as many. */
export const MAX_DATES_PER_DATASET = 1000;
/** The most units (a date of a dataset over one area file) one imagery file may declare: five
 * datasets at the cap, or a farm's hundred fields over fifty dates. A plan holds every unit's
 * estimate in memory and prices each with a request. */
export const MAX_UNITS_PER_FILE = 5000;
/** Why the caps are there, said with each refusal. */
export const CAP_REASON = 'each date is an estimate and a billed call; split a larger need into several imagery files';
const name = () =>
  z
    .string()
    .check(
      z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a name of letters, digits, dot, dash or underscore (at most 64)'),
    );
const positiveInt = () => z.int().check(z.minimum(1));
/** A model, a constellation, bands, an output value: a few words at most. Bounded, since a value
 * the service or the checks refuse is said back in the message (a million characters of it was). */
const nonEmpty = () => z.string().check(z.minLength(1), z.maxLength(256, 'at most 256 characters'));
/** A cadence number in the range of its row in the field table. */
const orderCount = (name: OrderCountName) => {
  const row = ORDER_COUNT_FIELDS.find((r) => r.name === name)!;
  return z.int().check(z.minimum(row.min), z.maximum(row.max));
};

const every = () => z.union([positiveInt(), z.literal('week'), z.literal('month')]);

/** The composite output fields a dataset may set (a time series never takes UploadUrl). */
const outputShape = {
  DataType: z.optional(nonEmpty()),
  PixelSelectionMode: z.optional(nonEmpty()),
  UtmDataSelectionMode: z.optional(nonEmpty()),
  FileType: z.optional(nonEmpty()),
  AllowPartialImage: z.optional(z.boolean()),
  UtmGridForcePixelResolutionSize: z.optional(z.boolean()),
  AutomaticOrderCreation: z.optional(z.boolean()),
} satisfies Record<keyof OutputFieldsOf<'series'>, unknown>; // exactly the table's series fields (the build fails otherwise)

/** The series options a file declares; the run's own (folder, confirmation, resend, workers) are not. */
const seriesShape = {
  model: nonEmpty(),
  satelliteConstellations: z.optional(z.array(nonEmpty()).check(z.minLength(1))),
  epsgProjection: z.optional(positiveInt()),
  resolution: z.optional(positiveInt()),
  bandnames: z.optional(nonEmpty()),
  dates: z.optional(
    z
      .array(day())
      .check(
        z.minLength(1),
        z.maxLength(MAX_DATES_PER_DATASET, `at most ${MAX_DATES_PER_DATASET} dates per dataset (${CAP_REASON})`),
      ),
  ),
  from: z.optional(day()),
  to: z.optional(day()),
  every: z.optional(every()),
  nth: z.optional(positiveInt()),
  maxDates: z.optional(
    positiveInt().check(
      z.maximum(MAX_DATES_PER_DATASET, `at most ${MAX_DATES_PER_DATASET} dates per dataset (${CAP_REASON})`),
    ),
  ),
  aoiMode: z.optional(z.enum(['wkt', 'geojson'])),
  output: z.optional(z.strictObject(outputShape)),
} satisfies Partial<Record<keyof typeof downloadSeriesOptionNames, unknown>>;

const orderShape = {
  model: nonEmpty(),
  satelliteConstellations: z.optional(z.array(nonEmpty()).check(z.minLength(1))),
  from: day(),
  /** A last day, or null for a recurring order. */
  to: z.nullable(day()),
  storageMonths: z.optional(orderCount('storageMonths')),
  apiRequests: z.optional(orderCount('apiRequests')),
  imageFrequency: z.optional(orderCount('imageFrequency')),
  referenceDate: z.optional(day()),
  tileDeduplication: z.optional(z.boolean()),
  geometryTileOrdering: z.optional(z.boolean()),
} satisfies Partial<Record<keyof typeof orderOptionNames, unknown>>;

/** A season declared once: each plan searches its dates, thinned to at most one per `every`. */
const windowSchema = z.strictObject({
  from: day(),
  /** A last day, or "today": the run's day, so each plan sees the dates found since. */
  to: z.union([day(), z.literal('today')]),
  /** At most one date per ISO week or calendar month, or dates at least N days apart (the first found). */
  every: z.optional(every()),
});

const area = () => z.string().check(z.minLength(1), z.maxLength(1024));

const datasetSchema = z.strictObject({
  name: name(),
  /** An AOI file, or a glob of them (`*` and `?` in the file name), relative to the imagery file. */
  area: area(),
  /** The dataset's output folder, relative to the imagery file (default: its name). */
  folder: z.optional(area()),
  /** In place of `dates`: the dates the service finds in a window, searched afresh by each plan. */
  window: z.optional(windowSchema),
  /** The field table apply keeps beside the images (field-stats-schema.ts). */
  fieldStats: z.optional(fieldStatsSchema),
  ...seriesShape,
});

const orderSchema = z.strictObject({ name: name(), area: area(), ...orderShape });

const budgetSchema = z.strictObject({
  /** The most credits one apply may spend on images. */
  maxCredits: z.optional(z.number().check(z.nonnegative())),
  /** The most credits the file's images may cost in a calendar month (UTC): what the ledgers
   * under the file record as charged that month, plus the plan. Units beyond it are deferred. */
  maxCreditsPerMonth: z.optional(z.number().check(z.positive('a positive number of credits'))),
  /** The most euros the file's orders may cost in a calendar month (UTC): what the orders the lock
   * holds cost that month, plus the new ones. New orders beyond it are deferred. */
  maxEuroPerMonth: z.optional(z.number().check(z.positive('a positive number of euros'))),
});

export const imageryFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  datasets: z.optional(z.array(datasetSchema)),
  orders: z.optional(z.array(orderSchema)),
  budget: z.optional(budgetSchema),
});

export type DeclaredDataset = z.infer<typeof datasetSchema>;
export type DeclaredOrder = z.infer<typeof orderSchema>;
export type DeclaredBudget = z.infer<typeof budgetSchema>;
export type ImageryFile = z.infer<typeof imageryFileSchema>;
