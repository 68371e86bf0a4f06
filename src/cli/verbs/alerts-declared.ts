// `sat-imagery alerts [FILE] [--dataset NAME]`: the field alerts of an imagery file's declared
// field tables (workflows/declared/declared-alerts.ts), read as apply left them: no image is
// read, nothing is sent, no key is needed. The output, the rule options and the exit codes are
// those of `alerts AREA IMAGES...` (0 none, 2 alerts), each dataset's alerts under its name; a
// dataset the file lacks or that declares no fieldStats is a usage error (11), and a table that
// is missing or is no statistics table is named with what to do (run apply), exit 10.
import type { Alert, AlertOptions } from '../../stats/alerts/index';
import { declaredAlerts, DeclaredAlertsError } from '../../workflows/declared/declared-alerts';
import type { DeclaredAlerts } from '../../workflows/declared/declared-alerts';
import { lockPathOf, readLock } from '../../workflows/declared/declared-lock';
import type { VerbContext } from '../context';
import { ExitCode, UsageError } from '../exit-codes';
import { alertLines, alertsMarkdown, alertsSummary } from './alerts-output';
import { declarationOf } from './declared';
import { shown } from './declared-tables';

const DEFAULT_FILE = 'imagery.json';
/** alerts' "there are alerts", as for images. */
const ALERTS_FOUND = 2;
/** What the file's fieldStats declares for its tables: not the command line's to change. */
const MEASURE_FLAGS = ['index', 'expression', 'rule', 'id-property'];

export async function declaredAlertsVerb(context: VerbContext, settings: AlertOptions): Promise<number> {
  const path = context.rest[0] ?? DEFAULT_FILE;
  const flag = MEASURE_FLAGS.find((name) => context.options.values[name] !== undefined);
  if (flag !== undefined)
    throw new UsageError(
      `--${flag} is for 'alerts AREA IMAGES...': an imagery file's tables are measured as its datasets' fieldStats declare.`,
    );
  // An area file alone is the other form missing its images, not an imagery file.
  if (!/\.json$/i.test(path))
    throw new UsageError(
      `'alerts' needs an area file and at least one image, folder or STAC ItemCollection after it, or an imagery file (.json): ${path} is neither.`,
    );
  const declaration = await declarationOf(context, path);
  const lock = await readLock(lockPathOf(path));
  let tables: DeclaredAlerts[];
  try {
    tables = await declaredAlerts(declaration, lock, settings, context.options.string('dataset'));
  } catch (error) {
    if (error instanceof DeclaredAlertsError) throw new UsageError(error.message);
    throw error;
  }
  for (const table of tables) for (const line of tableNotes(table, path)) context.terminal.note(`sat-imagery: ${line}`);
  print(context, path, tables, settings);
  if (tables.some((t) => t.problem !== undefined)) return ExitCode.localFile;
  return tables.some((t) => t.alerts.length > 0) ? ALERTS_FOUND : ExitCode.ok;
}

/** Why a table gave no alerts, or gave those of fewer images than the lock's, and what to do. */
function tableNotes(table: DeclaredAlerts, file: string): string[] {
  const apply = `run 'sat-imagery apply ${file}'`;
  if (table.problem === 'missing')
    return [`field table ${table.dataset}: ${shown(table.csv)} is missing: ${apply} to make it.`];
  if (table.problem !== undefined)
    return [
      `field table ${table.dataset}: ${shown(table.csv)} was not read (${table.problem}): ${apply} to write it again.`,
    ];
  if (table.behind === 0) return [];
  const images = `${table.behind} image${table.behind === 1 ? '' : 's'}`;
  return [
    `field table ${table.dataset} lacks ${images} the lock lists: these alerts leave them out; ${apply} to add them.`,
  ];
}

function print({ terminal, options }: VerbContext, file: string, tables: DeclaredAlerts[], settings: AlertOptions) {
  if (terminal.json) {
    const alerts: (Alert & { dataset: string })[] = tables.flatMap((t) =>
      t.alerts.map((alert) => ({ dataset: t.dataset, ...alert })),
    );
    const summaries = tables.map(({ alerts: found, ...table }) => ({ ...table, alerts: found.length }));
    terminal.out(JSON.stringify({ file, alerts, tables: summaries, options: settings }, null, 2));
    return;
  }
  const readable = tables.filter((t) => t.problem === undefined);
  if (options.flag('markdown')) {
    terminal.write(readable.map((t) => alertsMarkdown(t.alerts, t, `Field alerts (${t.dataset})`)).join('\n'));
    return;
  }
  for (const table of readable) {
    const lines = alertLines(table.alerts);
    if (readable.length > 1 && lines.length > 0) terminal.out(`${table.dataset} (${shown(table.csv)}):`);
    for (const line of lines) terminal.out(line);
    terminal.note(`${table.dataset}: ${alertsSummary(table.alerts, table)}`);
  }
}
