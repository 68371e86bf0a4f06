// Availability and processing: date discovery, the single-date check, the composite estimate
// and the composite itself. Flags and refusals follow from the same state the orders live in.
import { dayNumber, isoDay } from '../dates';
import { Codes, SimError } from '../envelope';
import { bboxWkt, partWkt, readAoi, utmEpsg } from '../geometry';
import { compositeCredits, readComposite } from '../composite-request';
import type { CompositeRequest } from '../composite-request';
import type { SimulatorState } from '../state';
import type { OrderRequest } from '../order-pricing';
import { placeOrder } from './orders';
import { FieldChecker } from '../validation';
import { checkUploadUrl } from '../upload';
import { json } from './route';
import type { Reply, Route, RouteContext } from './route';

function searchAvailable(ctx: RouteContext): Reply {
  const endField = ctx.spec.dateWindowEnd;
  const otherField = endField === 'To' ? 'Until' : 'To';
  const check = new FieldChecker(ctx.body);
  const model = check.model();
  const constellations = check.constellations(model);
  const from = check.dateTime('From');
  const until = check.dateTime(endField);
  if (ctx.body[otherField] !== undefined)
    check.add(otherField, `Unknown field '${otherField}': the window end is named '${endField}'.`);
  if (from && until && until < from) check.add(endField, `${endField} must not be before From.`);
  check.done();
  const aoi = readAoi(ctx.body);
  const today = ctx.state.today();
  const name = model?.model as string;
  const byGeog = aoi.parts.map((part) => ({
    Wkt: partWkt(part),
    Dates: ctx.state.dates
      .datesForPart(name, part, dayNumber(from as string), dayNumber(until as string), today)
      .map(isoDay),
  }));
  return json({ ModelImageDates: [{ Model: name, SatelliteConstellations: constellations, DatesByGeog: byGeog }] });
}

function availability(state: SimulatorState, request: CompositeRequest) {
  const imagery = state.dates.hasImagery(request.model.model, request.aoi.parts, request.day, state.today());
  const order = state.coveringOrder(request.model.model, request.aoi.bbox, request.day);
  const covered = order !== undefined;
  const center = request.aoi.bbox;
  return {
    FullyAvailable: imagery.all,
    PartiallyAvailable: imagery.any && !imagery.all,
    UncertaintyAvailable: false,
    PartiallyUncertaintyAvailable: false,
    PolygonInDataArea: center.north <= 84 && center.south >= -80,
    DataAvailableForUser: covered && state.account.CreditAmount > 0,
    OrdersCoverPolygon: covered,
    AllImagesPredicted: false,
    AnyImageWithinStorageMonths: covered,
    DataOnZoneDataFrequencyDate: imagery.all,
    IntersectedActiveZones: order ? [order.TaskOrderGuid] : [],
    IntersectedActiveZonesUtmEpsg: order
      ? [utmEpsg((center.west + center.east) / 2, (center.south + center.north) / 2)]
      : [],
  };
}

/** The key's area limit holds for the check and the estimate as for the process call: a client
 * that asks about an area above it before splitting it gets the 1004 the live service answers. */
function checkArea(state: SimulatorState, request: CompositeRequest): void {
  const max = state.account.MaxCompositeAreaKm2;
  if (request.billedKm2 > max)
    throw new SimError(
      400,
      `Area too large: ${request.billedKm2} km² billed, at most ${max} km² per composite.`,
      Codes.areaTooLarge,
    );
}

function compositeAvailable(ctx: RouteContext): Reply {
  const request = readComposite(ctx.body, false);
  checkArea(ctx.state, request);
  return json(availability(ctx.state, request));
}

function compositeEstimate(ctx: RouteContext): Reply {
  const request = readComposite(ctx.body, true);
  checkArea(ctx.state, request);
  const seconds = Math.ceil(5 + request.billedKm2 / 20);
  return json({
    AreaEstimateKm2: request.billedKm2,
    CreditEstimate: compositeCredits(request, 1, ctx.state.currentPriceFactor()),
    FastTimeEstimateSeconds: seconds,
    SlowTimeEstimateSeconds: seconds * 4,
    FileSizeEstimateMB:
      Math.round(((request.billedKm2 * 1e6) / request.resolution ** 2) * request.bands.length * 2e-6 * 100) / 100,
  });
}

