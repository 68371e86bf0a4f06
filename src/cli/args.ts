// The command line, read with node's util.parseArgs: one table of options (kebab case, named as
// the commands' options), each listing the verbs it applies to, so a misplaced option is a usage
// error rather than silently ignored. Values are converted and checked here, with messages that
// name the option.
import { parseArgs } from 'node:util';
import { ORDER_COUNT_FIELDS, OUTPUT_FIELDS } from '../api/request-fields';
import type { FieldKind } from '../api/request-fields';
import { DEFAULT_EPSG_RULE } from '../request/projection';
import { UsageError } from './exit-codes';

type Kind = 'string' | 'boolean';
interface OptionSpec {
  type: Kind;
  short?: string;
  /** Verbs (or "group sub") it applies to; undefined = every verb. */
  verbs?: string[];
  help: string;
  /** What the option means for a verb whose meaning differs from `help` (that verb's --help). */
  helpOf?: Record<string, string>;
  value?: string;
}

const composite = ['dates', 'available', 'estimate', 'download', 'series', 'tiles process'];
const billed = ['download', 'series', 'orders create', 'tiles process', 'apply'];
const orderVerbs = ['orders estimate', 'orders create'];
/** The verbs that send a request kind's output fields; `available` only checks, so it takes the
 * fields the availability check carries. */
const verbsOfKind: Record<FieldKind, string[]> = {
  composite: ['estimate', 'download'],
  series: ['series'],
  tile: ['tiles process'],
  minitile: ['tiles process'],
};

/** --from and --to, verb by verb: a date search's window, a series' window, an order's first or
 * last day; `available` and `tiles process` take one --date and use neither. */
function windowHelp(edge: 'start' | 'end', day: 'first' | 'last', fallback: string): Record<string, string> {
  const unused = 'not used: this verb takes the one --date given and searches no window';
  const newest = `${edge} of the window searched for the newest whole-area date when --date is left out (default ${fallback})`;
  const orderDay = `${day} day of the order${day === 'last' ? ' (or --recurring)' : ''}`;
  return {
    dates: `${edge} of the window searched for dates (default ${fallback})`,
    available: unused,
    estimate: newest,
    download: newest,
    series: `${edge} of the window whose dates the series downloads (default ${fallback}; not with --dates)`,
    'tiles process': unused,
    'orders estimate': orderDay,
    'orders create': orderDay,
  };
}

/** The output fields' flags, from their table (api/request-fields.ts). */
function outputFieldOptions(): Record<string, OptionSpec> {
  return Object.fromEntries(
    OUTPUT_FIELDS.map((row): [string, OptionSpec] => {
      const verbs = new Set([
        ...(row.checked && row.kinds.includes('composite') ? ['available'] : []),
        ...row.kinds.flatMap((kind) => verbsOfKind[kind]),
      ]);
      const spec: OptionSpec = { type: row.value === 'flag' ? 'boolean' : 'string', verbs: [...verbs], help: row.help };
      if ('placeholder' in row) spec.value = row.placeholder;
      return [row.flag, spec];
    }),
  );
}

