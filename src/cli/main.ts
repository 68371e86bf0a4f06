// The `sat-imagery` executable: parses the command line, runs one verb on the same api/,
// geometry/ and workflows/ core as the extension, prints the result and exits with a code that
// says what kind of failure it was. Verb modules are imported when chosen, and the network client
// only when a verb makes a request, so `--help` starts about as fast as node itself.
import { parseCommandLine, verbOfCommandLine } from './args';
import { problemLines } from './area';
import { createContext } from './context';
import type { VerbContext } from './context';
import { ExitCode, UsageError, exitCodeOfVerb, invalidAreaProblems } from './exit-codes';
import { describeLocalFileError, localFileCode } from './file-errors';
import { helpText } from './help';
import { Terminal } from './terminal';
import { isFolderBusyError } from '../ledger/folder-busy';
import { StatsError } from '../stats/errors';
import { isWorkflowError } from '../request/workflow-error';

type Verb = (context: VerbContext) => Promise<number>;

const verbs: Record<string, () => Promise<Verb>> = {
  models: async () => (await import('./verbs/account')).modelsVerb,
  account: async () => (await import('./verbs/account')).accountVerb,
  dates: async () => (await import('./verbs/imagery')).datesVerb,
  available: async () => (await import('./verbs/imagery')).availableVerb,
  estimate: async () => (await import('./verbs/imagery')).estimateVerb,
  download: async () => (await import('./verbs/imagery')).downloadVerb,
  series: async () => (await import('./verbs/series')).seriesVerb,
  stats: async () => (await import('./verbs/stats')).statsVerb,
  alerts: async () => (await import('./verbs/alerts')).alertsVerb,
  plan: async () => (await import('./verbs/declared')).planVerb,
  apply: async () => (await import('./verbs/declared')).applyVerb,
  verify: async () => (await import('./verbs/declared')).verifyVerb,
  forget: async () => (await import('./verbs/declared')).forgetVerb,
  unlock: async () => (await import('./verbs/unlock')).unlockVerb,
  'orders list': async () => (await import('./verbs/orders')).ordersListVerb,
  'orders show': async () => (await import('./verbs/orders')).ordersShowVerb,
  'orders estimate': async () => (await import('./verbs/orders')).ordersEstimateVerb,
  'orders create': async () => (await import('./verbs/orders')).ordersCreateVerb,
  'orders cancel': async () => (await import('./verbs/orders')).ordersCancelVerb,
  'tiles search': async () => (await import('./verbs/tiles')).tilesSearchVerb,
  'tiles optimize': async () => (await import('./verbs/tiles')).tilesOptimizeVerb,
  'tiles process': async () => (await import('./verbs/tiles')).tilesProcessVerb,
};

declare const SAT_IMAGERY_VERSION: string | undefined;
const version = typeof SAT_IMAGERY_VERSION === 'string' ? SAT_IMAGERY_VERSION : '0.0.0';

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const json = argv.includes('--json');
  const terminal = new Terminal(json);
  const controller = new AbortController();
  const interrupt = (): void => controller.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  let close: (() => Promise<void>) | undefined;
  try {
    const { verb, rest, values } = parseCommandLine(argv);
    if (values.help) {
      process.stdout.write(helpText(verb));
      return ExitCode.ok;
    }
    if (values.version) {
      terminal.out(version);
      return ExitCode.ok;
    }
    const load = verbs[verb];
    if (!load)
      throw new UsageError(
        verb === '' ? 'No verb given. See sat-imagery --help.' : `Unknown verb '${verb}'. See sat-imagery --help.`,
      );
    const context = createContext({ verb, values, rest, terminal, signal: controller.signal, env, version });
    close = context.close;
    const run = await load();
    return await run(context);
  } catch (error) {
    const code = controller.signal.aborted ? ExitCode.interrupted : exitCodeOfVerb(verbOfCommandLine(argv), error);
    report(terminal, error, code);
    return code;
  } finally {
    terminal.clearProgress();
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await close?.().catch(() => undefined);
  }
}

function report(terminal: Terminal, error: unknown, code: number): void {
  const message =
    localFileCode(error) !== undefined
      ? describeLocalFileError(error)
      : error instanceof Error
        ? error.message
        : String(error);
  const problems = invalidAreaProblems(error);
  if (problems) {
    const name = /^(.*) is not a valid area of interest/.exec(message)?.[1] ?? 'area';
    for (const line of problemLines(name, problems)) terminal.note(line);
  }
  terminal.note(`sat-imagery: ${message}`);
  // A workflow's, the ledger's or the statistics' own error says what is wrong: no stack with it.
  if (
    code === ExitCode.failure &&
    error instanceof Error &&
    error.stack &&
    !isWorkflowError(error) &&
    !isFolderBusyError(error) &&
    !(error instanceof StatsError)
  )
    terminal.note(error.stack);
  if (terminal.json) {
    const kind = error instanceof Error ? ((error as { kind?: string }).kind ?? error.name) : 'error';
    terminal.out(JSON.stringify({ error: { kind, message, exitCode: code } }, null, 2));
  }
}
