// Download a time series: one frozen request profile over many dates. The dates are planned and
// priced first (series-plan.ts), shown together in one cost panel whose total the budget guard
// compares, and only after Proceed go through the worker pool, one GeoTIFF per date named by the
// date and its request (paid-file-name.ts), each with its STAC Item, and the folder's STAC
// ItemCollection and STAC Collection (collection.json, kept up to date as dates are added) at the end. The folder's purchase ledger (locked for the run) decides: a date
// bought earlier with the same request is skipped, one that may have been paid for is held and
// neither sent nor priced again unless the person names it, and a rerun with another profile
// buys only what it has not bought.
import { freshCompositeCredits } from '../../buying/fresh-price';
import type { CompositeRequest } from '../../api/types';
import { createHash } from 'node:crypto';
import { compositeRequest } from '../../request/request-profile';
import { readAoiOrThrow } from '../engine/aoi-input';
import { SENT_NO_ANSWER, runBatch } from '../engine/batch-runner';
import { BatchManifest } from '../../ledger/batch-manifest';
import type { ManifestUnit } from '../../ledger/batch-manifest';
import { accountOnce } from '../../pricing/account-snapshot';
import type { AccountSnapshot, RunAccount } from '../../pricing/account-snapshot';
import { confirmCost } from '../engine/cost-gate';
import { WorkflowError, isCancellation } from '../../request/workflow-error';
import { sortByLedger } from '../../ledger/ledger-units';
import { paidFileName } from '../../ledger/paid-file-name';
import type { PurchaseLedger } from '../../ledger/purchase-ledger';
import { withFolderLedger } from '../engine/folder-ledger';
import { batchNotStarted } from '../engine/results';
import type { BatchResult } from '../engine/results';
import { requestKey } from '../../ledger/request-key';
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import type { Aoi } from '../../geometry/types';
import type { AreaShape } from '../../raster';
import { poolSize } from '../engine/worker-pool';
import { nameByPixelSize } from '../../request/pixel-size';
import { isItemCurrent, writeStacSidecar } from '../stac/stac-sidecar';
import { withValidity, writeFolderItems, writeItemQuietly } from '../stac/stac-collection';
import type { ImageReads } from '../stac/stac-collection';
import { seriesCollectionId, writeSeriesCollectionQuietly } from '../stac/stac-collection-file';
import { ledgerBoughtDates } from './bought-dates';
import type { PricedDate } from './series-estimate';
import { seriesEstimateModel, totalOf } from './series-estimate';
import { checkAndPrice, dateProfile, defaultSeriesFields, seriesDates, seriesFields } from './series-plan';
import type { SeriesFields } from './series-plan';
import type { DownloadSeriesOptions, SeriesDateReport, SeriesResult } from './series-types';
import { honestProgress } from '../engine/honest-progress';
import { areaShapeOf } from '../composite/area-shape';

/** `composite-<date>-<model>-<resolution>m-<request hash>.tif` */
function seriesFileName(fields: SeriesFields, date: string, key: string): string {
  return paidFileName(['composite', date, fields.model, `${fields.resolution}m`], key);
}

/** A series sends the whole area for every date (its manifest, file names and ItemCollection
 * have one image per date), so an area above the key's maximum is not split as a composite's is. */
function tooLarge(billedKm2: number, maxKm2: number): string {
  return (
    `The billed area (${billedKm2.toFixed(1)} km²) is above the key's maximum composite area of ${maxKm2} km², and a time series sends the whole area for every date. Nothing was sent. ` +
    `Split the area into files of at most ${maxKm2} km² each and run the series on each file, or download single dates with Download Composite, which sends a large area in parts.`
  );
}

/** `asking` 'nobody' (the command line): a setting left open takes its question's default, the
 * model never (defaultSeriesFields); otherwise the questions left open are asked. */
