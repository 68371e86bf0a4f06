// Reading the composite family of requests (availability, estimate, process) and what they
// have in common: the AOI, the date, the model and the output settings, and the price.
import { findModel, resolutionFactor } from './catalog';
import type { ModelInfo } from './catalog';
import { dayNumber } from './dates';
import { billedAreaKm2, readAoi, round } from './geometry';
import type { ReadAoi } from './geometry';
import { FieldChecker } from './validation';

export interface CompositeRequest {
  aoi: ReadAoi;
  model: ModelInfo;
  constellations: string[];
  day: number;
  date: string;
  bands: string[];
  epsg: number;
  resolution: number;
  billedKm2: number;
  allowPartial: boolean;
  dataType: 'int16' | 'uint8';
  uploadUrl: string | undefined;
  /** AutomaticOrderCreation: create the order when none covers the area on the date. */
  automaticOrder: boolean;
}

const OPTIONAL_ENUMS: Record<string, string[]> = {
  FileType: ['tif'],
  DataType: ['int16', 'uint8'],
  PixelSelectionMode: ['intersect', 'contained'],
  UtmDataSelectionMode: ['single_utm_fully_covered', 'single_utm', 'combined_utm'],
};

const OPTIONAL_BOOLEANS = [
  'AllowPartialImage',
  'UtmGridForcePixelResolutionSize',
  'AutomaticOrderCreation',
  'OldPixelSelectionMode',
];

/** The optional output fields a composite, tile and mini-tile request share. */
export function checkOutputFields(check: FieldChecker, body: Record<string, unknown>): void {
  for (const [field, allowed] of Object.entries(OPTIONAL_ENUMS)) {
    const value = body[field];
    if (value !== undefined && value !== null && !allowed.includes(value as string)) {
      check.add(field, `${field} must be one of ${allowed.join(', ')}.`);
    }
  }
  for (const field of OPTIONAL_BOOLEANS) {
    if (body[field] !== undefined && typeof body[field] !== 'boolean')
      check.add(field, `${field} must be true or false.`);
  }
  if (
    body.UploadUrl !== undefined &&
    body.UploadUrl !== null &&
    (typeof body.UploadUrl !== 'string' || !/^https?:\/\//.test(body.UploadUrl))
  ) {
    check.add('UploadUrl', 'UploadUrl must be an http(s) URL.');
  }
}

export function readComposite(body: Record<string, unknown>, withResolution: boolean): CompositeRequest {
  const check = new FieldChecker(body);
  const model = check.model();
  const constellations = check.constellations(model);
  const date = check.dateTime('Date');
  const epsg = check.epsg();
  const bands = check.bands(model);
  const resolution = withResolution ? check.resolution() : 10;
  checkOutputFields(check, body);
  check.done();
  const aoi = readAoi(body);
  return {
    aoi,
    model: findModel(model?.model) as ModelInfo,
    constellations,
    day: dayNumber(date as string),
    date: date as string,
    bands,
    epsg: epsg as number,
    resolution: resolution as number,
    billedKm2: billedAreaKm2(aoi.parts.map((p) => p.bbox)).billed,
    allowPartial: body.AllowPartialImage === true,
    dataType: body.DataType === 'uint8' ? 'uint8' : 'int16',
    uploadUrl: typeof body.UploadUrl === 'string' ? body.UploadUrl : undefined,
    automaticOrder: body.AutomaticOrderCreation === true,
  };
}

/** Credits of a composite: EUR-like price per km² of billed area, scaled by resolution. */
export function compositeCredits(
  request: Pick<CompositeRequest, 'billedKm2' | 'model' | 'resolution'>,
  rebate = 1,
  priceFactor = 1,
): number {
  return round(
    request.billedKm2 * request.model.pricePerKm2 * resolutionFactor(request.resolution) * rebate * priceFactor,
    2,
  );
}
