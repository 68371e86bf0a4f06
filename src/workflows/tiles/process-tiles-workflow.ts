// Process many tiles or mini-tiles, each to its own file (engine/batch-runner.ts: worker pool, manifest,
// "n of N, bytes"). The settings are asked like a composite's, then the tiles, unless the options
// fix them. Failed units are reported with their reasons; rerunning the command retries only them.
// The run goes in named steps: the questions (batchWizard), the price and the person's yes
// (confirmBatch), then the billed units through the batch runner (buyUnits).
import type { TaskingModel, TileRecord } from '../../api/types';
import { readAoiOrThrow } from '../engine/aoi-input';
import { WorkflowError, isCancellation, unlessCancelled } from '../../request/workflow-error';
import { accountOnce } from '../../pricing/account-snapshot';
import type { RunAccount } from '../../pricing/account-snapshot';
import { BatchManifest } from '../../ledger/batch-manifest';
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import { parseBandExpression } from '../../request/band-expression';
import { checkOutputNames } from '../../request/output-fields';
import type { CompositeChoices } from '../composite/composite-prompts';
import { missingOptions } from '../engine/default-answers';
import { ASK_THE_PERSON, openQuestions } from '../engine/resolve';
import type { Settling } from '../engine/resolve';
import { resolveTiles, tilesQuestions, tilesState } from './tiles-resolve';
import type { BatchState, SharedSettings, TilesInput } from './tiles-resolve';
import { aoiField } from '../../request/request-profile';
import { batchNotStarted } from '../engine/results';
import type { BatchResult, BatchUnitReport } from '../engine/results';
import { runBatch } from '../engine/batch-runner';
import { sortByLedger } from '../../ledger/ledger-units';
import { paidFileName } from '../../ledger/paid-file-name';
import type { PurchaseLedger } from '../../ledger/purchase-ledger';
import { withFolderLedger } from '../engine/folder-ledger';
import { requestKey } from '../../ledger/request-key';
import { uploadTarget } from '../composite/save-composite-file';
import { readAoi } from '../../geometry/index';
import type { Aoi } from '../../geometry/types';
import { writeStacSidecar } from '../stac/stac-sidecar';
import { withValidity, writeFolderItems, writeItemQuietly } from '../stac/stac-collection';
import type { ImageReads } from '../stac/stac-collection';
import { unitShapeOf } from '../composite/area-shape';
import { confirmCost } from '../engine/cost-gate';
import { batchEstimateModel, freshUnitCredits, priceTileBatch, unitCredits } from './tile-batch-price';
import type { BatchPrice, UnitSettings } from './tile-batch-price';
import { honestProgress } from '../engine/honest-progress';

/** Where a tile lies: its footprint (DataGeogWkt), when the search returned it. */
function footprintOf(tile: TileRecord | undefined): Aoi | undefined {
  const wkt = tile?.DataGeogWkt;
  if (typeof wkt !== 'string') return undefined;
  const read = readAoi(wkt, 'wkt');
  return read.ok ? read.aoi : undefined;
}

export type BatchKind = 'tile' | 'minitile';

export interface ProcessTilesOptions extends CompositeChoices {
  /** The units; default: every (mini-)tile over the AOI, chosen in a prompt. */
  tileGuids?: string[];
  from?: string;
  to?: string;
  outputDirectory?: string;
  /** Workers; bounded by the key's MaxConcurrentConnections. Default 2. */
  concurrency?: number;
  skipConfirmation?: boolean;
  /** Units that may have been charged in an earlier run (their answer was lost) and that the
   * person chose to send again ('all': every such unit of the folder's manifest); any other such
   * unit is skipped. */
  resendUncertain?: string[] | 'all';
}

/** What one run works with: its kind, its area (none when the options named the tiles), its
 * options, the output folder and that folder's ledger. */
interface BatchRun {
  ports: WorkflowPorts;
  kind: BatchKind;
  aoi: Aoi | undefined;
  options: ProcessTilesOptions;
  directory: string;
  ledger: PurchaseLedger;
  /** How the questions the settings and options leave open are settled (engine/resolve.ts). */
  settling: Settling;
}

/** What the questions resolve from, and their state so far. */
interface BatchWizard {
  input: TilesInput;
  account: RunAccount;
  state: BatchState;
}

/** The batch the person (or the budget) said yes to: the settings every unit shares, its manifest
 * and its price. */
interface ConfirmedBatch {
  model: string;
  shared: SharedSettings;
  manifest: BatchManifest;
  price: BatchPrice;
}

