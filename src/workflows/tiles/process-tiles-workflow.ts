// Process many tiles or mini-tiles, each to its own file (engine/batch-runner.ts: worker pool, manifest,
// "n of N, bytes"). The settings are asked like a composite's, then the tiles, unless the options
// fix them. Failed units are reported with their reasons; rerunning the command retries only them.
import type { TaskingModel, TileRecord } from '../../api/types';
import { readAoiOrThrow } from '../engine/aoi-input';
import { checkConstellations, checkModel, checkResolution } from '../engine/choices';
import { checkBandExpression, modelBandsOf, parseBandExpression } from '../engine/band-expression';
import { checkEpsg } from '../engine/projection';
import { checkOutput, checkOutputNames, fieldRules } from '../engine/output-fields';
import { bandLimitMatters, compositeSteps, initialPromptState, loadBandLimit } from '../composite/composite-prompts';
import type { CompositeChoices, CompositePromptState } from '../composite/composite-prompts';
import { windowOf } from '../dates/date-search';
import { WorkflowError, isCancellation, unlessCancelled } from '../engine/errors';
import { accountOnce } from '../engine/account-snapshot';
import { BatchManifest } from '../engine/batch-manifest';
import { nowOf } from '../engine/ports';
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import { aoiField, dateTimeOf } from '../engine/request-profile';
import type { BatchResult } from '../engine/results';
import { runBatch } from '../engine/batch-runner';
import { sortByLedger } from '../engine/ledger-units';
import { paidFileName } from '../engine/paid-file-name';
import { PurchaseLedger } from '../engine/purchase-ledger';
import { requestKey } from '../engine/request-key';
import { uploadTarget } from '../composite/save-composite-file';
import { findTiles, pickTiles } from './search-tiles-workflow';
import { runWizard } from '../engine/wizard';
import type { WizardStep } from '../engine/wizard';
import { checkOutputFolder } from '../engine/output-folder';
import { readAoi } from '../../geometry/index';
import type { Aoi } from '../../geometry/types';
import { writeStacSidecar } from '../stac/stac-sidecar';
import { withValidity, writeFolderItems, writeItemQuietly } from '../stac/stac-collection';
import type { ImageReads } from '../stac/stac-collection';
import { unitShapeOf } from '../composite/area-shape';

/** Where a tile lies: its footprint (DataGeogWkt), when the search returned it. */
function footprintOf(tile: TileRecord | undefined): Aoi | undefined {
  const wkt = tile?.DataGeogWkt;
  if (typeof wkt !== 'string') return undefined;
  const read = readAoi(wkt, 'wkt');
  return read.ok ? read.aoi : undefined;
}
import { confirmCost } from '../engine/cost-gate';
import { batchEstimateModel, freshUnitCredits, priceTileBatch, unitCredits } from './tile-batch-price';
import type { BatchPrice, UnitSettings } from './tile-batch-price';
import { honestProgress } from '../engine/honest-progress';

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

interface BatchState extends CompositePromptState {
  candidates: TileRecord[];
  tiles?: string[];
}

export async function processTiles(
  ports: WorkflowPorts,
  kind: BatchKind,
  source: AoiSource | undefined,
  options: ProcessTilesOptions = {},
): Promise<BatchResult> {
  ports = honestProgress(ports);
  const aoi = source ? readAoiOrThrow(source).aoi : undefined;
  if (!aoi && (!options.tileGuids?.length || !options.date)) {
    throw new WorkflowError(
      'invalid-option',
      'Processing tiles needs an area of interest, or both tile GUIDs and a date.',
    );
  }
  const result: BatchResult = {
    outcome: 'cancelled',
    manifestPath: undefined,
    units: [],
    files: [],
    failed: [],
    uncertain: [],
    bytes: 0,
  };
  const directory = options.outputDirectory ?? ports.settings().outputDirectory;
  if (!directory)
    throw new WorkflowError(
      'invalid-option',
      'No output folder: set satImagery.outputDirectory or open a workspace folder.',
    );
  await checkOutputFolder(directory, ports.settings().workspaceFolder);
  const ledger = await PurchaseLedger.open(directory, {
    command: `Process ${kind === 'tile' ? 'Tiles' : 'Mini-tiles'} (${(options.tileGuids ?? []).length || 'chosen'} units)`,
    redact: ports.redact,
  });
  try {
    return await processThroughLedger(ports, kind, aoi, options, directory, ledger, result);
  } finally {
    await ledger.close();
  }
}