export async function downloadSeries(
  ports: WorkflowPorts,
  source: AoiSource,
  options: DownloadSeriesOptions = {},
  asking: 'person' | 'nobody' = 'person',
): Promise<SeriesResult> {
  ports = honestProgress(ports);
  const { aoi } = readAoiOrThrow(source);
  const result: SeriesResult = { ...batchNotStarted(), dates: [], totalCredits: undefined };
  try {
    ports.progress.report({ message: 'Loading models…' });
    const models = await ports.client.listModels({ signal: ports.signal });
    // Read once, when first needed (the band limit, the maximum area), and carried to the billed calls.
    const account = accountOnce(ports);
    const resolve = asking === 'nobody' ? defaultSeriesFields : seriesFields;
    const asked = await resolve({ ports, aoi, aoiMode: options.aoiMode ?? aoi.format, options, models, account });
    if (!asked) return result;
    const { fields } = asked;
    result.choices = {
      model: fields.model,
      satelliteConstellations: [...fields.satelliteConstellations],
      epsgProjection: fields.epsgProjection,
      resolution: fields.resolution,
      bandnames: fields.bandnames,
      output: fields.output,
    };
    await withFolderLedger(
      ports,
      options.outputDirectory,
      `Download Time Series of ${source.name}`,
      (directory, ledger) => {
        const area = { aoi, shape: areaShapeOf(aoi, source.text) };
        const run = { ports, account, area, fields, options: { ...options, ...asked.dates }, directory, ledger };
        return downloadDates(run, result);
      },
    );
    return result;
  } catch (error) {
    if (isCancellation(error, ports.signal)) return result;
    throw error;
  }
}

/** The area as bought (the AOI) and as measured (its polygons and the fields of its file). */
interface SeriesArea {
  aoi: Aoi;
  shape: AreaShape;
}

/** What one series run works with: its area, its frozen settings, its options (the dates' window
 * and thinning resolved), the output folder and that folder's ledger. */
interface SeriesRun {
  ports: WorkflowPorts;
  account: RunAccount;
  area: SeriesArea;
  fields: SeriesFields;
  options: DownloadSeriesOptions;
  directory: string;
  ledger: PurchaseLedger;
}

/** The dates found, sorted by the ledger, priced and confirmed, bought, and reported. */
async function downloadDates(run: SeriesRun, result: SeriesResult): Promise<void> {
  const { ports, options } = run;
  const limits = await run.account();
  const dates = await findDates(run, limits, result);
  const manifest = await openSeriesManifest(run);
  result.manifestPath = manifest.path;
  const { bodies, sorted } = await sortDates(run, manifest, dates);
  const workers = Math.min(
    poolSize(options.concurrency ?? limits.maxConnections, limits.maxConnections),
    (ports.client as { gate?: { size?: number } }).gate?.size ?? Number.POSITIVE_INFINITY,
  );
  const toPrice = sorted.buy.map((b) => b.unit.id);
  const { priced, refused, go } = await priceAndConfirm(run, limits, toPrice, workers, result);
  const batch = await buyDates(run, limits, manifest, { bodies, sorted, go, workers });
  Object.assign(result, {
    units: batch.units,
    files: batch.files,
    failed: batch.failed,
    uncertain: batch.uncertain,
    bytes: batch.bytes,
    charge: batch.charge,
    creditsSpent: batch.creditsSpent,
  });
  result.dates.push(
    ...dateReports(dates, batch.units, priced, refused, go.length > 0 || priced.length === 0, (date) =>
      manifest.unit(date),
    ),
  );
  result.dates.sort((a, b) => a.date.localeCompare(b.date));
  const cancelled = ports.signal.aborted || (priced.length > 0 && go.length === 0);
  result.outcome = cancelled
    ? 'cancelled'
    : batch.uncertain.length > 0
      ? 'may-have-been-charged'
      : result.dates.some((d) => d.status === 'done' || d.status === 'skipped')
        ? 'completed'
        : 'not-available';
  // The ItemCollection (what GDAL's STACIT driver opens) lists the Collection's dates: every run's.
  const collection = await writeSeriesCollectionQuietly(ports, run.directory, result.files);
  result.collection = collection?.path;
  result.itemCollection = await writeFolderItems(ports, run.directory, collection?.images ?? result.files);
}

/** The dates to buy: an area above the key's maximum is refused before the date search and any
 * availability or estimate call; a date that covers only part of the area is reported, not bought.
 * A searched series keeps the dates its folder's ledger bought with this very request (as an
 * imagery file's plan does): its thinning takes nothing new in their weeks, months or spans. */