/** The order AutomaticOrderCreation creates: the area's box, for the image date's month, with
 * the service's usual cadence (every day, one storage month, one API request). */
function automaticOrder(request: CompositeRequest): OrderRequest {
  const day = new Date(`${request.date.slice(0, 10)}T00:00:00Z`);
  const from = isoDay(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1) / 86_400_000);
  const to = isoDay(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0) / 86_400_000);
  return {
    Model: request.model.model,
    SatelliteConstellations: [...request.constellations],
    StorageMonths: 1,
    ApiRequests: 1,
    ImageFrequency: 1,
    ReferenceDate: from,
    From: from,
    To: to,
    Wkt: `GEOMETRYCOLLECTION(${bboxWkt(request.aoi.bbox)})`,
    Tiles: [],
    MiniTiles: [],
    boxes: [request.aoi.bbox],
  };
}

/** The checks of a process request, in the order the service applies them; charges on success. */
export function chargeForImage(state: SimulatorState, credits: number): void {
  if (credits > state.account.CreditAmount) {
    throw new SimError(
      400,
      `Not enough credits: this costs ${credits} and ${state.account.CreditAmount} are left.`,
      Codes.credits,
    );
  }
  state.account.CreditAmount = Math.round((state.account.CreditAmount - credits) * 100) / 100;
  state.imageCharges++;
}

function composite(ctx: RouteContext): Reply {
  const { state } = ctx;
  const request = readComposite(ctx.body, true);
  const account = state.account;
  const uploadTo = request.uploadUrl ? checkUploadUrl(request.uploadUrl) : undefined;
  if (request.bands.length > account.MaxTotalBands) {
    throw new SimError(
      400,
      `Too many bands: ${request.bands.length} asked, at most ${account.MaxTotalBands}.`,
      Codes.tooManyBands,
    );
  }
  checkArea(state, request);
  const covered = state.coveringOrder(request.model.model, request.aoi.bbox, request.day) !== undefined;
  if (!covered && !request.automaticOrder) {
    throw new SimError(
      400,
      `No active ${request.model.model} order covers this area on ${request.date}.`,
      Codes.notCovered,
    );
  }
  const imagery = state.dates.hasImagery(request.model.model, request.aoi.parts, request.day, state.today());
  if (!(imagery.all || (request.allowPartial && imagery.any))) {
    throw new SimError(400, `No imagery for this area on ${request.date}.`, Codes.noImagery);
  }
  const credits = compositeCredits(request, 1, state.currentPriceFactor());
  if (!covered) {
    // AutomaticOrderCreation: the order is created (and its first month charged) only when the
    // image itself can be paid for, so a refusal leaves neither.
    if (credits > state.account.CreditAmount) chargeForImage(state, credits);
    placeOrder(state, automaticOrder(request));
  }
  chargeForImage(state, credits);
  const image = {
    fileName: `composite_${request.model.model}_${request.date}_${request.resolution}m.tif`,
    bbox: request.aoi.bbox,
    resolution: request.resolution,
    bands: request.bands,
    epsg: request.epsg,
    dataType: request.dataType,
    date: request.date,
  };
  if (uploadTo) return { kind: 'upload', image, url: uploadTo };
  if (request.uploadUrl) return { kind: 'empty', status: 201 };
  return { kind: 'image', image };
}

export function imageryRoutes(): Route[] {
  return [
    { method: 'POST', path: '/api/satelliteimages/search/available', needsBody: true, handle: searchAvailable },
    {
      method: 'POST',
      path: '/api/satelliteimages/process/composite/available',
      needsBody: true,
      handle: compositeAvailable,
    },
    {
      method: 'POST',
      path: '/api/satelliteimages/process/composite/estimate',
      needsBody: true,
      handle: compositeEstimate,
    },
    { method: 'POST', path: '/api/satelliteimages/process/composite', needsBody: true, handle: composite },
  ];
}