/** The billed call of each unit: its exact request body, the unit's key in the ledger. */
function unitBody(
  kind: BatchKind,
  shared: UnitSettings,
  id: string,
): UnitSettings & { TileGuid?: string; MiniTileGuid?: string } {
  return kind === 'tile' ? { ...shared, TileGuid: id } : { ...shared, MiniTileGuid: id };
}

async function processThroughLedger(
  ports: WorkflowPorts,
  kind: BatchKind,
  aoi: Aoi | undefined,
  options: ProcessTilesOptions,
  directory: string,
  ledger: PurchaseLedger,
  result: BatchResult,
): Promise<BatchResult> {
  try {
    checkOutputNames(kind, options.output);
    const fixedBands = options.bandnames ?? ports.settings().defaults.bandnames;
    if (fixedBands !== undefined) parseBandExpression(fixedBands);
    ports.progress.report({ message: 'Loading models…' });
    const models: TaskingModel[] = await ports.client.listModels({ signal: ports.signal });
    // Read once, when first needed (the band limit, the price), and carried to the billed calls.
    const account = accountOnce(ports);
    const state: BatchState = {
      ...initialPromptState(options, ports.settings().defaults, models, kind),
      candidates: [],
      tiles: options.tileGuids,
    };
    state.rules = await fieldRules(ports, kind);
    checkOutput(state.chosen.output ?? {}, state.rules);
    const steps: WizardStep<BatchState>[] = compositeSteps({
      ports,
      aoi,
      aoiMode: 'wkt',
      window: windowOf(options, nowOf(ports)),
      account,
    });
    steps.push({
      id: 'tiles',
      fixed: () => options.tileGuids !== undefined,
      ask: async (s, position) => {
        if (s.candidates.length === 0)
          s.candidates = await findTiles(ports, aoi!, kind === 'tile' ? 'tiles' : 'minitiles');
        const answer = await pickTiles(ports, s.candidates, position);
        if (Array.isArray(answer)) s.tiles = answer;
        return Array.isArray(answer) ? true : answer;
      },
    });
    let shared: UnitSettings & ReturnType<typeof checkOutput>;
    let manifest: BatchManifest;
    let price: BatchPrice;
    let model: string;
    // Nothing billed before the batch is priced and the person (or the budget) said yes.
    for (;;) {
      if (!(await runWizard(steps, state))) return result;
      model = checkModel(state.chosen.model!, models);
      const unitIds = state.tiles ?? [];
      const modelBands = modelBandsOf(models.find((m) => m.Model === model));
      if (bandLimitMatters(state.chosen.bandnames, modelBands)) await loadBandLimit(account, state);
      if (state.chosen.bandnames !== undefined)
        checkBandExpression(state.chosen.bandnames, state.maxTotalBands, modelBands);
      if (state.chosen.epsgProjection !== undefined)
        checkEpsg(state.chosen.epsgProjection, state.rules.enums.EpsgProjection);
      const output = checkOutput(state.chosen.output ?? {}, state.rules);
      if (output.UploadUrl && unitIds.length > 1)
        throw new WorkflowError(
          'invalid-option',
          'Several tiles cannot share one UploadUrl: each would overwrite the one before.',
        );
      shared = {
        ...output,
        Date: dateTimeOf(state.chosen.date!),
        Model: model,
        SatelliteConstellations: checkConstellations(model, state.chosen.satelliteConstellations ?? [], models),
        Bandnames: state.chosen.bandnames,
        Resolution: state.chosen.resolution === undefined ? undefined : checkResolution(state.chosen.resolution),
        EpsgProjection: state.chosen.epsgProjection,
      };
      // The manifest first: a link at its name stops the batch, and units done in an earlier run
      // with these settings are neither priced nor sent again. A pre-signed UploadUrl carries its
      // secret in the query: the manifest keeps only the address.
      const recorded: Record<string, unknown> = output.UploadUrl
        ? { ...shared, UploadUrl: uploadTarget(output.UploadUrl) }
        : { ...shared };
      manifest = await BatchManifest.open(directory, kind, recorded, ports.redact);
      // Units bought here before with these settings (the ledger) are neither priced nor sent again.
      const sorted = await sortByLedger(
        ledger,
        manifest,
        unitIds.map((id) => ({ id, body: unitBody(kind, shared, id) })),
        kind,
        options.resendUncertain,
      );
      const pending = sorted.buy.map((b) => b.unit.id);
      // The run's account sizes the client's gate to the key before the checks run in parallel.
      await account();
      price = await priceTileBatch(ports, kind, pending, state.candidates, shared);
      if (pending.length === 0) break;
      if (price.ready.length === 0) {
        result.outcome = 'not-available';
        result.failed = price.notReady.map(({ id, reason }) => ({
          id,
          status: 'failed',
          error: reason,
          notAvailable: true,
        }));
        return result;
      }
      const view = batchEstimateModel(kind, price, shared, ports.settings().confirmCostAbove);
      const decision = await confirmCost(ports, view, price.credits, options.skipConfirmation, await account());
      if (decision.action === 'cancel') return result;
      if (decision.action === 'proceed') break;
      if (!steps.some((step) => !step.fixed(state))) return result; // "change" with nothing left to ask
    }
    // The tiles' footprints place each image's STAC Item; one search (not billed) when the options named the tiles.
    const footprints =
      state.candidates.length > 0 || !aoi
        ? state.candidates
        : await unlessCancelled(
            ports.client.searchTiles(aoiField(aoi, 'wkt'), { signal: ports.signal }),
            ports.signal,
            [],
          );
    const itemProfile = {
      date: shared.Date.slice(0, 10),
      epsgProjection: shared.EpsgProjection ?? 4326,
      bandnames: shared.Bandnames ?? 'rgb',
      model,
      satelliteConstellations: shared.SatelliteConstellations,
      resolution: shared.Resolution ?? 0,
    };
    result.manifestPath = manifest.path;
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
      async ({ id, body }, onBytes) => {
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
                itemProfile,
                { ...shared, [kind === 'tile' ? 'TileGuid' : 'MiniTileGuid']: id },
                ports.log,
                { area: unitShapeOf(area) },
              ),
            reads,
          );
        else if (file) ports.log?.(`No STAC Item beside ${file}: neither the tile's footprint nor an area is known.`);
        return { file, bytes: written.bytes };
        // Each unit is priced again right before it is sent, and held to what was confirmed.
      },
      ({ id }) => freshUnitCredits(ports, price, id),
    );
    withValidity(outcome.units, reads, shared.Resolution);
    const notReady = price.notReady.map(({ id, reason }) => ({
      id,
      status: 'failed' as const,
      error: `not sent: ${reason}`,
      notAvailable: true as const,
    }));
    const itemCollection = await writeFolderItems(ports, directory, outcome.files);
    return {
      ...outcome,
      units: [...outcome.units, ...notReady],
      failed: [...outcome.failed, ...notReady],
      choices: { ...state.chosen },
      ...(itemCollection ? { itemCollection } : {}),
    };
  } catch (error) {
    if (isCancellation(error, ports.signal)) return result;
    throw error;
  }
}