async function findDates(
  { ports, area: { aoi }, fields, options, ledger }: SeriesRun,
  limits: AccountSnapshot,
  result: SeriesResult,
): Promise<string[]> {
  if (limits.maxCompositeAreaKm2 !== undefined && aoi.billedAreaKm2 > limits.maxCompositeAreaKm2)
    throw new WorkflowError('invalid-option', tooLarge(aoi.billedAreaKm2, limits.maxCompositeAreaKm2));
  const searching = !(options.dates && options.dates.length > 0);
  const keyOf = (date: string) => requestKey(compositeRequest(dateProfile(aoi, fields, date)));
  const bought = searching ? ledgerBoughtDates(ledger.allUnits(), keyOf) : [];
  const { dates, partial } = await seriesDates(ports, aoi, fields, options, bought);
  for (const date of partial)
    result.dates.push({
      date,
      status: 'partial',
      error: 'the imagery of this date covers only part of the area (set AllowPartialImage to take it)',
    });
  return dates;
}

/** The profile without the AOI text (a hash of it instead): a rerun with other settings starts afresh. */
async function openSeriesManifest({ ports, area: { aoi }, fields, directory }: SeriesRun): Promise<BatchManifest> {
  const profileKey = {
    ...fields,
    satelliteConstellations: [...fields.satelliteConstellations],
    area: createHash('sha256').update(aoi.wkt).digest('hex'),
  };
  return BatchManifest.open(directory, 'series', profileKey as unknown as Record<string, unknown>, ports.redact);
}

/** Each date's key is its exact request body: dates bought earlier with it, and dates held as
 * possibly paid for, are neither priced nor sent. */
async function sortDates(
  { area: { aoi }, fields, options, ledger }: SeriesRun,
  manifest: BatchManifest,
  dates: string[],
) {
  const bodies = new Map(dates.map((date) => [date, compositeRequest(dateProfile(aoi, fields, date))]));
  const sorted = await sortByLedger(
    ledger,
    manifest,
    dates.map((date) => ({ id: date, body: bodies.get(date) })),
    'series',
    options.resendUncertain,
  );
  return { bodies, sorted };
}

type SortedDates = Awaited<ReturnType<typeof sortDates>>;

/** The dates to buy priced together and put to the person in one cost panel; `go` is what they
 * said yes to (none when declined). */
async function priceAndConfirm(
  { ports, area: { aoi }, fields, options }: SeriesRun,
  limits: AccountSnapshot,
  toPrice: string[],
  workers: number,
  result: SeriesResult,
): Promise<{ priced: PricedDate[]; refused: SeriesDateReport[]; go: PricedDate[] }> {
  const { priced, refused } =
    toPrice.length > 0 ? await checkAndPrice(ports, aoi, fields, toPrice, workers) : { priced: [], refused: [] };
  result.totalCredits = totalOf(priced);
  let go: PricedDate[] = priced;
  if (priced.length > 0) {
    const model = seriesEstimateModel(aoi, priced, ports.settings().confirmCostAbove, refused);
    const decision = await confirmCost(ports, model, options.skipConfirmation, limits);
    if (decision.action !== 'proceed') {
      result.reason = 'The cost was not confirmed: nothing was sent.';
      go = [];
    }
  }
  return { priced, refused, go };
}

/** The confirmed dates through the batch runner, each priced again right before it is sent, with
 * their STAC Items; the Items of dates bought earlier brought up to date. */
async function buyDates(
  run: SeriesRun,
  limits: AccountSnapshot,
  manifest: BatchManifest,
  { bodies, sorted, go, workers }: SortedDates & { go: PricedDate[]; workers: number },
): Promise<BatchResult> {
  const { ports, directory, ledger, fields, options } = run;
  const units = go.map((p) => ({ id: p.date, input: p, body: p.request, credits: p.credits }));
  // Dates bought earlier and dates held as possibly charged are reported by the batch runner.
  const earlier = [...sorted.have, ...sorted.held].map(({ unit }) => ({
    id: unit.id,
    input: undefined as PricedDate | undefined,
    body: unit.body,
  }));
  // Items are written beside the downloads, not in the worker's slot: reading an image back
  // must not hold up the next date's request.
  const items: Promise<unknown>[] = [];
  // What each image bought in this run holds over the area and its fields, and its pixel size:
  // the one read of the image that writes its Item measures them too.
  const reads: ImageReads = new Map();
  // The Items link to the folder's Collection (none when collection.json is a file of the person's).
  const collectionId = await seriesCollectionId(directory).catch(() => undefined);
  const batch = await runBatch<PricedDate | undefined>(
    ports,
    manifest,
    [...earlier, ...units],
    {
      noun: 'dates',
      ledger,
      kind: 'series',
      concurrency: workers,
      maxConcurrent: limits.maxConnections,
      resendUncertain: options.resendUncertain,
      creditsBefore: limits.balances.credits,
    },
    async ({ id, input }, onBytes) => {
      if (!input) throw new WorkflowError('invalid-option', `${id} was not planned in this run.`);
      return downloadDate(ports, directory, fields, input, onBytes, (file) =>
        items.push(writeDateItem(run, file, input.profile, input.request, { collectionId, reads })),
      );
    },
    // Each date is priced again right before it is sent, and held to what was confirmed.
    ({ body }) => freshCompositeCredits(ports.client, body as CompositeRequest, ports.signal),
  );
  // Dates bought earlier keep their images; their Items are brought up to date (written by an
  // earlier version, or before the folder had its Collection), so the Collection lists whole Items.
  for (const { unit, path } of sorted.have) {
    const request = bodies.get(unit.id);
    if (path && request && !(await isItemCurrent(path, collectionId)))
      items.push(writeDateItem(run, path, dateProfile(run.area.aoi, fields, unit.id), request, { collectionId }));
  }
  await Promise.all(items);
  withValidity(batch.units, reads, fields.resolution);
  return batch;
}

