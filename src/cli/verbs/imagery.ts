// `dates`, `available`, `estimate` and `download`: the composite workflow of the extension, run
// with the options of the command line. `estimate` is the download stopped at the cost guard.
import { judgeAvailability } from '../../workflows/composite/availability';
import { combineAvailability, partProfile, partsFor } from '../../workflows/composite/area-parts';
import { readAoiOrThrow } from '../../workflows/engine/aoi-input';
import { accountForRun } from '../../pricing/account-snapshot';
import {
  checkConstellations,
  checkModel,
  checkResolution,
  defaultConstellations,
  DEFAULT_BANDNAMES,
  DEFAULT_RESOLUTION,
} from '../../request/choices';
import { defaultEpsg } from '../../request/projection';
import { downloadComposite } from '../../workflows/composite/download-composite-workflow';
import { findAvailableDates } from '../../workflows/dates/find-dates-workflow';
import { availabilityRequest, freezeProfile } from '../../request/request-profile';
import { expectPositionals } from '../context';
import type { VerbContext } from '../context';
import { ExitCode, exitCodeOfOutcome, UsageError } from '../exit-codes';
import { batchText, compositeText, spentText, stoppedText } from '../format';
import { compositeOptions } from './composite-options';
import { cliSettling } from '../ports';

export async function datesVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 1);
  const options = compositeOptions(context.options);
  const source = await context.area();
  const ports = await context.ports();
  const result = await findAvailableDates(ports, source, options, cliSettling(context.terminal));
  context.terminal.result(result, () => result.text ?? 'No dates.');
  return ExitCode.ok;
}

export async function availableVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 1);
  const options = compositeOptions(context.options);
  if (!options.date) throw new UsageError("'available' needs --date YYYY-MM-DD.");
  if (!options.model) throw new UsageError('Missing --model.');
  const source = await context.area();
  const { aoi } = readAoiOrThrow(source);
  const client = await context.client();
  const models = await client.listModels({ signal: context.signal });
  const model = checkModel(options.model, models);
  // Each value left out takes the workflow's default, named in one line on stderr (stdout stays the result).
  const taken: string[] = [];
  const orDefault = <T>(given: T | undefined, flag: string, fallback: () => T): T => {
    if (given !== undefined) return given;
    const value = fallback();
    taken.push(`--${flag} ${Array.isArray(value) ? value.join(',') : String(value)}`);
    return value;
  };
  const profile = freezeProfile(aoi, {
    date: options.date,
    aoiMode: options.aoiMode ?? aoi.format,
    model,
    satelliteConstellations: checkConstellations(
      model,
      orDefault(options.satelliteConstellations, 'satellite-constellations', () =>
        defaultConstellations(model, models, undefined),
      ),
      models,
    ),
    epsgProjection: orDefault(options.epsgProjection, 'epsg-projection', () => defaultEpsg(aoi.bbox)),
    // The check sends no resolution: its default decides nothing here, and is not named.
    resolution: checkResolution(options.resolution ?? DEFAULT_RESOLUTION),
    bandnames: orDefault(options.bandnames, 'bandnames', () => DEFAULT_BANDNAMES),
    output: options.output,
  });
  if (taken.length > 0)
    context.terminal.note(`Using ${taken.join(' ')} (the default${taken.length === 1 ? '' : 's'}).`);
  const request = availabilityRequest(profile);
  // An area above the key's maximum is asked about part by part, as the download will send it.
  const account = await accountForRun({ client, signal: context.signal });
  const parts = partsFor(aoi, account.maxCompositeAreaKm2, undefined);
  const availability = parts
    ? combineAvailability(
        await Promise.all(
          parts.map((part) =>
            client.checkCompositeAvailability(availabilityRequest(partProfile(part, profile)), {
              signal: context.signal,
            }),
          ),
        ),
      )
    : await client.checkCompositeAvailability(request, { signal: context.signal });
  const verdict = judgeAvailability(availability, options.date);
  const result = {
    outcome: verdict.ready ? 'completed' : 'not-available',
    ready: verdict.ready,
    reason: verdict.sentence || undefined,
    fixes: verdict.fixes,
    request,
    availability,
  };
  context.terminal.result(result, () =>
    verdict.ready
      ? `Available: a composite of ${options.date} can be processed.`
      : `Not available: ${verdict.sentence}`,
  );
  return verdict.ready ? ExitCode.ok : ExitCode.notAvailable;
}

export async function estimateVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 1);
  const options = compositeOptions(context.options);
  const source = await context.area();
  // No --yes here: the guard always stops at the estimate, so nothing billed can be sent.
  const ports = await context.ports({ yes: false, maxCost: undefined, spent: {} });
  const result = await downloadComposite(ports, source, options, cliSettling(context.terminal));
  const stopped = ports.stopped;
  if (result.outcome === 'not-available' || !stopped) {
    context.terminal.result(result, () => compositeText(result));
    return result.outcome === 'not-available' ? ExitCode.notAvailable : ExitCode.failure;
  }
  const { outcome: _outcome, ...rest } = result;
  context.terminal.result({ ...rest, outcome: 'estimated', cost: stopped.cost, price: stopped.price }, () =>
    stoppedText({ ...stopped, reason: 'an estimate only (download sends it)' }),
  );
  return ExitCode.ok;
}

export async function downloadVerb(context: VerbContext): Promise<number> {
  expectPositionals(context, 1);
  const options = compositeOptions(context.options);
  const source = await context.area();
  const ports = await context.ports();
  // --resend-uncertain names no parts: every part of a split area the manifest holds as possibly charged.
  const resendUncertain = context.options.flag('resend-uncertain') ? ('all' as const) : undefined;
  const result = await downloadComposite(
    ports,
    source,
    {
      ...options,
      outputDirectory: context.outputDirectory(),
      resendUncertain,
    },
    cliSettling(context.terminal),
  );
  if (ports.stopped) {
    const stopped = ports.stopped;
    context.terminal.result(
      { ...result, outcome: 'stopped', stopped: { cost: stopped.cost, price: stopped.price, reason: stopped.reason } },
      () => stoppedText(stopped),
    );
    return ExitCode.notConfirmed;
  }
  context.terminal.result(result, () =>
    [result.parts ? batchText(result.parts, 'part') : compositeText(result), spentText(result)]
      .filter((line) => line !== undefined)
      .join('\n'),
  );
  // Interrupted is said by 130, as for a series; the result printed says whether it may have been charged.
  return exitCodeOfOutcome(result.outcome, {
    interrupted: context.signal.aborted && result.outcome !== 'not-available',
    failed: result.parts?.failed.length ?? 0,
    uncertain: result.parts?.uncertain.length ?? 0,
  });
}