export async function processTiles(
  ports: WorkflowPorts,
  kind: BatchKind,
  source: AoiSource | undefined,
  options: ProcessTilesOptions = {},
  settling: Settling = ASK_THE_PERSON,
): Promise<BatchResult> {
  ports = honestProgress(ports);
  const aoi = source ? readAoiOrThrow(source).aoi : undefined;
  if (!aoi && (!options.tileGuids?.length || !options.date)) {
    throw new WorkflowError(
      'invalid-option',
      'Processing tiles needs an area of interest, or both tile GUIDs and a date.',
    );
  }
  const result = batchNotStarted();
  const command = `Process ${kind === 'tile' ? 'Tiles' : 'Mini-tiles'} (${(options.tileGuids ?? []).length || 'chosen'} units)`;
  return withFolderLedger(ports, options.outputDirectory, command, (directory, ledger) =>
    processThroughLedger({ ports, kind, aoi, options, directory, ledger, settling }, result),
  );
}

/** The billed call of each unit: its exact request body, the unit's key in the ledger. */
function unitBody(
  kind: BatchKind,
  shared: UnitSettings,
  id: string,
): UnitSettings & { TileGuid?: string; MiniTileGuid?: string } {
  return kind === 'tile' ? { ...shared, TileGuid: id } : { ...shared, MiniTileGuid: id };
}

async function processThroughLedger(run: BatchRun, result: BatchResult): Promise<BatchResult> {
  try {
    const wizard = await batchWizard(run);
    const confirmed = await confirmBatch(run, wizard, result);
    if (!confirmed) return result;
    const footprints = await tileFootprints(run, wizard.state);
    result.manifestPath = confirmed.manifest.path;
    return await buyUnits(run, wizard, confirmed, footprints);
  } catch (error) {
    if (isCancellation(error, run.ports.signal)) return result;
    throw error;
  }
}

/** The options checked, the models loaded and the questions' starting state (a composite's, then
 * the tiles: tiles-resolve.ts). */
async function batchWizard({ ports, kind, aoi, options }: BatchRun): Promise<BatchWizard> {
  checkOutputNames(kind, options.output);
  const fixedBands = options.bandnames ?? ports.settings().defaults.bandnames;
  if (fixedBands !== undefined) parseBandExpression(fixedBands);
  ports.progress.report({ message: 'Loading models…' });
  const models: TaskingModel[] = await ports.client.listModels({ signal: ports.signal });
  // Read once, when first needed (the band limit, the price), and carried to the billed calls.
  const account = accountOnce(ports);
  const input: TilesInput = { ports, kind, aoi, options, models, account };
  return { input, account, state: await tilesState(input) };
}

/** Asks, prices and asks again until the person proceeds (undefined: stopped, `result` says why).
 * Nothing billed before the batch is priced and the person (or the budget) said yes. */
async function confirmBatch(
  run: BatchRun,
  wizard: BatchWizard,
  result: BatchResult,
): Promise<ConfirmedBatch | undefined> {
  const { ports, kind, options } = run;
  const { input, account, state } = wizard;
  for (;;) {
    const resolved = await resolveTiles(input, run.settling, state);
    if (resolved === undefined) return undefined;
    if ('open' in resolved) throw missingOptions(resolved.open);
    const { model, shared } = resolved;
    const manifest = await openBatchManifest(run, shared);
    const pending = await unitsToBuy(run, manifest, shared, resolved.tiles);
    // The run's account sizes the client's gate to the key before the checks run in parallel.
    await account();
    const price = await priceTileBatch(ports, kind, pending, state.candidates, shared);
    if (pending.length === 0) return { model, shared, manifest, price };
    if (price.ready.length === 0) {
      result.outcome = 'not-available';
      result.failed = notReadyReports(price, '');
      return undefined;
    }
    const view = batchEstimateModel(kind, price, shared, ports.settings().confirmCostAbove);
    const decision = await confirmCost(ports, view, options.skipConfirmation, await account());
    if (decision.action === 'cancel') return undefined;
    if (decision.action === 'proceed') return { model, shared, manifest, price };
    // "Change" with nothing left to ask ends the run.
    if (openQuestions(tilesQuestions(input, ports, state)).length === 0) return undefined;
  }
}

/** The manifest first: a link at its name stops the batch, and units done in an earlier run with
 * these settings are neither priced nor sent again. A pre-signed UploadUrl carries its secret in
 * the query: the manifest keeps only the address. */
async function openBatchManifest({ ports, kind, directory }: BatchRun, shared: SharedSettings): Promise<BatchManifest> {
  const recorded: Record<string, unknown> = shared.UploadUrl
    ? { ...shared, UploadUrl: uploadTarget(shared.UploadUrl) }
    : { ...shared };
  return BatchManifest.open(directory, kind, recorded, ports.redact);
}

/** The units still to buy: those bought here before with these settings (the ledger) are neither
 * priced nor sent again. */