export const optionTable: Record<string, OptionSpec> = {
  json: { type: 'boolean', help: 'print the result object as JSON on stdout' },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
  version: { type: 'boolean', help: 'print the version' },
  'base-url': {
    type: 'string',
    value: 'URL',
    help: 'service address (or SAT_IMAGERY_BASE_URL); https, or http on loopback only',
  },
  'api-key-file': {
    type: 'string',
    value: 'FILE',
    help: 'read the key from FILE, which only its owner may read (else SAT_IMAGERY_API_KEY)',
  },
  model: {
    type: 'string',
    verbs: [...composite, ...orderVerbs],
    value: 'NAME',
    help: 'model, as its API value (e.g. Stratus2)',
  },
  'satellite-constellations': {
    type: 'string',
    verbs: [...composite, ...orderVerbs],
    value: 'A,B',
    help: 'constellations, comma-separated',
  },
  date: {
    type: 'string',
    verbs: ['available', 'estimate', 'download', 'tiles process'],
    value: 'YYYY-MM-DD',
    help: 'image date (estimate, download: default the newest covering the whole area; available, tiles process: needed)',
  },
  from: {
    type: 'string',
    verbs: [...composite, ...orderVerbs],
    value: 'YYYY-MM-DD',
    help: 'window start (default 30 days ago); first day of an order',
    helpOf: windowHelp('start', 'first', '30 days ago'),
  },
  to: {
    type: 'string',
    verbs: [...composite, ...orderVerbs],
    value: 'YYYY-MM-DD',
    help: 'window end (default now); last day of an order',
    helpOf: windowHelp('end', 'last', 'now'),
  },
  'epsg-projection': {
    type: 'string',
    verbs: composite,
    value: 'CODE',
    help: `output EPSG code (default ${DEFAULT_EPSG_RULE}; 47000 = automatic UTM)`,
  },
  resolution: { type: 'string', verbs: composite, value: 'METRES', help: 'output resolution (default 10)' },
  bandnames: {
    type: 'string',
    verbs: composite,
    value: 'BANDS',
    help: "bands: rgb, all, or a list such as 'B2,B3,B4,B8' (default rgb)",
  },
  ...outputFieldOptions(),
  'aoi-mode': {
    type: 'string',
    verbs: ['dates', 'available', 'estimate', 'download', 'series'],
    value: 'wkt|geojson',
    help: "how the area is sent: Wkt or GeoJson (default: the area file's own format)",
  },
  'output-directory': {
    type: 'string',
    verbs: ['download', 'series', 'tiles process'],
    value: 'DIR',
    help: 'folder for the images (default: the current folder)',
  },
  yes: {
    type: 'boolean',
    verbs: [...billed, 'orders cancel', 'forget', 'unlock'],
    help: 'send the billed request (needs --max-cost too); orders cancel: cancel it; forget: take the order out of the lock; unlock: clear the lock',
    helpOf: {
      unlock: "clear the folder's locks that no run of this machine still holds (another machine's, a gone process's)",
    },
  },
  'max-cost': {
    type: 'string',
    verbs: billed,
    value: 'AMOUNT',
    help: 'budget: proceed only when the estimate is at most this (credits, or currency for orders)',
  },
  nth: {
    type: 'string',
    verbs: ['series'],
    value: 'N',
    help: 'every Nth date the search found (the 1st, the N+1th ...), before --every and --max-dates',
  },
  every: {
    type: 'string',
    verbs: ['series'],
    value: 'DAYS',
    help: 'at least this many days between two dates of a series (7, 7d, 2w), or week or month: at most one per',
  },
  'max-dates': { type: 'string', verbs: ['series'], value: 'N', help: 'at most N dates (the newest)' },
  dates: { type: 'string', verbs: ['series'], value: 'D1,D2', help: 'exactly these dates instead of a search' },
  'resend-uncertain': {
    type: 'boolean',
    verbs: ['download', 'series', 'tiles process', 'apply'],
    help: "send again the dates, parts or tiles the folder's purchase ledger holds as possibly charged (check the account first; never by default)",
  },
  ...Object.fromEntries(
    ORDER_COUNT_FIELDS.map((row): [string, OptionSpec] => [
      row.flag,
      {
        type: 'string',
        verbs: orderVerbs,
        value: 'N',
        help: `${row.wire}: ${row.meaning} ${row.min} to ${row.max} (default ${row.default})`,
      },
    ]),
  ),
  'reference-date': {
    type: 'string',
    verbs: orderVerbs,
    value: 'YYYY-MM-DD',
    help: 'reference date (default: --from)',
  },
  recurring: {
    type: 'boolean',
    verbs: orderVerbs,
    help: 'an order without end, renewed every month (instead of --to)',
  },
  'tile-deduplication': { type: 'boolean', verbs: orderVerbs, help: 'skip tiles already ordered (tile orders)' },
  'compare-covers': {
    type: 'boolean',
    verbs: orderVerbs,
    help: "also estimate the service's cheapest tile cover of the area and print both (create still orders the area)",
  },
  'geometry-tile-ordering': {
    type: 'boolean',
    verbs: orderVerbs,
    help: 'order the whole tiles covering the area instead of the area (GeometryTileOrdering)',
  },
  'tile-guids': {
    type: 'string',
    verbs: [...orderVerbs, 'tiles search', 'tiles process'],
    value: 'G1,G2',
    help: 'tiles (or mini-tiles) instead of an area; for tiles search, the ones to select among those found',
  },
  'tile-guid-for-mini-tiles': {
    type: 'string',
    verbs: ['tiles search'],
    value: 'GUID',
    help: 'the mini-tiles of this tile (TileGuidForMiniTiles) instead of the tiles over the area',
  },
  'mini-tile-guids': { type: 'string', verbs: orderVerbs, value: 'G1,G2', help: 'mini-tiles to order' },
  'mini-tiles': {
    type: 'boolean',
    verbs: ['tiles search', 'tiles process'],
    help: 'mini-tiles instead of whole tiles',
  },
  concurrency: {
    type: 'string',
    verbs: ['series', 'tiles process'],
    value: 'N',
    help: "workers (at most the key's MaxConcurrentConnections)",
  },
  index: {
    type: 'string',
    verbs: ['stats', 'series', 'alerts'],
    value: 'I1,I2',
    help: 'what to measure: ndvi, ndwi, ndmi, ndre, evi, savi, a band (B8) or an index band ([B8_B4]) (default ndvi)',
  },
  expression: {
    type: 'string',
    verbs: ['stats', 'series', 'alerts'],
    value: 'EXPR',
    help: "band arithmetic instead of --index, e.g. '(B8-B4)/(B8+B4)'",
  },
  rule: {
    type: 'string',
    verbs: ['stats', 'series', 'alerts'],
    value: 'RULE',
    help: 'which pixels a field takes: centre (default), all-touched, or exact (weighted by the area inside)',
  },
  'id-property': {
    type: 'string',
    verbs: ['stats', 'series', 'alerts'],
    value: 'NAME',
    help: "the feature property naming each field (default: id, else name, else the feature's index)",
  },
  stats: {
    type: 'boolean',
    verbs: ['series'],
    help: 'end with the field statistics of the series: field-stats.csv beside the images (--index, --rule, --id-property, --expression)',
  },
  csv: {
    type: 'string',
    verbs: ['stats'],
    value: 'FILE',
    help: 'write the table as CSV to FILE (a rerun computes only new rows)',
  },
  parquet: {
    type: 'string',
    verbs: ['stats'],
    value: 'FILE',
    help: "write the table as GeoParquet to FILE (the fields' geometry as WKB)",
  },
  drop: {
    type: 'string',
    verbs: ['alerts'],
    value: 'T',
    help: 'a drop: a value more than T below the median of its previous valid dates, T from 0 (default 0.15, for NDVI-like indices)',
  },
  baseline: {
    type: 'string',
    verbs: ['alerts'],
    value: 'K',
    help: "a drop's baseline: the median of the K previous valid dates, K a whole number from 1 (default 3)",
  },
  'unseen-days': {
    type: 'string',
    verbs: ['alerts'],
    value: 'D',
    help: 'unseen: no valid date of a field for D days while dates were bought (default 21)',
  },
  'min-valid': {
    type: 'string',
    verbs: ['alerts'],
    value: 'F',
    help: "the share of a field's pixels with a value that makes a date valid, 0 to 1 (default 0.5)",
  },
  dataset: {
    type: 'string',
    verbs: ['alerts'],
    value: 'NAME',
    help: "with an imagery file: only this dataset's field table (default: every dataset that declares fieldStats)",
  },
  out: { type: 'string', verbs: ['plan'], value: 'PLAN', help: 'also write the plan to PLAN (JSON), for apply --plan' },
  markdown: {
    type: 'boolean',
    verbs: ['plan', 'alerts'],
    help: 'print the plan as Markdown for a pull request comment (its first line a marker to update it by)',
    helpOf: { alerts: 'print the alerts as a Markdown table (a pull request comment)' },
  },
  plan: {
    type: 'string',
    verbs: ['apply'],
    value: 'PLAN',
    help: 'apply this plan (from plan --out); refused when a fresh plan buys other units or costs more',
  },
  'recurring-only': { type: 'boolean', verbs: ['orders list'], help: 'only recurring orders' },
  expired: { type: 'boolean', verbs: ['orders list'], help: 'include expired orders' },
};

