// `tiles search|optimize|process`. Processing is billed and the service prices no tile, so the
// workflow derives the batch's price (billed area × the composite rate) and the cost guard holds
// it to --max-cost before anything is sent. The derived price is an estimate, so the budget is
// also held against what the key's credits say was spent: around each unit the credits are read,
// and a unit is sent only while what was spent plus the dearest unit so far stays within it.
import type {
  CallOptions,
  DownloadTarget,
  ImageryClient,
  MiniTileProcessRequest,
  TileProcessRequest,
} from '../../api/types';
import { readAoiOrThrow } from '../../workflows/engine/aoi-input';
import { readAccountNow } from '../../pricing/account-snapshot';
import { processTiles } from '../../workflows/tiles/process-tiles-workflow';
import { searchTiles } from '../../workflows/tiles/search-tiles-workflow';
import { expectPositionals } from '../context';
import type { VerbContext } from '../context';
import { CliError, ExitCode, exitCodeOfOutcome, UsageError } from '../exit-codes';
import { batchText, stoppedText, tilesText } from '../format';
import { compositeOptions } from './composite-options';
import { cliSettling } from '../ports';

export async function tilesSearchVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 1);
  const source = await context.area();
  const ports = await context.ports();
  const o = context.options;
  const tileGuids = o.list('tile-guids');
  const result = await searchTiles(ports, source, {
    only: o.flag('mini-tiles') ? 'minitiles' : undefined,
    tileGuids,
    tileGuidForMiniTiles: o.string('tile-guid-for-mini-tiles'),
    skipConfirmation: true,
  });
  context.terminal.result(result, () => tilesText(result.tiles, tileGuids ? result.selected : undefined));
  return ExitCode.ok;
}

export async function tilesOptimizeVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 1);
  const { aoi } = readAoiOrThrow(await context.area());
  const client = await context.client();
  const cover = await client.optimizeTiles({ Wkt: aoi.taskingWkt }, { signal: context.signal });
  const result = { outcome: 'completed', tiles: cover.Tiles ?? [], miniTiles: cover.MiniTiles ?? [] };
  context.terminal.result(result, () =>
    [
      ...result.tiles.map((g) => `tile       ${g}`),
      ...result.miniTiles.map((g) => `mini-tile  ${g}`),
      `${result.tiles.length} tiles, ${result.miniTiles.length} mini-tiles (best effort). Price them with: sat-imagery orders estimate --tile-guids … --mini-tile-guids …`,
    ].join('\n'),
  );
  return ExitCode.ok;
}

export async function tilesProcessVerb(context: VerbContext): Promise<number> {
  const options = {
    ...compositeOptions(context.options),
    tileGuids: context.options.list('tile-guids'),
    concurrency: context.options.number('concurrency', { integer: true, min: 1 }),
  };
  expectPositionals(context, 1);
  if (!options.model) throw new UsageError('Missing --model.');
  if (!options.date) throw new UsageError("'tiles process' needs --date YYYY-MM-DD.");
  const guard = context.guard();
  const source = context.rest.length > 0 ? await context.area() : undefined;
  const ports = await context.ports(guard);
  // The batch is priced (availability per unit, the price derived from the composite rate) before
  // anything billed: without --yes and --max-cost the cost gate prints that price and stops (exit
  // 8), as download's does; with them the price must be within --max-cost, and the credits spent
  // are held to it too.
  const budget = { reached: false };
  if (guard.yes && guard.maxCost !== undefined)
    ports.client = budgeted(ports.client, guard.maxCost, context.signal, budget, (text) => context.terminal.note(text));
  const kind = context.options.flag('mini-tiles') ? 'minitile' : 'tile';
  // --resend-uncertain names no tiles: every unit the manifest holds as possibly charged.
  const resendUncertain = context.options.flag('resend-uncertain') ? ('all' as const) : undefined;
  const result = await processTiles(
    ports,
    kind,
    source,
    { ...options, outputDirectory: context.outputDirectory(), resendUncertain },
    cliSettling(context.terminal),
  );
  if (ports.stopped) {
    const stopped = ports.stopped;
    context.terminal.result(
      { ...result, outcome: 'stopped', stopped: { cost: stopped.cost, reason: stopped.reason } },
      () => stoppedText(stopped),
    );
    return ExitCode.notConfirmed;
  }
  context.terminal.result(result, () => batchText(result, 'tile'));
  if (budget.reached && !context.signal.aborted && result.outcome !== 'may-have-been-charged')
    return ExitCode.notConfirmed;
  const notSent = result.failed.filter((unit) => unit.notAvailable).length;
  return exitCodeOfOutcome(result.outcome, {
    interrupted: context.signal.aborted,
    failed: result.failed.length - notSent,
    notAvailable: notSent,
    uncertain: result.uncertain.length,
  });
}

/** The client with tile processing held to a budget of spent credits. An account that does not
 * report its credits (the newer /api/account/info documents no balance) cannot be held this way:
 * the units are sent, held by the derived price within --max-cost only, and the person is told. */
function budgeted(
  client: ImageryClient,
  maxCost: number,
  signal: AbortSignal,
  budget: { reached: boolean },
  note: (text: string) => void,
): ImageryClient {
  let start: number | undefined;
  let dearest = 0;
  let told = false;
  const credits = async (): Promise<number | undefined> => {
    // Read fresh around each unit (what was spent so far), with the run's definition of credits.
    const amount = (await readAccountNow(client, signal)).balances.credits;
    if (amount !== undefined) return amount;
    if (!told)
      note(
        'The account does not report its credit balance: the balance check is skipped; the derived price within --max-cost still holds the batch.',
      );
    told = true;
    return undefined;
  };
  const guarded = async <R>(send: () => Promise<R>): Promise<R> => {
    const before = await credits();
    if (before === undefined) return send();
    start ??= before;
    const spent = start - before;
    if (spent + dearest > maxCost) budget.reached = true;
    if (budget.reached)
      throw new CliError(
        `Not sent: ${round(spent)} of the budget of ${maxCost} is spent and a unit costs up to ${round(dearest)}.`,
        ExitCode.notConfirmed,
      );
    const result = await send();
    // With other workers the difference includes their units too: an over-estimate, on the safe side.
    const after = await credits();
    if (after !== undefined) dearest = Math.max(dearest, before - after);
    return result;
  };
  return {
    ...client,
    downloadTile: (request: TileProcessRequest, target: DownloadTarget, o?: CallOptions) =>
      guarded(() => client.downloadTile(request, target, o)),
    downloadMiniTile: (request: MiniTileProcessRequest, target: DownloadTarget, o?: CallOptions) =>
      guarded(() => client.downloadMiniTile(request, target, o)),
  };
}

const round = (n: number): number => Math.round(n * 1000) / 1000;
