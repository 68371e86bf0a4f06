// Download a time series: one frozen request profile over many dates. The dates are planned and
// priced first (series-plan.ts), shown together in one cost panel whose total the budget guard
// compares, and only after Proceed go through the worker pool, one GeoTIFF per date named by the
// date, each with its STAC Item, and the folder's STAC ItemCollection at the end. A manifest
// beside the images makes a rerun skip finished dates. A date is recorded as "may have been
// charged" just before its billed call: a run killed then (or whose answer was lost) leaves it
// so, and a rerun neither sends it nor prices it again unless the person names it.
import { createHash } from 'node:crypto';
import { lstat, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { moveExclusive } from '../../api/safe-files';
import { readAoiOrThrow } from '../engine/aoi-input';
import { SENT_NO_ANSWER, isHeld, runBatch } from '../engine/batch-runner';
import { BatchManifest } from '../engine/batch-manifest';
import type { ManifestUnit } from '../engine/batch-manifest';
import { confirmCost } from '../engine/cost-gate';
import { WorkflowError, isCancellation } from '../engine/errors';
import { checkOutputFolder } from '../engine/output-folder';
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import { keyLimits } from '../composite/split-into-parts';
import { poolSize } from '../engine/worker-pool';
import { writeStacSidecar } from '../stac/stac-sidecar';
import { writeFolderItems, writeItemQuietly } from '../stac/stac-collection';
import type { PricedDate } from './series-estimate';
import { seriesEstimateModel, totalOf } from './series-estimate';
import { checkAndPrice, seriesDates, seriesFields } from './series-plan';
import type { SeriesFields } from './series-plan';
import type { DownloadSeriesOptions, SeriesDateReport, SeriesResult } from './series-types';
import { honestProgress } from '../engine/honest-progress';

const STAGING = '.sat-imagery-series';

export function seriesFileName(fields: SeriesFields, date: string): string {
  return `composite-${date}-${fields.model}-${fields.resolution}m.tif`;
}

/** A series sends the whole area for every date (its manifest, file names and ItemCollection
 * have one image per date), so an area above the key's maximum is not split as a composite's is. */
function tooLarge(billedKm2: number, maxKm2: number): string {
  return (
    `The billed area (${billedKm2.toFixed(1)} km²) is above the key's maximum composite area of ${maxKm2} km², and a time series sends the whole area for every date. Nothing was sent. ` +
    `Split the area into files of at most ${maxKm2} km² each and run the series on each file, or download single dates with Download Composite, which sends a large area in parts.`
  );
}

export async function downloadSeries(ports: WorkflowPorts, source: AoiSource, options: DownloadSeriesOptions = {}): Promise<SeriesResult> {
  ports = honestProgress(ports);
  const { aoi } = readAoiOrThrow(source);
  const result: SeriesResult = { outcome: 'cancelled', manifestPath: undefined, units: [], files: [], failed: [], uncertain: [], bytes: 0, dates: [], totalCredits: undefined };
  try {
    ports.progress.report({ message: 'Loading models…' });
    const models = await ports.client.listModels({ signal: ports.signal });
    const asked = await seriesFields(ports, aoi, options.aoiMode ?? aoi.format, options, models);
    if (!asked) return result;
    const { fields } = asked;
    result.choices = { model: fields.model, satelliteConstellations: [...fields.satelliteConstellations], epsgProjection: fields.epsgProjection, resolution: fields.resolution, bandnames: fields.bandnames, output: fields.output };
    const directory = options.outputDirectory ?? ports.settings().outputDirectory;
    if (!directory) throw new WorkflowError('invalid-option', 'No output folder: set satImagery.outputDirectory or open a workspace folder.');
    await checkOutputFolder(directory);
    const limits = await keyLimits(ports);
    // Before the date search and any availability or estimate call.
    if (limits.maxAreaKm2 !== undefined && aoi.billedAreaKm2 > limits.maxAreaKm2) throw new WorkflowError('invalid-option', tooLarge(aoi.billedAreaKm2, limits.maxAreaKm2));
    const { dates, partial } = await seriesDates(ports, aoi, fields, { ...options, ...asked.dates });
    for (const date of partial) result.dates.push({ date, status: 'partial', error: 'the imagery of this date covers only part of the area (set AllowPartialImage to take it)' });

    // The profile without the AOI text (a hash of it instead): a rerun with other settings starts afresh.
    const profileKey = { ...fields, satelliteConstellations: [...fields.satelliteConstellations], area: createHash('sha256').update(aoi.wkt).digest('hex') };
    const manifest = await BatchManifest.open(directory, 'series', profileKey as unknown as Record<string, unknown>, ports.redact);
    result.manifestPath = manifest.path;
    const held = (date: string) => isHeld(manifest, date, options.resendUncertain);
    const toPrice = dates.filter((d) => !manifest.isDone(d) && !held(d));

    const workers = Math.min(poolSize(options.concurrency ?? limits.maxConcurrent, limits.maxConcurrent), (ports.client as { gate?: { size?: number } }).gate?.size ?? Number.POSITIVE_INFINITY);
    const { priced, refused } = toPrice.length > 0 ? await checkAndPrice(ports, aoi, fields, toPrice, workers) : { priced: [], refused: [] };
    result.totalCredits = totalOf(priced);
    let go: PricedDate[] = priced;
    if (priced.length > 0) {
      const model = seriesEstimateModel(aoi, priced, ports.settings().confirmCostAbove);
      const decision = await confirmCost(ports, model, result.totalCredits, options.skipConfirmation);
      if (decision.action !== 'proceed') {
        result.reason = 'The cost was not confirmed: nothing was sent.';
        go = [];
      }
    }
    const units = go.map((p) => ({ id: p.date, input: p }));
    // Dates done earlier and dates held as possibly charged are reported by the batch runner.
    const earlier = dates.filter((d) => manifest.isDone(d) || held(d)).map((d) => ({ id: d, input: undefined as PricedDate | undefined }));
    // Items are written beside the downloads, not in the worker's slot: reading an image back
    // must not hold up the next date's request.
    const items: Promise<unknown>[] = [];
    const batch = await runBatch<PricedDate | undefined>(
      ports,
      manifest,
      [...earlier, ...units],
      { noun: 'dates', concurrency: workers, maxConcurrent: limits.maxConcurrent, resendUncertain: options.resendUncertain, creditsBefore: limits.credits },
      async ({ id, input }, onBytes) => {
        if (!input) throw new WorkflowError('invalid-option', `${id} was not planned in this run.`);
        return downloadDate(ports, directory, fields, input, onBytes, (file) => items.push(writeItemQuietly(ports, file, () => writeStacSidecar(file, aoi, input.profile, input.request, ports.log))));
      },
    );
    await Promise.all(items);
    Object.assign(result, { units: batch.units, files: batch.files, failed: batch.failed, uncertain: batch.uncertain, bytes: batch.bytes, charge: batch.charge });
    await rm(join(directory, STAGING), { recursive: true, force: true }).catch(() => undefined);
    result.dates.push(...dateReports(dates, batch.units, priced, refused, go.length > 0 || priced.length === 0, (date) => manifest.unit(date)));
    result.dates.sort((a, b) => a.date.localeCompare(b.date));
    const cancelled = ports.signal.aborted || (priced.length > 0 && go.length === 0);
    result.outcome = cancelled ? 'cancelled' : batch.uncertain.length > 0 ? 'may-have-been-charged' : result.dates.some((d) => d.status === 'done' || d.status === 'skipped') ? 'completed' : 'not-available';
    result.itemCollection = await writeFolderItems(ports, directory, result.files);
    return result;
  } catch (error) {
    if (isCancellation(error, ports.signal)) return result;
    throw error;
  }
}

async function downloadDate(ports: WorkflowPorts, directory: string, fields: SeriesFields, priced: PricedDate, onBytes: (n: number) => void, written: (file: string) => void): Promise<{ file: string | undefined; bytes: number }> {
  const { date, request } = priced;
  const staging = join(directory, STAGING, date);
  const info = await lstat(join(directory, STAGING)).catch(() => undefined);
  if (info && (info.isSymbolicLink() || !info.isDirectory())) throw new WorkflowError('invalid-option', `${join(directory, STAGING)} is in the way; move it away. ${date} was not sent.`);
  // A run killed mid-download leaves its .part here: the folder is ours, start it empty. (The
  // batch runner has recorded the date as possibly charged: a crash from here never resends it.)
  await rm(staging, { recursive: true, force: true });
  const answer = await ports.client.downloadComposite(request, { directory: staging, fallbackName: seriesFileName(fields, date), onProgress: onBytes }, { signal: ports.signal });
  if (!answer.path) return { file: undefined, bytes: answer.bytes };
  // Parallel dates would pick the same server-given name: each lands apart, then takes its date.
  const file = join(directory, seriesFileName(fields, date));
  await moveExclusive(answer.path, file);
  await rm(staging, { recursive: true, force: true });
  written(file);
  return { file, bytes: answer.bytes };
}

function dateReports(dates: string[], units: SeriesResult['units'], priced: PricedDate[], refused: SeriesDateReport[], sent: boolean, recorded: (date: string) => ManifestUnit | undefined): SeriesDateReport[] {
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
    if (!unit && record?.status === 'may-have-been-charged') return { ...common, status: 'may-have-been-charged', error: record.error ?? SENT_NO_ANSWER };
    if (!unit) return { ...common, status: 'not-sent', ...(sent ? { error: 'cancelled before it was sent' } : { error: 'the cost was not confirmed' }) };
    return { ...common, status: unit.status, ...(unit.file ? { file: unit.file } : {}), ...(unit.bytes !== undefined ? { bytes: unit.bytes } : {}), ...(unit.error ? { error: unit.error } : {}) };
  });
}
