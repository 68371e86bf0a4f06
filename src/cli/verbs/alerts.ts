// `sat-imagery alerts AREA IMAGES...`: the field alerts of images already on disk (nothing is
// sent, no key needed). The field table is computed as `stats` computes it, with a row cache of
// its own in the user's cache folder (named by the area file and the images named), so a rerun
// after one more date measures only that date; then the rules of stats/alerts run over it. Exit 0
// when there are no alerts and 2 when there are (as `plan` exits 2 for changes to make, so its
// usage errors exit 11 here too); an image that could not be measured is named on stderr and the
// exit code is 1, the alerts of the rest printed all the same. With one name (or none), the name
// is an imagery file and its declared field tables are the input (alerts-declared.ts).
import { resolve } from 'node:path';
import { DEFAULT_ALERT_OPTIONS, alertsOf } from '../../stats/alerts/index';
import type { Alert, AlertOptions } from '../../stats/alerts/index';
import { fieldTableOf } from '../../stats/field-table';
import type { VerbContext } from '../context';
import { ExitCode, UsageError } from '../exit-codes';
import { alertLines, alertsMarkdown, alertsSummary } from './alerts-output';
import type { TableFacts } from './alerts-output';
import { cacheHome, fieldsOf, labelFrom, measureOptions } from './stats';

/** alerts' "there are alerts": the number plan exits with for changes to make. */
const ALERTS_FOUND = 2;

export async function alertsVerb(context: VerbContext): Promise<number> {
  const { options, terminal } = context;
  const [areaName, ...imageNames] = context.rest;
  if (terminal.json && options.flag('markdown')) throw new UsageError('Give --json or --markdown, not both.');
  const settings = alertOptions(context);
  // One name (or none: imagery.json) is an imagery file, whose declared tables are the input.
  if (imageNames.length === 0) return (await import('./alerts-declared')).declaredAlertsVerb(context, settings);
  if (options.string('dataset') !== undefined)
    throw new UsageError("--dataset is for 'alerts FILE', an imagery file's declared field tables.");
  const { measures, rule } = measureOptions(context);
  const fields = await fieldsOf(context, areaName);
  const table = await fieldTableOf({
    fields,
    imageNames,
    measures,
    rule,
    cacheName: cacheNameOf(areaName as string, imageNames),
    home: cacheHome(context),
    imageLabel: (path) => labelFrom(process.cwd(), path),
    signal: context.signal,
    progress: (done, total, image) => terminal.report({ increment: 100 / total, message: `${done}/${total} ${image}` }),
  });
  for (const note of table.notes) terminal.note(`sat-imagery: ${note}.`);
  for (const failure of table.failures) terminal.note(`sat-imagery: ${failure.image} ${failure.reason}`);
  const alerts = alertsOf(table.rows, settings);
  const facts: TableFacts = { fields: fields.length, dates: new Set(table.rows.map((r) => r.date)).size };
  print(context, alerts, facts, settings, table);
  if (table.failures.length > 0) return ExitCode.failure;
  return alerts.length > 0 ? ALERTS_FOUND : ExitCode.ok;
}

function print(
  { terminal, options }: VerbContext,
  alerts: Alert[],
  facts: TableFacts,
  settings: AlertOptions,
  table: { failures: unknown[]; measured: number; cached: number },
): void {
  if (terminal.json) {
    const { failures, measured, cached } = table;
    terminal.out(JSON.stringify({ alerts, ...facts, options: settings, failures, measured, cached }, null, 2));
  } else if (options.flag('markdown')) terminal.write(alertsMarkdown(alerts, facts));
  else {
    for (const line of alertLines(alerts)) terminal.out(line);
    terminal.note(alertsSummary(alerts, facts));
    const failed = table.failures.length;
    if (failed > 0)
      terminal.note(
        `${failed} image${failed === 1 ? '' : 's'} could not be measured (above): the alerts are of the others.`,
      );
  }
}

/** --drop, --baseline, --unseen-days and --min-valid over the defaults. */
function alertOptions({ options }: VerbContext): AlertOptions {
  return {
    drop: options.number('drop') ?? DEFAULT_ALERT_OPTIONS.drop,
    baseline: options.number('baseline', { integer: true, min: 1 }) ?? DEFAULT_ALERT_OPTIONS.baseline,
    unseenDays: options.number('unseen-days', { integer: true, min: 1 }) ?? DEFAULT_ALERT_OPTIONS.unseenDays,
    minValid: options.number('min-valid', { max: 1 }) ?? DEFAULT_ALERT_OPTIONS.minValid,
  };
}

/** The row cache's name: the area file and the images named, so two sets of images over one
 * area do not rewrite each other's rows. */
function cacheNameOf(area: string, images: readonly string[]): string {
  return ['sat-imagery alerts', resolve(area), ...images.map((name) => resolve(name))].join('\n');
}