async function unitsToBuy(
  { kind, options, ledger }: BatchRun,
  manifest: BatchManifest,
  shared: SharedSettings,
  unitIds: string[],
): Promise<string[]> {
  const sorted = await sortByLedger(
    ledger,
    manifest,
    unitIds.map((id) => ({ id, body: unitBody(kind, shared, id) })),
    kind,
    options.resendUncertain,
  );
  return sorted.buy.map((b) => b.unit.id);
}

/** The units the service has no imagery for: reported failed, nothing billed. */
function notReadyReports(price: BatchPrice, prefix: string): BatchUnitReport[] {
  return price.notReady.map(({ id, reason }) => ({
    id,
    status: 'failed' as const,
    error: `${prefix}${reason}`,
    notAvailable: true as const,
  }));
}

/** Sends the confirmed units through the batch runner, each priced again right before it leaves,
 * and reports them with the units that were not ready. */
async function buyUnits(
  run: BatchRun,
  { account, state }: BatchWizard,
  confirmed: ConfirmedBatch,
  footprints: TileRecord[],
): Promise<BatchResult> {
  const { ports, kind, options, directory, ledger } = run;
  const { shared, manifest, price } = confirmed;
  const { maxConnections: maxConcurrent, balances } = await account();
  const left = new Set(price.notReady.map((u) => u.id));
  const units = (state.tiles ?? [])
    .filter((id) => !left.has(id))
    .map((id) => ({ id, input: id, body: unitBody(kind, shared, id), credits: unitCredits(price, id) }));
  const batch = {
    noun: kind === 'tile' ? 'tiles' : 'mini-tiles',
    ledger,
    kind,
    concurrency: options.concurrency,
    maxConcurrent,
    creditsBefore: balances.credits,
    resendUncertain: options.resendUncertain,
    derivedPrices: true,
  };
  const reads: ImageReads = new Map();
  const outcome = await runBatch(
    ports,
    manifest,
    units,
    batch,
    ({ id, body }, onBytes) => downloadUnit(run, confirmed, footprints, reads, id, body, onBytes),
    // Each unit is priced again right before it is sent, and held to what was confirmed.
    ({ id }) => freshUnitCredits(ports, price, id),
  );
  withValidity(outcome.units, reads, shared.Resolution);
  const notReady = notReadyReports(price, 'not sent: ');
  const itemCollection = await writeFolderItems(ports, directory, outcome.files);
  return {
    ...outcome,
    units: [...outcome.units, ...notReady],
    failed: [...outcome.failed, ...notReady],
    choices: { ...state.chosen },
    ...(itemCollection ? { itemCollection } : {}),
  };
}

/** The tiles' footprints place each image's STAC Item; one search (not billed) when the options
 * named the tiles. */
async function tileFootprints({ ports, aoi }: BatchRun, state: BatchState): Promise<TileRecord[]> {
  if (state.candidates.length > 0 || !aoi) return state.candidates;
  return unlessCancelled(ports.client.searchTiles(aoiField(aoi, 'wkt'), { signal: ports.signal }), ports.signal, []);
}

/** One unit's billed download into its paid file name, and its STAC Item beside it. */
async function downloadUnit(
  { ports, kind, aoi, directory }: BatchRun,
  { model, shared }: ConfirmedBatch,
  footprints: TileRecord[],
  reads: ImageReads,
  id: string,
  body: unknown,
  onBytes: (n: number) => void,
): Promise<{ file: string | undefined; bytes: number }> {
  const fileName = paidFileName([kind, id, shared.Date.slice(0, 10)], requestKey(body));
  const target = { directory, fileName, fallbackName: fileName, onProgress: onBytes };
  const written =
    kind === 'tile'
      ? await ports.client.downloadTile({ ...shared, TileGuid: id }, target, { signal: ports.signal })
      : await ports.client.downloadMiniTile({ ...shared, MiniTileGuid: id }, target, { signal: ports.signal });
  const file = written.path;
  const area = footprintOf(footprints.find((t) => t.Guid === id)) ?? aoi;
  if (file && area)
    await writeItemQuietly(
      ports,
      file,
      () =>
        writeStacSidecar(
          file,
          area,
          itemProfileOf(model, shared),
          { ...shared, [kind === 'tile' ? 'TileGuid' : 'MiniTileGuid']: id },
          ports.log,
          { area: unitShapeOf(area) },
        ),
      reads,
    );
  else if (file) ports.log?.(`No STAC Item beside ${file}: neither the tile's footprint nor an area is known.`);
  return { file, bytes: written.bytes };
}

/** What each unit's STAC Item says of how it was made. */
function itemProfileOf(model: string, shared: SharedSettings) {
  return {
    date: shared.Date.slice(0, 10),
    epsgProjection: shared.EpsgProjection ?? 4326,
    bandnames: shared.Bandnames ?? 'rgb',
    model,
    satelliteConstellations: shared.SatelliteConstellations,
    resolution: shared.Resolution ?? 0,
  };
}
