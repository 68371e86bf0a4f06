// The request fields a person can set, one row each, as the endpoint table declares each endpoint
// once. First the composite's choices (model … bands: a setting fixes them, else a prompt asks),
// then the optional output fields of a process request: wire name, value type and wire check (zod,
// built on first use like the other request schemas), setting (`satImagery.` + key), command-line
// flag, and the request kinds that take it. The settings readers, the output flags and their help,
// the option-name checks (OUTPUT_FIELD_NAMES), the request schemas and the wire types come from it;
// package.json (static JSON), docs/settings.md, docs/workflows.md and the choices' flags are checked against it by
// test/unit/api/request-fields.test.ts. Keys and flags are plain strings so that both hosts read it.
import type * as ZodMini from 'zod/mini';
import { isHttpsOrLoopback } from './loopback';

type Zod = typeof ZodMini;

/** Who sends a field: a composite, a tile or mini-tile batch, each date of a time series. */
export type FieldKind = 'composite' | 'tile' | 'minitile' | 'series';

/** How a value is written: text (an enum the specification document may list), a flag that is
 * on or absent, the tile processing level 1 or 2. */
type FieldValue = 'text' | 'flag' | 'level';

export interface OutputFieldRow {
  /** The request's field name (PascalCase), also the name inside a command's `output` option. */
  readonly wire: string;
  readonly value: FieldValue;
  readonly kinds: readonly FieldKind[];
  /** Sent with the availability check and the estimate too (not only with the billed call). */
  readonly checked: boolean;
  /** Setting key under `satImagery.`; none: set per run only. */
  readonly setting?: string;
  /** Only the user's own setting counts (where images go), never a workspace's. */
  readonly userOnly?: boolean;
  /** Command-line flag without its dashes. */
  readonly flag: string;
  /** The flag's value placeholder in --help (text and level values). */
  readonly placeholder?: string;
  readonly help: string;
  /** Values the live-service notes name, offered when the specification document lists none. */
  readonly known?: readonly (string | number)[];
  /** The title of its step in "Advanced output…" (the rows' order is the steps' order). */
  readonly prompt: string;
  /** A flag's "Yes" answer, said in the step. */
  readonly yes?: string;
}

const everyKind = ['composite', 'tile', 'minitile', 'series'] as const;

/** A choice's value: text, a list of names, a number. */
export type ChoiceValue = 'text' | 'list' | 'number';

/** The choices of a composite (and of the tiles and the series made with its code) a person can
 * fix in the settings or on the command line; the order also takes the model and constellations. */
export const CHOICE_FIELDS = [
  {
    name: 'model',
    wire: 'Model',
    value: 'text',
    setting: 'defaults.model',
    flag: 'model',
    kinds: [...everyKind, 'order'],
  },
  {
    name: 'satelliteConstellations',
    wire: 'SatelliteConstellations',
    value: 'list',
    setting: 'defaults.satelliteConstellations',
    flag: 'satellite-constellations',
    kinds: [...everyKind, 'order'],
  },
  {
    name: 'epsgProjection',
    wire: 'EpsgProjection',
    value: 'number',
    setting: 'defaults.epsgProjection',
    flag: 'epsg-projection',
    kinds: everyKind,
  },
  {
    name: 'resolution',
    wire: 'Resolution',
    value: 'number',
    setting: 'defaults.resolution',
    flag: 'resolution',
    kinds: everyKind,
  },
  {
    name: 'bandnames',
    wire: 'Bandnames',
    value: 'text',
    setting: 'defaults.bandnames',
    flag: 'bandnames',
    kinds: everyKind,
  },
] as const satisfies readonly {
  name: string;
  wire: string;
  value: ChoiceValue;
  setting: string;
  flag: string;
  kinds: readonly (FieldKind | 'order')[];
}[];
const tiles = ['tile', 'minitile'] as const;

/** A tasking order's cadence: a whole number in the range the service takes, its default, and the
 * one line a prompt says (meanings from the live-service notes). */
interface OrderCountRow {
  readonly name: string;
  readonly wire: string;
  readonly min: number;
  readonly max: number;
  readonly default: number;
  readonly setting: string;
  readonly flag: string;
  readonly title: string;
  readonly meaning: string;
}