export type Values = Record<string, string | boolean | undefined>;

export interface ParsedCommand {
  /** 'download', 'orders list', 'tiles search' ... ('' when none was given). */
  verb: string;
  /** Positionals after the verb (the area file first). */
  rest: string[];
  values: Values;
}

const groups = new Set(['orders', 'tiles']);

export function parseCommandLine(argv: string[]): ParsedCommand {
  const refused = argv.find((a) => /^--?(api-?key|key)(=|$)/i.test(a));
  if (refused)
    throw new UsageError(
      'The API key is never taken from a flag (it would show in the process list): set SAT_IMAGERY_API_KEY or use --api-key-file FILE.',
    );
  const options = Object.fromEntries(
    Object.entries(optionTable).map(([name, spec]) => [
      name,
      spec.short ? { type: spec.type, short: spec.short } : { type: spec.type },
    ]),
  );
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true }) as {
      values: Values;
      positionals: string[];
    };
  } catch (error) {
    throw new UsageError(`${parseErrorText((error as Error).message)} See sat-imagery --help.`);
  }
  const [first = '', second, ...others] = parsed.positionals;
  const verb = groups.has(first) && second !== undefined ? `${first} ${second}` : first;
  const rest = groups.has(first) ? others : parsed.positionals.slice(1);
  for (const [name, value] of Object.entries(parsed.values)) {
    const applies = optionTable[name]?.verbs;
    if (value !== undefined && applies && verb !== '' && !applies.includes(verb))
      throw new UsageError(`--${name} does not apply to '${verb}'.`);
  }
  return { verb, rest, values: parsed.values };
}

