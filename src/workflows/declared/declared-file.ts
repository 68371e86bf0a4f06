// Reads an imagery file and everything it names, and says what is wrong with each at its place in
// the file: JSON syntax, names and values the schema refuses (declared-schema.ts), two datasets or
// orders of one name or one folder, a folder outside the file's own, area files that are missing,
// too large or not a valid area (the geometry checks the commands make). The checks that need the
// service (models, EPSG codes, bands, output values) are made by `plan`, with the same code the
// commands run, and reported at the dataset's place.
import { createHash } from 'node:crypto';
import { dirname, isAbsolute, normalize, resolve, sep } from 'node:path';
import { isRefusedFile, readTextBounded } from '../../files/bounded-read';
import { readAoi } from '../../geometry/index';
import { findJsonSyntaxFault } from '../../geometry/json-syntax';
import { locateJsonPaths } from '../../geometry/json-locate';
import type { JsonPath } from '../../geometry/json-locate';
import { LineIndex, withoutBom } from '../../geometry/positions';
import type { Aoi } from '../../geometry/types';
import { areaPatternProblem, expandArea } from './area-glob';
import { CAP_REASON, imageryFileSchema, MAX_UNITS_PER_FILE } from './declared-schema';
import type { DeclaredDataset, ImageryFile } from './declared-schema';
import { fieldStatsProblems } from './field-stats-checks';

/** An imagery file is a few KiB; a large one is refused, not read. */
const MAX_IMAGERY_FILE = 4 * 1024 * 1024;
/** An area file: as large as the commands take. */
const MAX_AREA_FILE = 256 * 1024 * 1024;

export interface DeclaredProblem {
  /** Where in the imagery file ([] for the whole file). */
  path: JsonPath;
  message: string;
  /** One-based, as editors and compilers print them. */
  line: number;
  column: number;
  /** A syntax error or a problem the shipped JSON Schema also states (schemas/imagery.schema.json,
   * generated from the same zod schema): an editor's JSON validation shows it already. */
  bySchema?: true;
}

export interface DeclaredArea {
  /** Relative to the imagery file, with forward slashes: the lock's name for it. */
  file: string;
  /** The area file's text, as a series reads it. */
  text: string;
  aoi: Aoi;
  /** SHA-256 of the area's WKT: the feature the lock records. */
  featureHash: string;
  format: 'wkt' | 'geojson';
}

export interface Declaration {
  path: string;
  /** The file's text, for positions of problems found later (plan's checks against the service). */
  text: string;
  directory: string;
  file: ImageryFile;
  /** The area files of each dataset (by index), then of each order. */
  datasetAreas: DeclaredArea[][];
  orderAreas: DeclaredArea[][];
}

export class DeclaredFileError extends Error {
  override readonly name = 'DeclaredFileError';
  constructor(
    readonly path: string,
    readonly problems: DeclaredProblem[],
    /** What the run did not do: a problem `plan` finds with the service's answers (the models, the
     * settings' defaults) is found after those free requests, before anything billed. */
    unsent = 'Nothing was sent.',
  ) {
    super(
      `${path} has ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${problems[0]?.message ?? ''}. ${unsent}`,
    );
  }
}

/** "imagery.json:4:15: error: …", one line per problem. */
export function problemText(path: string, problems: readonly DeclaredProblem[]): string[] {
  return problems.map((p) => `${path}:${p.line}:${p.column}: error: ${p.message}`);
}

interface Raw {
  path: JsonPath;
  message: string;
  bySchema?: true;
}

function featureHash(aoi: Aoi): string {
  return createHash('sha256').update(aoi.wkt).digest('hex');
}