/** The order fields a person can set as numbers: the settings reader, the prompts, the command
 * line's flags, imagery.json's schema and the payload's check read their ranges from here. */
export const ORDER_COUNT_FIELDS = [
  {
    name: 'imageFrequency',
    wire: 'ImageFrequency',
    min: 1,
    max: 31,
    default: 1,
    setting: 'defaults.order.imageFrequency',
    flag: 'image-frequency',
    title: 'Image frequency (ImageFrequency)',
    meaning: 'One image every this many days: 1 = every day, 7 = weekly.',
  },
  {
    name: 'storageMonths',
    wire: 'StorageMonths',
    min: 1,
    max: 60,
    default: 1,
    setting: 'defaults.order.storageMonths',
    flag: 'storage-months',
    title: 'Storage months (StorageMonths)',
    meaning: 'How many months each ordered image is kept for download.',
  },
  {
    name: 'apiRequests',
    wire: 'ApiRequests',
    min: 0,
    max: 1_000_000,
    default: 1,
    setting: 'defaults.order.apiRequests',
    flag: 'api-requests',
    title: 'API requests (ApiRequests)',
    meaning: 'How many times the ordered images may be downloaded through the API.',
  },
] as const satisfies readonly OrderCountRow[];

export type OrderCountName = (typeof ORDER_COUNT_FIELDS)[number]['name'];

/** The order's other fields a person can set: the day the cadence counts from, and the two flags. */
export const ORDER_OTHER_FIELDS = [
  {
    name: 'referenceDate',
    wire: 'ReferenceDate',
    value: 'day',
    setting: 'defaults.order.referenceDate',
    flag: 'reference-date',
  },
  {
    name: 'geometryTileOrdering',
    wire: 'GeometryTileOrdering',
    value: 'flag',
    setting: 'defaults.order.geometryTileOrdering',
    flag: 'geometry-tile-ordering',
  },
  { name: 'tileDeduplication', wire: 'TileDeduplication', value: 'flag', flag: 'tile-deduplication' },
] as const satisfies readonly { name: string; wire: string; value: 'day' | 'flag'; setting?: string; flag: string }[];

/** The order's cadence when neither a setting nor an option sets it. */
export const ORDER_DEFAULTS = Object.fromEntries(ORDER_COUNT_FIELDS.map((row) => [row.name, row.default])) as Readonly<
  Record<OrderCountName, number>
>;

/** Why a cadence value is refused, or undefined when the service takes it. */
export function orderCountProblem(row: OrderCountRow, value: number): string | undefined {
  return Number.isInteger(value) && value >= row.min && value <= row.max
    ? undefined
    : `${row.wire} must be a whole number from ${row.min} to ${row.max}, not ${value}.`;
}