/** A date's STAC Item beside its image, linked to the folder's Collection. An image bought in this
 * run (`reads` given) is measured over the area and its fields by the same read; one bought
 * earlier only has its Item rewritten. */
function writeDateItem(
  { ports, area: { aoi, shape } }: SeriesRun,
  file: string,
  profile: PricedDate['profile'],
  request: CompositeRequest,
  { collectionId, reads }: { collectionId: string | undefined; reads?: ImageReads },
): Promise<unknown> {
  const links = { collection: collectionId, ...(reads ? { area: shape } : {}) };
  return writeItemQuietly(ports, file, () => writeStacSidecar(file, aoi, profile, request, ports.log, links), reads);
}

async function downloadDate(
  ports: WorkflowPorts,
  directory: string,
  fields: SeriesFields,
  priced: PricedDate,
  onBytes: (n: number) => void,
  written: (file: string) => void,
): Promise<{ file: string | undefined; bytes: number }> {
  const { date, request } = priced;
  // The name carries the request's hash: parallel dates, and other profiles' images, never share
  // one; a file of the person's already at it is kept and the image takes the next free name.
  const fileName = seriesFileName(fields, date, requestKey(request));
  const answer = await ports.client.downloadComposite(
    request,
    { directory, fileName, fallbackName: fileName, onProgress: onBytes },
    { signal: ports.signal },
  );
  // Named by the pixels the file holds, which may be coarser than those asked.
  const file = answer.path ? await nameByPixelSize(answer.path, fields.resolution, ports.log) : undefined;
  if (file) written(file);
  return { file, bytes: answer.bytes };
}

function dateReports(
  dates: string[],
  units: SeriesResult['units'],
  priced: PricedDate[],
  refused: SeriesDateReport[],
  sent: boolean,
  recorded: (date: string) => ManifestUnit | undefined,
): SeriesDateReport[] {
  const byId = new Map(units.map((u) => [u.id, u]));
  const credits = new Map(priced.map((p) => [p.date, p.credits]));
  const refusedBy = new Map(refused.map((r) => [r.date, r]));
  return dates.map((date): SeriesDateReport => {
    const refusal = refusedBy.get(date);
    if (refusal) return refusal;
    const unit = byId.get(date);
    const price = credits.get(date);
    const common = { date, ...(price !== undefined ? { credits: price } : {}) };
    // A date cancelled mid-download has no report from the runner, but was sent: the manifest says so.
    const record = recorded(date);
    if (!unit && record?.status === 'may-have-been-charged')
      return { ...common, status: 'may-have-been-charged', error: record.error ?? SENT_NO_ANSWER };
    if (!unit)
      return {
        ...common,
        status: 'not-sent',
        ...(sent ? { error: 'cancelled before it was sent' } : { error: 'the cost was not confirmed' }),
      };
    return {
      ...common,
      status: unit.status,
      ...(unit.file ? { file: unit.file } : {}),
      ...(unit.bytes !== undefined ? { bytes: unit.bytes } : {}),
      ...(unit.validFraction !== undefined ? { validFraction: unit.validFraction } : {}),
      ...(unit.coverage ? { coverage: unit.coverage } : {}),
      ...(unit.pixelSize ? { pixelSize: unit.pixelSize } : {}),
      ...(unit.error ? { error: unit.error } : {}),
    };
  });
}
