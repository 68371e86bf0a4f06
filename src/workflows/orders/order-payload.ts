// The tasking order payload (spec 4.2/4.3): built once, validated locally, sent to the estimate
// and then, unchanged plus TileDeduplication, to the create call. Also the recurring-order
// deadline: a recurring order must be cancelled before 00:00 UTC on the 1st of the next month to
// stop next month's charge (live-service notes).
import { ORDER_COUNT_FIELDS, orderCountProblem } from '../../api/request-fields';
import type { OrderCreateRequest, OrderEstimateRequest } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { WorkflowError } from '../../request/workflow-error';

export interface OrderFields {
  model: string;
  satelliteConstellations: string[];
  from: string; // YYYY-MM-DD
  /** YYYY-MM-DD, or null for a recurring order. */
  to: string | null;
  storageMonths: number;
  apiRequests: number;
  imageFrequency: number;
  referenceDate: string; // YYYY-MM-DD
  /** Order named tiles instead of the AOI. */
  tileGuids?: string[];
  miniTileGuids?: string[];
  /** Order the whole tiles covering the AOI (GeometryTileOrdering) instead of the AOI itself. */
  geometryTileOrdering?: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(text: string): boolean {
  return DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
}

/** "" and null both mean an open end (recurring); anything else must be a day. */
export function parseOrderEnd(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  return text.trim();
}

/** Problems with the fields, each a sentence; empty when the payload may be sent. */
function orderFieldProblems(fields: OrderFields): string[] {
  const problems: string[] = [];
  if (!isDay(fields.from)) problems.push(`From '${fields.from}' must be a date as YYYY-MM-DD.`);
  if (fields.to !== null && !isDay(fields.to))
    problems.push(`To '${fields.to}' must be a date as YYYY-MM-DD, or empty for a recurring order.`);
  if (fields.to !== null && isDay(fields.from) && isDay(fields.to) && fields.to < fields.from)
    problems.push(`To (${fields.to}) is before From (${fields.from}).`);
  if (!isDay(fields.referenceDate))
    problems.push(`ReferenceDate '${fields.referenceDate}' must be a date as YYYY-MM-DD.`);
  for (const row of ORDER_COUNT_FIELDS) {
    const problem = orderCountProblem(row, fields[row.name]);
    if (problem) problems.push(problem);
  }
  if (fields.satelliteConstellations.length === 0) problems.push('Choose at least one satellite constellation.');
  return problems;
}

/** The estimate payload; the AOI goes as the GEOMETRYCOLLECTION tasking orders want. */
export function orderEstimateRequest(aoi: Aoi | undefined, fields: OrderFields): OrderEstimateRequest {
  const problems = orderFieldProblems(fields);
  if (problems.length > 0) throw new WorkflowError('invalid-option', `The order is not valid: ${problems.join(' ')}`);
  const area = fields.tileGuids?.length || fields.miniTileGuids?.length ? {} : aoi ? { Wkt: aoi.taskingWkt } : {};
  const request = {
    ...area,
    SatelliteConstellations: [...fields.satelliteConstellations],
    Model: fields.model,
    StorageMonths: fields.storageMonths,
    ApiRequests: fields.apiRequests,
    ImageFrequency: fields.imageFrequency,
    ReferenceDate: fields.referenceDate,
    From: fields.from,
    To: fields.to,
    ...(fields.tileGuids?.length ? { TileGuids: [...fields.tileGuids] } : {}),
    ...(fields.miniTileGuids?.length ? { MiniTileGuids: [...fields.miniTileGuids] } : {}),
    // Sent only when asked for (and only with an area): a service without the field sees no change.
    ...(fields.geometryTileOrdering === true && 'Wkt' in area ? { GeometryTileOrdering: true } : {}),
  };
  return Object.freeze(request) as OrderEstimateRequest;
}

/** The create payload: exactly the estimated one, plus the deduplication choice (spec 4.3). */
export function orderCreateRequest(
  estimated: OrderEstimateRequest,
  tileDeduplication: boolean | undefined,
): OrderCreateRequest {
  return tileDeduplication === undefined ? { ...estimated } : { ...estimated, TileDeduplication: tileDeduplication };
}

/** 00:00 UTC on the 1st of the month after `now`: cancel before it to stop next month's charge. */
export function recurringCancellationDeadline(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

/** A day `months` months after `day` (clamped to the month's end), as YYYY-MM-DD. */
export function addMonths(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
}

export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}
