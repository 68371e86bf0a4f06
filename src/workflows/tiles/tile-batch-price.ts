// Prices a batch of tiles or mini-tiles before anything billed is sent (issue 13, section 3): the
// footprint of every unit, its availability on the date, and the cost of the whole batch. The
// service has no estimate for a tile or a mini-tile, so the price is derived: each unit's billed
// area times the rate (credits per km²) the composite estimate gives for the same settings over
// one unit, and the cost panel says so.
import { outputFieldsOf } from '../../api/request-fields';
import type {
  CompositeAvailabilityRequest,
  CompositeEstimate,
  CompositeRequest,
  ProcessOutputOptions,
  TileRecord,
} from '../../api/types';
import { aoiFromPolygons } from '../../geometry/index';
import type { Aoi, PolygonCoordinates } from '../../geometry/types';
import { polygonsOfWkt } from '../../geometry/wkt-footprint';
import { judgeAvailability } from '../composite/availability';
import { WorkflowError } from '../../request/workflow-error';
import type { CompositeEstimateModel, SettingLine } from '../../pricing/estimate-view-model';
import { purchasePlan, settingBudget } from '../../pricing/purchase-plan';
import type { PurchaseUnit } from '../../pricing/purchase-plan';
import type { WorkflowPorts } from '../engine/ports';

export type UnitKind = 'tile' | 'minitile';

/** The settings every unit of the batch is processed with (the process payload without the GUID). */
// A type, not an interface: the batch manifest keys itself by it as a plain record.
export type UnitSettings = {
  Date: string;
  Model: string;
  SatelliteConstellations: string[];
  Bandnames?: string;
  Resolution?: number;
  EpsgProjection?: number;
} & UnitOutput;

/** The output fields a unit's process call carries that the composite check and estimate take too
 * (Level, Harmonize, ClipReflectance are tile-only; an upload address is no question of price or
 * availability). */
type UnitOutput = Omit<ProcessOutputOptions, 'UploadUrl' | 'AutomaticOrderCreation'>;
const SHARED_OUTPUT = outputFieldsOf('tile')
  .filter((row) => row.checked && row.kinds.includes('composite'))
  .map((row) => row.wire as keyof UnitOutput);

/** The unit's output fields as its availability check and probe estimate send them. */
function unitOutput(settings: UnitOutput): UnitOutput {
  const out: Record<string, unknown> = {};
  for (const name of SHARED_OUTPUT) if (settings[name] !== undefined) out[name] = settings[name];
  return out as UnitOutput;
}

interface UnitPrice {
  id: string;
  aoi: Aoi;
}

export interface BatchPrice {
  /** Units with imagery ready on the date, in the order given: the ones the batch sends. */
  ready: UnitPrice[];
  /** Units that would be refused, with the service's reason; never sent. */
  notReady: Array<{ id: string; reason: string }>;
  /** Ready units whose imagery covers only part of them (AllowPartialImage): their images have gaps. */
  partial: string[];
  /** Credits for the ready units; undefined when the service gave no rate. */
  credits: number | undefined;
  /** Credits per billed km², from the composite estimate of one unit. */
  rate: number | undefined;
  /** The composite estimate the rate comes from, asked again right before each unit is sent. */
  probe?: CompositeRequest;
}

/** The footprint of every unit, from the search that found them or a search by GUID. */
async function footprints(
  ports: WorkflowPorts,
  kind: UnitKind,
  ids: string[],
  known: TileRecord[],
): Promise<Map<string, Aoi>> {
  const records = new Map(known.filter((t) => typeof t.Guid === 'string').map((t) => [t.Guid!, t]));
  const missing = ids.filter((id) => !records.has(id));
  if (missing.length > 0) {
    ports.progress.report({
      message: `Reading the footprints of ${missing.length} ${kind === 'tile' ? 'tiles' : 'mini-tiles'}…`,
    });
    const found = await ports.client.searchTiles(
      kind === 'tile' ? { TileGuids: missing } : { MiniTileGuids: missing },
      { signal: ports.signal },
    );
    for (const record of found) if (typeof record.Guid === 'string') records.set(record.Guid, record);
  }
  const out = new Map<string, Aoi>();
  const unknown: string[] = [];
  for (const id of ids) {
    const wkt = records.get(id)?.DataGeogWkt;
    const polygons: PolygonCoordinates[] = typeof wkt === 'string' ? polygonsOfWkt(wkt) : [];
    if (polygons.length === 0) unknown.push(id);
    else out.set(id, aoiFromPolygons(polygons, 'wkt'));
  }
  // A unit without a footprint cannot be priced, so it cannot be sent.
  if (unknown.length > 0) {
    throw new WorkflowError(
      'invalid-option',
      `No footprint for ${unknown.length === 1 ? 'the unit' : 'the units'} ${unknown.join(', ')}: the service does not know ${unknown.length === 1 ? 'it' : 'them'} as ${kind === 'tile' ? 'tiles' : 'mini-tiles'}, so the batch cannot be priced. Nothing was sent.`,
    );
  }
  return out;
}