/** Reads and checks the file; throws DeclaredFileError with every problem at its position. */
export async function loadDeclaration(path: string): Promise<Declaration> {
  const text = withoutBom(await readTextBounded(path, MAX_IMAGERY_FILE));
  const lines = new LineIndex(text);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    const fault = findJsonSyntaxFault(text, lines);
    const at = lines.position(fault?.start ?? 0);
    throw new DeclaredFileError(path, [
      {
        path: [],
        message: fault?.message ?? 'not valid JSON',
        line: at.line + 1,
        column: at.column + 1,
        bySchema: true,
      },
    ]);
  }
  const parsed = imageryFileSchema.safeParse(value);
  const raw: Raw[] = parsed.success ? [] : parsed.error.issues.map((issue) => schemaProblem(issue));
  const directory = dirname(resolve(path));
  const declaration: Declaration = {
    path,
    text,
    directory,
    file: parsed.success ? parsed.data : {},
    datasetAreas: [],
    orderAreas: [],
  };
  if (parsed.success) {
    raw.push(...namesAndFolders(parsed.data));
    const datasets = parsed.data.datasets ?? [];
    const orders = parsed.data.orders ?? [];
    for (let i = 0; i < datasets.length; i++) {
      declaration.datasetAreas.push(await readAreas(directory, datasets[i]!.area, ['datasets', i, 'area'], raw));
      raw.push(...(await fieldStatsProblems(directory, datasets[i]!, i)));
    }
    for (let i = 0; i < orders.length; i++) {
      const areas = await readAreas(directory, orders[i]!.area, ['orders', i, 'area'], raw);
      if (areas.length > 1)
        raw.push({
          path: ['orders', i, 'area'],
          message: `an order takes one area file; '${orders[i]!.area}' names ${areas.length}`,
        });
      declaration.orderAreas.push(areas);
    }
    raw.push(...unitsAboveCap(parsed.data, declaration.datasetAreas));
  }
  if (raw.length > 0) throw new DeclaredFileError(path, positioned(text, lines, raw));
  return declaration;
}

function schemaProblem(issue: { path: PropertyKey[]; message: string; code: string; keys?: string[] }): Raw {
  const path = issue.path.filter((step): step is string | number => typeof step !== 'symbol');
  if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
    // At the unknown name's value (the place a person edits).
    return {
      path: [...path, issue.keys[0]!],
      message: `unknown name${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}`,
      bySchema: true,
    };
  }
  const where = path.length > 0 ? `${path.join('.')}: ` : '';
  return { path, message: `${where}${issue.message}`, bySchema: true };
}

/** The dataset's folder, absolute (its name when none is given). */
export function datasetFolder(directory: string, dataset: { name: string; folder?: string }): string {
  return resolve(directory, dataset.folder ?? dataset.name);
}

function namesAndFolders(file: ImageryFile): Raw[] {
  const problems: Raw[] = [];
  const seen = (list: readonly { name: string }[] | undefined, where: 'datasets' | 'orders') => {
    const names = new Map<string, number>();
    list?.forEach((item, i) => {
      if (names.has(item.name))
        problems.push({
          path: [where, i, 'name'],
          message: `a second ${where === 'datasets' ? 'dataset' : 'order'} named '${item.name}' (the first is number ${names.get(item.name)! + 1})`,
        });
      else names.set(item.name, i);
    });
  };
  seen(file.datasets, 'datasets');
  seen(file.orders, 'orders');
  const folders = new Map<string, number>();
  file.datasets?.forEach((dataset, i) => {
    const folder = normalize(dataset.folder ?? dataset.name).replace(/[\/]+$/, '');
    const at: JsonPath = ['datasets', i, dataset.folder !== undefined ? 'folder' : 'name'];
    if (isAbsolute(folder) || folder === '..' || folder.startsWith(`..${sep}`))
      problems.push({ path: at, message: `the folder '${dataset.folder}' is outside the imagery file's folder` });
    else if (folders.has(folder))
      problems.push({
        path: at,
        message: `the folder '${folder}' is the folder of dataset number ${folders.get(folder)! + 1} too: each dataset has its own (its ledger and its lock entries)`,
      });
    else folders.set(folder, i);
    if (dataset.dates && (dataset.nth !== undefined || dataset.every !== undefined))
      problems.push({
        path: ['datasets', i, 'dates'],
        message: 'nth and every thin the dates a search found; dates names the dates itself',
      });
    if (dataset.dates && (dataset.from !== undefined || dataset.to !== undefined))
      problems.push({ path: ['datasets', i, 'dates'], message: 'dates names the dates itself: drop from and to' });
    problems.push(...windowProblems(dataset, i));
  });
  return problems;
}