export const OUTPUT_FIELDS = [
  {
    wire: 'DataType',
    value: 'text',
    kinds: everyKind,
    checked: true,
    setting: 'defaults.output.dataType',
    flag: 'data-type',
    placeholder: 'TYPE',
    help: 'DataType of the image: int16 or uint8 (the specification document may list others)',
    known: ['int16', 'uint8'],
    prompt: 'Data type of the pixels',
  },
  {
    wire: 'PixelSelectionMode',
    value: 'text',
    kinds: everyKind,
    checked: true,
    setting: 'defaults.output.pixelSelectionMode',
    flag: 'pixel-selection-mode',
    placeholder: 'MODE',
    help: 'PixelSelectionMode: intersect or contained',
    known: ['intersect', 'contained'],
    prompt: 'Pixel selection at the edge of the area',
  },
  {
    wire: 'UtmDataSelectionMode',
    value: 'text',
    kinds: everyKind,
    checked: true,
    setting: 'defaults.output.utmDataSelectionMode',
    flag: 'utm-data-selection-mode',
    placeholder: 'MODE',
    help: 'UtmDataSelectionMode: single_utm_fully_covered, single_utm or combined_utm',
    known: ['single_utm_fully_covered', 'single_utm', 'combined_utm'],
    prompt: 'UTM data selection',
  },
  {
    wire: 'UtmGridForcePixelResolutionSize',
    value: 'flag',
    kinds: everyKind,
    checked: true,
    setting: 'defaults.output.utmGridForcePixelResolutionSize',
    flag: 'utm-grid-force-pixel-resolution-size',
    help: 'UtmGridForcePixelResolutionSize: keep the pixel exactly --resolution metres when reprojecting',
    prompt: 'Keep pixels exactly the resolution when reprojecting?',
    yes: 'UtmGridForcePixelResolutionSize',
  },
  {
    wire: 'AllowPartialImage',
    value: 'flag',
    kinds: everyKind,
    checked: true,
    setting: 'defaults.output.allowPartialImage',
    flag: 'allow-partial-image',
    help: 'AllowPartialImage: take a date that covers only part of the area (the image has gaps)',
    prompt: 'Accept an image that covers only part of the area?',
    yes: 'AllowPartialImage: a partly covered date is offered',
  },
  {
    wire: 'AutomaticOrderCreation',
    value: 'flag',
    kinds: ['composite', 'series'],
    checked: true,
    setting: 'defaults.output.automaticOrderCreation',
    flag: 'automatic-order-creation',
    help: 'AutomaticOrderCreation: the service may create the order an area/date lacks (billed as an order)',
    prompt: 'Let the service order the area when it is not ordered?',
    yes: 'AutomaticOrderCreation: may create a billed order',
  },
  {
    wire: 'Level',
    value: 'level',
    kinds: tiles,
    checked: false,
    flag: 'level',
    placeholder: '1|2',
    help: 'Level of tile processing (default 2)',
    known: [1, 2],
    prompt: 'Processing level',
  },
  {
    wire: 'Harmonize',
    value: 'flag',
    kinds: tiles,
    checked: false,
    flag: 'harmonize',
    help: 'Harmonize the tile reflectances',
    prompt: 'Harmonize the reflectance?',
    yes: 'Harmonize',
  },
  {
    wire: 'ClipReflectance',
    value: 'flag',
    kinds: tiles,
    checked: false,
    flag: 'clip-reflectance',
    help: 'ClipReflectance of the tiles',
    prompt: 'Clip the reflectance?',
    yes: 'ClipReflectance',
  },
  {
    wire: 'FileType',
    value: 'text',
    kinds: everyKind,
    checked: true,
    setting: 'defaults.output.fileType',
    flag: 'file-type',
    placeholder: 'TYPE',
    help: 'FileType of the image (tif)',
    known: ['tif'],
    prompt: 'File type',
  },
  // Where the service PUTs the image: no question of availability, and one address cannot take a series.
  {
    wire: 'UploadUrl',
    value: 'text',
    kinds: ['composite', 'tile', 'minitile'],
    checked: false,
    setting: 'defaults.output.uploadUrl',
    userOnly: true,
    flag: 'upload-url',
    placeholder: 'URL',
    help: 'UploadUrl: the service PUTs the image there (https, or http on loopback) and nothing is saved here',
    prompt: 'Upload to (UploadUrl)',
  },
] as const satisfies readonly OutputFieldRow[];

type Row = (typeof OUTPUT_FIELDS)[number];
type ValueOf<V extends FieldValue> = V extends 'flag' ? boolean : V extends 'level' ? number : string;

/** The output fields of one request kind, by wire name, each optional. */
export type OutputFieldsOf<K extends FieldKind> = {
  [R in Row as K extends R['kinds'][number] ? R['wire'] : never]?: ValueOf<R['value']>;
};

/** The rows a request kind takes, in the table's order. */
export function outputFieldsOf(kind: FieldKind): readonly OutputFieldRow[] {
  return OUTPUT_FIELDS.filter((row) => (row.kinds as readonly FieldKind[]).includes(kind));
}

function isUploadAddress(value: string): boolean {
  try {
    return isHttpsOrLoopback(new URL(value));
  } catch {
    return false;
  }
}

/** A row's wire check (the value alone; the request schemas make it optional). */
export function outputFieldSchema(z: Zod, row: OutputFieldRow) {
  if (row.wire === 'UploadUrl')
    return z
      .string()
      .check(z.refine(isUploadAddress, 'UploadUrl must be an https:// address (http only to this machine).'));
  if (row.value === 'flag') return z.boolean(`${row.wire} must be true or false.`);
  if (row.value === 'level')
    return z
      .int(`${row.wire} must be 1 or 2.`)
      .check(z.minimum(1, `${row.wire} must be 1 or 2.`), z.maximum(2, `${row.wire} must be 1 or 2.`));
  return z.string();
}