export async function priceTileBatch(
  ports: WorkflowPorts,
  kind: UnitKind,
  ids: string[],
  known: TileRecord[],
  settings: UnitSettings,
): Promise<BatchPrice> {
  if (ids.length === 0) return { ready: [], notReady: [], partial: [], credits: 0, rate: undefined };
  const areas = await footprints(ports, kind, ids, known);
  const date = settings.Date.slice(0, 10);
  const epsg = settings.EpsgProjection ?? 47000;
  const bandnames = settings.Bandnames ?? 'all';
  const output = unitOutput(settings);
  const allowPartial = settings.AllowPartialImage === true;
  ports.progress.report({
    message: `Checking availability of ${ids.length} ${kind === 'tile' ? 'tiles' : 'mini-tiles'} on ${date}…`,
  });
  // One check per unit (the client's gate bounds how many run at once).
  const verdicts = await Promise.all(
    ids.map(async (id) => {
      const aoi = areas.get(id)!;
      const request = {
        Wkt: aoi.wkt,
        ...output,
        Date: settings.Date,
        Model: settings.Model,
        SatelliteConstellations: settings.SatelliteConstellations,
        EpsgProjection: epsg,
        Bandnames: bandnames,
      } as CompositeAvailabilityRequest;
      const flags = await ports.client.checkCompositeAvailability(request, { signal: ports.signal });
      return { id, aoi, verdict: judgeAvailability(flags, date, { allowPartial }) };
    }),
  );
  const ready = verdicts.filter((v) => v.verdict.ready).map(({ id, aoi }) => ({ id, aoi }));
  const partial = verdicts.filter((v) => v.verdict.partial).map((v) => v.id);
  const notReady = verdicts
    .filter((v) => !v.verdict.ready)
    .map(({ id, verdict }) => ({ id, reason: verdict.sentence }));
  if (ready.length === 0) return { ready, notReady, partial, credits: 0, rate: undefined };
  ports.progress.report({ message: 'Estimating the cost…' });
  const probe = ready[0]!.aoi;
  const estimateRequest = {
    Wkt: probe.wkt,
    ...output,
    Date: settings.Date,
    Resolution: settings.Resolution ?? 10,
    EpsgProjection: epsg,
    Model: settings.Model,
    SatelliteConstellations: settings.SatelliteConstellations,
    Bandnames: bandnames,
  } as CompositeRequest;
  const rate = rateOf(await ports.client.estimateComposite(estimateRequest, { signal: ports.signal }), probe);
  // Up to the cent: the units' own prices (to the millionth) never add up to more than the total shown.
  const total =
    rate === undefined
      ? undefined
      : Math.ceil(toMillionth(ready.reduce((sum, unit) => sum + unit.aoi.billedAreaKm2 * rate, 0)) * 100) / 100;
  return { ready, notReady, partial, credits: total, rate, probe: estimateRequest };
}

/** Credits per billed km² of the composite estimate of one unit (its area when the service names none). */
function rateOf(estimate: CompositeEstimate, probe: Aoi): number | undefined {
  const credits = estimate.CreditEstimate;
  const area =
    typeof estimate.AreaEstimateKm2 === 'number' && estimate.AreaEstimateKm2 > 0
      ? estimate.AreaEstimateKm2
      : probe.billedAreaKm2;
  return typeof credits === 'number' && Number.isFinite(credits) && area > 0 ? credits / area : undefined;
}

/** One unit's derived price at the batch's rate (said as the price it was confirmed at). */
export function unitCredits(price: BatchPrice, id: string): number | undefined {
  const unit = price.ready.find((u) => u.id === id);
  return unit && price.rate !== undefined ? toMillionth(unit.aoi.billedAreaKm2 * price.rate) : undefined;
}

const toMillionth = (n: number): number => Math.round(n * 1e6) / 1e6;

/** One unit's derived price from the probe's estimate asked now (no cache answers it), right
 * before the unit is sent. */