/** node's parseArgs message on one line, ended once: its advice on positionals dropped, its lines
 * joined ('--drop -1' gives three lines, the last ending in a period of its own). */
function parseErrorText(message: string): string {
  const text = message
    .replace(/\. To specify a positional argument.*$/s, '')
    .split('\n')
    .map((line) => line.trim())
    .join(' ');
  return /[.?]$/.test(text) ? text : `${text}.`;
}

/** The verb of a command line, also one that does not parse (its exit code depends on it):
 * the first word that is not an option or an option's value. */
export function verbOfCommandLine(argv: string[]): string {
  const options = Object.fromEntries(Object.entries(optionTable).map(([name, spec]) => [name, { type: spec.type }]));
  const [first = '', second] = parseArgs({ args: argv, options, allowPositionals: true, strict: false }).positionals;
  return groups.has(first) && second !== undefined ? `${first} ${second}` : first;
}

/** Typed readers of option values: each refuses a malformed value naming the option. */
export class OptionReader {
  constructor(readonly values: Values) {}

  flag(name: string): boolean {
    return this.values[name] === true;
  }

  string(name: string): string | undefined {
    const value = this.values[name];
    if (typeof value !== 'string') return undefined;
    if (value.trim() === '') throw new UsageError(`--${name} needs a value.`);
    return value.trim();
  }

  list(name: string): string[] | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    const items = text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (items.length === 0) throw new UsageError(`--${name} needs at least one value (comma-separated).`);
    return items;
  }

  number(name: string, { integer = false, min = 0, max = Infinity } = {}): number | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
      const range = max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`;
      throw new UsageError(`--${name} must be ${integer ? 'a whole number' : 'a number'} ${range}, not '${text}'.`);
    }
    return value;
  }

  day(name: string): string | undefined {
    const text = this.string(name);
    if (text === undefined) return undefined;
    if (!isIsoDay(text)) throw new UsageError(`--${name} must be a date as YYYY-MM-DD, not '${text}'.`);
    return text;
  }

  days(name: string): string[] | undefined {
    const list = this.list(name);
    for (const day of list ?? [])
      if (!isIsoDay(day)) throw new UsageError(`--${name}: '${day}' is not a date as YYYY-MM-DD.`);
    return list;
  }
}

function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
