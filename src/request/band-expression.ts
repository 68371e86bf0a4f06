// Bandnames as the person types or builds them: `rgb`, `all`, or a comma list of band ids and
// index expressions (`B2,B3,B4,B8,[B8_B4]`). Checked for syntax and known band names, and its
// band count checked against the key's MaxTotalBands, before anything is sent: a wrong list
// would otherwise cost a round trip and come back as 992 or 1005.
import type { PickItem } from './pick-item';
import { WorkflowError } from './workflow-error';

/** Bands of Sentinel-2-like models (live-service notes); `rgb` is B4, B3, B2. */
const KNOWN_BANDS = ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B8A', 'B9', 'B10', 'B11', 'B12'];
/** What most models offer when the models list names no bands. */
const COMMON_BANDS = ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B8A', 'B11', 'B12'];
const RGB = ['B4', 'B3', 'B2'];

export interface BandSelection {
  /** One entry per output band: a band id or an index expression. */
  items: string[];
  /** Output bands, or undefined for `all` when the model's bands are unknown. */
  count: number | undefined;
}

const INDEX = /^\[([A-Za-z0-9]+)_([A-Za-z0-9]+)\]$/;

/** Parses a Bandnames value; throws naming the first bad item and its position (1-based). */
export function parseBandExpression(text: string, modelBands?: readonly string[]): BandSelection {
  const value = text.trim();
  if (value === '')
    throw new WorkflowError('invalid-option', 'Bands: enter rgb, all, or a comma list such as B2,B3,B4,B8,[B8_B4].');
  if (value === 'rgb') return { items: [...RGB], count: RGB.length };
  if (value === 'all') return { items: modelBands ? [...modelBands] : [], count: modelBands?.length };
  const allowed = modelBands && modelBands.length > 0 ? modelBands : KNOWN_BANDS;
  const items: string[] = [];
  let column = 1;
  for (const raw of value.split(',')) {
    const item = raw.trim();
    const where = `item ${items.length + 1} (column ${column + raw.indexOf(item)})`;
    if (item === '')
      throw new WorkflowError('invalid-option', `Bands: ${where} is empty; separate band names with single commas.`);
    const index = INDEX.exec(item);
    if (!index && item.includes('['))
      throw new WorkflowError(
        'invalid-option',
        `Bands: ${where} '${item}' is not an index expression; write it as [B8_B4].`,
      );
    for (const id of index ? [index[1]!, index[2]!] : [item]) {
      if (!KNOWN_BANDS.includes(id))
        throw new WorkflowError(
          'invalid-option',
          `Bands: ${where} '${id}' is not a band name. Bands: ${allowed.join(', ')}.`,
        );
      if (!allowed.includes(id))
        throw new WorkflowError(
          'invalid-option',
          `Bands: ${where} '${id}' is not a band of this model. Its bands: ${allowed.join(', ')}.`,
        );
    }
    if (items.includes(item)) throw new WorkflowError('invalid-option', `Bands: ${where} '${item}' is named twice.`);
    items.push(item);
    column += raw.length + 1;
  }
  return { items, count: items.length };
}

/** The parsed selection, refused when it has more bands than the key allows (service code 1005). */
export function checkBandExpression(
  text: string,
  maxTotalBands: number | undefined,
  modelBands?: readonly string[],
): BandSelection {
  const selection = parseBandExpression(text, modelBands);
  if (maxTotalBands !== undefined && selection.count !== undefined && selection.count > maxTotalBands) {
    throw new WorkflowError(
      'invalid-option',
      `Bands: ${selection.count} bands asked, this key allows at most ${maxTotalBands} (MaxTotalBands). Choose fewer bands.`,
    );
  }
  return selection;
}

/** The model's bands when the models list names them (`Bands`), else undefined. */
export function modelBandsOf(model: Record<string, unknown> | undefined): string[] | undefined {
  const bands = model?.Bands ?? model?.bands;
  return Array.isArray(bands) && bands.every((b) => typeof b === 'string') && bands.length > 0
    ? (bands as string[])
    : undefined;
}

/** Band picker items: rgb, all, common sets, the typed-expression entry, then single bands. */
export function bandItems(modelBands: readonly string[] | undefined, typeOwn: string): PickItem<string>[] {
  const bands = modelBands ?? COMMON_BANDS;
  return [
    { label: 'rgb', description: 'true colour (B4, B3, B2)', value: 'rgb' },
    { label: 'all', description: `every band of the model (${bands.length})`, value: 'all' },
    { label: 'B2,B3,B4,B8', description: 'visible and near infrared', value: 'B2,B3,B4,B8' },
    { label: '[B8_B4]', description: 'normalised difference of B8 and B4 (NDVI)', value: '[B8_B4]' },
    { label: 'Type or build a band expression…', description: `from ${bands.join(', ')}`, value: typeOwn },
  ];
}