export function freshUnitCredits(
  ports: WorkflowPorts,
  price: BatchPrice,
  id: string,
): () => Promise<number | undefined> {
  return async () => {
    const unit = price.ready.find((u) => u.id === id);
    const probe = price.ready[0];
    if (!unit || !probe || !price.probe) return undefined;
    const estimate = await ports.client.estimateComposite(price.probe, { signal: ports.signal, fresh: true });
    const rate = rateOf(estimate, probe.aoi);
    return rate === undefined ? undefined : toMillionth(unit.aoi.billedAreaKm2 * rate);
  };
}

/** The batch as a plan: each ready unit at its derived price, each unit without imagery on the
 * date unavailable with why; the total is the batch's, rounded up to the cent. */
function batchPlan(kind: UnitKind, price: BatchPrice, date: string, budget: number | undefined) {
  const area = kind === 'tile' ? 'tile' : 'mini-tile';
  const units: PurchaseUnit[] = [
    ...price.ready.map((u): PurchaseUnit => {
      const credits = unitCredits(price, u.id);
      return { kind: 'buy', label: u.id, area, date, ...(credits !== undefined ? { credits } : {}) };
    }),
    ...price.notReady.map((u): PurchaseUnit => ({ kind: 'unavailable', label: u.id, area, date, reason: u.reason })),
  ];
  return purchasePlan({ units, credits: price.credits, budget: settingBudget(budget, 'images') });
}

/** The cost panel's view of the batch: the units on the map, the derived price, what is left out. */
export function batchEstimateModel(
  kind: UnitKind,
  price: BatchPrice,
  settings: UnitSettings,
  budget: number | undefined,
): CompositeEstimateModel {
  const noun = kind === 'tile' ? 'tiles' : 'mini-tiles';
  const polygons = price.ready.flatMap((u) => u.aoi.polygons);
  const billedBoxes = price.ready.flatMap((u) => u.aoi.billedBoxes);
  const billed = price.ready.reduce((sum, u) => sum + u.aoi.billedAreaKm2, 0);
  const warnings = [
    `Derived price: the service has no estimate for ${noun}, so this is the billed area of the ${noun} times the rate of the composite estimate for the same settings${price.rate === undefined ? '' : ` (${price.rate.toFixed(4)} credits per km²)`}. The service may bill less.`,
  ];
  if (price.partial.length > 0)
    warnings.push(
      `Imagery covers only part of ${price.partial.join(', ')} on the date; AllowPartialImage is set, so ${price.partial.length === 1 ? 'its image has' : 'their images have'} gaps.`,
    );
  if (price.notReady.length > 0)
    warnings.push(
      `Not sent, imagery not ready on the date: ${price.notReady.map((u) => `${u.id} (${u.reason})`).join('; ')}`,
    );
  if (budget !== undefined && price.credits !== undefined && price.credits >= budget)
    warnings.push(`The cost (${price.credits}) is at or above your budget of ${budget}.`);
  const settingsLines: SettingLine[] = [
    { label: 'Units', value: `${price.ready.length} ${noun}` },
    { label: 'Date', value: settings.Date.slice(0, 10) },
    { label: 'Model', value: settings.Model },
    { label: 'Constellations', value: settings.SatelliteConstellations.join(', ') },
    ...(settings.Resolution === undefined ? [] : [{ label: 'Resolution', value: `${settings.Resolution} m` }]),
    ...(settings.Bandnames === undefined ? [] : [{ label: 'Bands', value: settings.Bandnames }]),
    ...(settings.EpsgProjection === undefined ? [] : [{ label: 'EPSG', value: String(settings.EpsgProjection) }]),
    { label: 'Price', value: 'derived (area × composite rate)' },
  ];
  return {
    kind: 'composite',
    title: `${price.ready.length} ${noun} of ${settings.Date.slice(0, 10)}`,
    aoi:
      polygons.length === 0
        ? undefined
        : {
            polygons,
            billedBoxes,
            areaKm2: price.ready.reduce((sum, u) => sum + u.aoi.areaKm2, 0),
            billedAreaKm2: billed,
          },
    settings: settingsLines,
    warnings,
    payload: { ...settings, [kind === 'tile' ? 'TileGuids' : 'MiniTileGuids']: price.ready.map((u) => u.id) },
    budget,
    plan: batchPlan(kind, price, settings.Date.slice(0, 10), budget),
    credits: price.credits,
    areaEstimateKm2: billed,
    fileSizeMB: undefined,
    timeSeconds: undefined,
  };
}
