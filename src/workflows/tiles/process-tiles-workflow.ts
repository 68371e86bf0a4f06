// Process many tiles or mini-tiles, each to its own file (engine/batch-runner.ts: worker pool, manifest,
// "n of N, bytes"). The settings are asked like a composite's, then the tiles, unless the options
// fix them. Failed units are reported with their reasons; rerunning the command retries only them.
import type { TaskingModel, TileRecord } from '../../api/types';
import { readAoiOrThrow } from '../engine/aoi-input';
import { checkConstellations, checkModel, checkResolution } from '../engine/choices';
import { compositeSteps, initialPromptState } from '../composite/composite-prompts';
import type { CompositeChoices, CompositePromptState } from '../composite/composite-prompts';
import { windowOf } from '../dates/date-search';
import { WorkflowError, isCancellation } from '../engine/errors';
import { BatchManifest } from '../engine/batch-manifest';
import { nowOf } from '../engine/ports';
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import { dateTimeOf } from '../engine/request-profile';
import type { BatchResult } from '../engine/results';
import { runBatch } from '../engine/batch-runner';
import { keyLimits } from '../composite/split-into-parts';
import { findTiles, pickTiles } from './search-tiles-workflow';
import { runWizard } from '../engine/wizard';
import type { WizardStep } from '../engine/wizard';
import { checkOutputFolder } from '../engine/output-folder';
import { confirmCost } from '../engine/cost-gate';
import { checkCredits } from '../engine/credit-check';
import { batchEstimateModel, priceTileBatch } from './tile-batch-price';
import type { BatchPrice, UnitSettings } from './tile-batch-price';

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
   * person chose to send again; any other such unit is skipped. */
  resendUncertain?: string[];
}

interface BatchState extends CompositePromptState {
  candidates: TileRecord[];
  tiles?: string[];
}

export async function processTiles(ports: WorkflowPorts, kind: BatchKind, source: AoiSource | undefined, options: ProcessTilesOptions = {}): Promise<BatchResult> {
  const aoi = source ? readAoiOrThrow(source).aoi : undefined;
  if (!aoi && (!options.tileGuids?.length || !options.date)) {
    throw new WorkflowError('invalid-option', 'Processing tiles needs an area of interest, or both tile GUIDs and a date.');
  }
  const result: BatchResult = { outcome: 'cancelled', manifestPath: undefined, units: [], files: [], failed: [], uncertain: [], bytes: 0 };
  const directory = options.outputDirectory ?? ports.settings().outputDirectory;
  if (!directory) throw new WorkflowError('invalid-option', 'No output folder: set satImagery.outputDirectory or open a workspace folder.');
  await checkOutputFolder(directory);
  try {
    ports.progress.report({ message: 'Loading models…' });
    const models: TaskingModel[] = await ports.client.listModels({ signal: ports.signal });
    const state: BatchState = { ...initialPromptState(options, ports.settings().defaults, models), candidates: [], tiles: options.tileGuids };
    const steps: WizardStep<BatchState>[] = compositeSteps({ ports, aoi, aoiMode: 'wkt', window: windowOf(options, nowOf(ports)) });
    steps.push({
      id: 'tiles',
      fixed: () => options.tileGuids !== undefined,
      ask: async (s, position) => {
        if (s.candidates.length === 0) s.candidates = await findTiles(ports, aoi!, kind === 'tile' ? 'tiles' : 'minitiles');
        const answer = await pickTiles(ports, s.candidates, position);
        if (Array.isArray(answer)) s.tiles = answer;
        return Array.isArray(answer) ? true : answer;
      },
    });
    let shared: UnitSettings;
    let manifest: BatchManifest;
    let price: BatchPrice;
    // Nothing billed before the batch is priced and the person (or the budget) said yes.
    for (;;) {
      if (!(await runWizard(steps, state))) return result;
      const model = checkModel(state.chosen.model!, models);
      shared = {
        Date: dateTimeOf(state.chosen.date!),
        Model: model,
        SatelliteConstellations: checkConstellations(model, state.chosen.satelliteConstellations ?? [], models),
        Bandnames: state.chosen.bandnames,
        Resolution: state.chosen.resolution === undefined ? undefined : checkResolution(state.chosen.resolution),
        EpsgProjection: state.chosen.epsgProjection,
      };
      // The manifest first: a link at its name stops the batch, and units done in an earlier run
      // with these settings are neither priced nor sent again.
      manifest = await BatchManifest.open(directory, kind, shared, ports.redact);
      const pending = (state.tiles ?? []).filter((id) => !manifest.isDone(id));
      // Reading the limits sizes the client's gate to the key before the checks run in parallel.
      const { credits } = await keyLimits(ports);
      price = await priceTileBatch(ports, kind, pending, state.candidates, shared);
      if (pending.length === 0) break;
      if (price.ready.length === 0) {
        result.outcome = 'not-available';
        result.failed = price.notReady.map(({ id, reason }) => ({ id, status: 'failed', error: reason }));
        return result;
      }
      checkCredits(price.credits, credits, `this batch of ${price.ready.length}`);
      const view = batchEstimateModel(kind, price, shared, ports.settings().confirmCostAbove);
      const decision = await confirmCost(ports, view, price.credits, options.skipConfirmation);
      if (decision.action === 'cancel') return result;
      if (decision.action === 'proceed') break;
      if (!steps.some((step) => !step.fixed(state))) return result; // "change" with nothing left to ask
    }
    result.manifestPath = manifest.path;
    const { maxConcurrent, credits } = await keyLimits(ports);
    const left = new Set(price.notReady.map((u) => u.id));
    const units = (state.tiles ?? []).filter((id) => !left.has(id)).map((id) => ({ id, input: id }));
    const batch = { noun: kind === 'tile' ? 'tiles' : 'mini-tiles', concurrency: options.concurrency, maxConcurrent, creditsBefore: credits, resendUncertain: options.resendUncertain };
    const outcome = await runBatch(ports, manifest, units, batch, async ({ id }, onBytes) => {
      const target = { directory, fallbackName: `${kind}-${id}-${shared.Date.slice(0, 10)}.tif`, onProgress: onBytes };
      const written =
        kind === 'tile'
          ? await ports.client.downloadTile({ ...shared, TileGuid: id }, target, { signal: ports.signal })
          : await ports.client.downloadMiniTile({ ...shared, MiniTileGuid: id }, target, { signal: ports.signal });
      return { file: written.path, bytes: written.bytes };
    });
    const notReady = price.notReady.map(({ id, reason }) => ({ id, status: 'failed' as const, error: `not sent: ${reason}` }));
    return { ...outcome, units: [...outcome.units, ...notReady], failed: [...outcome.failed, ...notReady], choices: { ...state.chosen } };
  } catch (error) {
    if (isCancellation(error, ports.signal)) return result;
    throw error;
  }
}