/** A window stands in place of dates, and of the search's own from, to and every. */
function windowProblems(dataset: DeclaredDataset, i: number): Raw[] {
  const window = dataset.window;
  if (!window) return [];
  const at: JsonPath = ['datasets', i, 'window'];
  if (dataset.dates) return [{ path: at, message: 'give dates or window, not both: a window finds its dates' }];
  const doubled = (['from', 'to', 'every'] as const).filter((name) => dataset[name] !== undefined);
  if (doubled.length > 0)
    return [
      {
        path: ['datasets', i, doubled[0]!],
        message: `${doubled.join(', ')} ${doubled.length === 1 ? 'is' : 'are'} the window's: give ${doubled.length === 1 ? 'it' : 'them'} inside window`,
      },
    ];
  if (window.to !== 'today' && window.from > window.to)
    return [{ path: [...at, 'from'], message: `window.from ${window.from} is after window.to ${window.to}` }];
  return [];
}

/** The units the file names itself (its datasets' `dates`, over each of their area files) above
 * the cap: refused before any request. Dates a search finds are counted by the plan. */
function unitsAboveCap(file: ImageryFile, areas: readonly DeclaredArea[][]): Raw[] {
  const units = (file.datasets ?? []).reduce((sum, d, i) => sum + (d.dates?.length ?? 0) * (areas[i]?.length ?? 0), 0);
  if (units <= MAX_UNITS_PER_FILE) return [];
  return [
    {
      path: ['datasets'],
      message: `${units} units declared (each dataset's dates times its area files), above the cap of ${MAX_UNITS_PER_FILE} per imagery file (${CAP_REASON})`,
    },
  ];
}

async function readAreas(directory: string, pattern: string, at: JsonPath, problems: Raw[]): Promise<DeclaredArea[]> {
  const refused = areaPatternProblem(directory, pattern);
  if (refused) {
    problems.push({ path: at, message: refused });
    return [];
  }
  let files: string[];
  try {
    files = await expandArea(directory, pattern);
  } catch (error) {
    problems.push({ path: at, message: (error as Error).message });
    return [];
  }
  if (files.length === 0) {
    problems.push({ path: at, message: `no area file '${pattern}' (relative to ${directory})` });
    return [];
  }
  const areas: DeclaredArea[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readTextBounded(resolve(directory, file), MAX_AREA_FILE);
    } catch (error) {
      problems.push({
        path: at,
        message: isRefusedFile(error)
          ? error.message
          : `${file} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      });
      continue;
    }
    const format = file.toLowerCase().endsWith('.wkt') ? 'wkt' : 'geojson';
    const result = readAoi(text, format);
    if (!result.ok) {
      const first = result.problems.find((p) => p.severity === 'error') ?? result.problems[0];
      const where = first ? `:${first.range.start.line + 1}:${first.range.start.column + 1}` : '';
      problems.push({
        path: at,
        message: `${file}${where} is not a valid area of interest: ${(first?.message ?? 'unknown problem').replace(/\.$/, '')}`,
      });
      continue;
    }
    areas.push({ file, text, aoi: result.aoi, featureHash: featureHash(result.aoi), format });
  }
  return areas;
}

/** Problems `plan` finds at their places in the file (the checks that need the service's answers). */
export function declarationProblems(
  declaration: Pick<Declaration, 'text'>,
  raw: readonly { path: JsonPath; message: string }[],
): DeclaredProblem[] {
  return positioned(declaration.text, new LineIndex(declaration.text), raw);
}

/** "imagery.json:3:5" of a place in the file (its start when the path is not there). */
export function placeOf(declaration: Declaration, path: JsonPath): string {
  const lines = new LineIndex(declaration.text);
  const at = lines.position(locateJsonPaths(declaration.text, [path])[0]?.start ?? 0);
  return `${declaration.path}:${at.line + 1}:${at.column + 1}`;
}

function positioned(text: string, lines: LineIndex, raw: readonly Raw[]): DeclaredProblem[] {
  // The deepest path that exists: an unknown name's own key is located through its parent's value.
  const spans = locateJsonPaths(
    text,
    raw.map((r) => r.path),
  );
  return raw.map((r, i) => {
    const span = spans[i] ?? locateJsonPaths(text, [r.path.slice(0, -1)])[0];
    const at = lines.position(span?.start ?? 0);
    return {
      path: r.path,
      message: r.message,
      line: at.line + 1,
      column: at.column + 1,
      ...(r.bySchema ? { bySchema: r.bySchema } : {}),
    };
  });
}
