// The seeded mutation corpus of a repository's JSON files (issue "A repository's files are data,
// never a trap"): an imagery file, its lock, a dataset folder's purchase ledger and a saved plan,
// each first written by the product itself (plan --out, apply against the simulator), then changed
// at random (json-mutations.ts) and given to the real command line: plan and verify for an imagery
// file (a changed one may declare other purchases, so it is never applied); plan, apply and verify
// for a lock or a ledger; apply --plan for a plan. Each case must end within its ceiling with a
// documented exit code and at most one line of message, never a stack trace, and never a billed
// call beyond the images the imagery file declares (each at most once, so within --max-cost; never
// an order, which the account already has); after an apply, the lock in the folder reads back (an
// apply that wrote one the next plan refuses has broken the folder). Two cases run at a time, each
// through its own proxy (recording-proxy.ts), so a billed request is known to be its case's.
// DECLARED_CORPUS_SEED picks another corpus, DECLARED_CORPUS_CASES another size, and
// DECLARED_CORPUS_REPORT names a file that gets each case with its exit code and the start of its
// output (to read what a corpus reached).
import * as assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { readLock } from '../../../../src/workflows/declared/declared-lock';
import { errorNotesOf, runCliWithin } from '../../fixtures/cli-helpers';
import type { CliRun } from '../../fixtures/cli-helpers';
import { FIELD, fieldOrder, nextMonth, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';
import { FILES, caseOf } from './corpus-cases';
import type { Case, Kind, Verb } from './corpus-cases';
import { RecordingProxy } from './recording-proxy';
import type { PassedRequest } from './recording-proxy';

const SEED = Number(process.env.DECLARED_CORPUS_SEED ?? 7);
const CASES = Number(process.env.DECLARED_CORPUS_CASES ?? 200);
const REPORT = process.env.DECLARED_CORPUS_REPORT;
const KEY = 'cli-declared-corpus-key-3Wd7';
/** A case is one command line on a folder of a few files: seconds at most, even on a busy machine. */
const CEILING_MS = 15_000;
/** Within it the declared images and order fit; it is the budget every apply is given. */
const MAX_COST = '1';

/** The exit codes a hostile file may end in: all the documented ones but an unexpected failure
 * (1: a bug), a key problem, the network and an interrupt, none of which a file can cause. */
const ALLOWED = new Set<number>(
  Object.values(ExitCode).filter(
    (code) => !([ExitCode.failure, ExitCode.auth, ExitCode.network, ExitCode.interrupted] as number[]).includes(code),
  ),
);

function days(ago: number): string {
  return new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
}

/** What a person writes: one dataset of two dates, one order, a budget. */
function imageryFile(): string {
  return `${JSON.stringify(
    {
      budget: { maxCredits: 100 },
      datasets: [rgbDataset([days(12), days(10)])],
      orders: [fieldOrder(nextMonth())],
    },
    null,
    2,
  )}\n`;
}

function argsOf(c: Pick<Case, 'verb' | 'json' | 'index'>): string[] {
  const json = c.json ? ['--json'] : [];
  switch (c.verb) {
    case 'plan':
      return ['plan', 'imagery.json', ...json];
    case 'verify':
      return ['verify', 'imagery.json', ...json];
    case 'apply':
      return ['apply', 'imagery.json', '--yes', '--max-cost', MAX_COST, ...json];
    case 'apply --plan':
      // Every other case without --max-cost: the plan's own total is then the budget.
      return [
        'apply',
        'imagery.json',
        '--plan',
        'plan.json',
        '--yes',
        ...(c.index % 2 ? ['--max-cost', MAX_COST] : []),
        ...json,
      ];
  }
}

/** A billed call: a process call that is not an estimate or an availability check, or an order's creation. */
function isBilled(r: PassedRequest): boolean {
  if (r.method !== 'POST') return false;
  return (
    r.path === '/api/tasking/orders' ||
    (r.path.startsWith('/api/satelliteimages/process/') && !/\/(estimate|available)$/.test(r.path))
  );
}

function canonical(body: string): string {
  return JSON.stringify(JSON.parse(body));
}

describe(`imagery as code: a seeded corpus of ${CASES} changed repository files (seed ${SEED})`, function () {
  this.timeout(30_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-declared-corpus-',
    simulator: { seed: 23, imageryEveryDay: true },
    files: {},
  });
  const proxies: RecordingProxy[] = [];
  const bases: Record<Kind, string> = { imagery: '', lock: '', ledger: '', plan: '' };
  /** The request bodies of the images the file declares (the base's own apply bought them). */
  const declaredBodies = new Set<string>();
  /** Each case's verb and exit code, in the order they ended. */
  const outcomes: { verb: Verb; code: number | null }[] = [];
  let applied: string;
  let fresh: string;

  const envOf = (dir: string, proxy: RecordingProxy) => ({
    SAT_IMAGERY_API_KEY: KEY,
    SAT_IMAGERY_BASE_URL: proxy.url,
    XDG_CACHE_HOME: join(dir, '.cache'),
  });
  const run = (dir: string, proxy: RecordingProxy, what: string, args: string[]) =>
    runCliWithin(CEILING_MS, what, args, { cwd: dir, env: envOf(dir, proxy) });

  before(async function () {
    this.timeout(60_000);
    proxies.push(await RecordingProxy.start(cli.sim.url), await RecordingProxy.start(cli.sim.url));
    applied = join(cli.dir, 'applied');
    fresh = join(cli.dir, 'fresh');
    const imagery = imageryFile();
    for (const dir of [applied, fresh]) {
      mkdirSync(dir);
      writeFileSync(join(dir, 'field.geojson'), FIELD);
      writeFileSync(join(dir, 'imagery.json'), imagery);
    }
    // The product writes every file the corpus starts from: the lock and the ledger by an apply
    // (which creates the order too), then a plan of the same file for a folder that has nothing yet.
    const bought = await run(applied, proxies[0]!, 'the base apply', argsOf({ verb: 'apply', json: false, index: 0 }));
    assert.equal(bought.code, ExitCode.ok, bought.stderr + bought.stdout);
    for (const r of proxies[0]!.take().filter(isBilled))
      if (r.path !== '/api/tasking/orders') declaredBodies.add(canonical(r.body));
    assert.equal(declaredBodies.size, 2, 'the base apply bought the two declared images');
    const planned = await run(fresh, proxies[0]!, 'the base plan', ['plan', 'imagery.json', '--out', 'plan.json']);
    assert.equal(planned.code, 2, planned.stderr + planned.stdout);
    proxies[0]!.take();
    for (const kind of ['imagery', 'lock', 'ledger'] as const)
      bases[kind] = readFileSync(join(applied, FILES[kind]), 'utf8');
    bases.plan = readFileSync(join(fresh, FILES.plan), 'utf8');
  });
  after(async () => {
    for (const proxy of proxies) await proxy.close();
  });

  it('the files it starts from are the product’s own, and each verb takes them', async () => {
    const planned = await run(applied, proxies[0]!, 'plan of the base', ['plan', 'imagery.json']);
    assert.equal(planned.code, ExitCode.ok, planned.stderr + planned.stdout);
    const verified = await run(applied, proxies[0]!, 'verify of the base', ['verify', 'imagery.json']);
    assert.equal(verified.code, ExitCode.ok, verified.stderr + verified.stdout);
    assert.deepEqual(proxies[0]!.take().filter(isBilled), [], 'plan and verify bill nothing');
  });

  /** What is wrong with a case's run, if anything. */
  function problemsOf(c: Case, run: CliRun, passed: PassedRequest[]): string[] {
    const problems: string[] = [];
    const output = `${run.stderr}\n${run.stdout}`;
    if (/^\s+at /m.test(run.stderr)) problems.push('a stack trace');
    const thrown = /\b(TypeError|RangeError|ReferenceError)\b/.exec(output);
    if (thrown) problems.push(`a ${thrown[1]}`);
    if (!ALLOWED.has(run.code ?? -1)) problems.push(`exit ${run.code}`);
    const said = errorNotesOf(run.stderr);
    if (said.length > 1) problems.push(`${said.length} messages`);
    const long = said.find((line) => line.length > 2_000);
    if (long) problems.push(`a message of ${long.length} characters`);
    if (run.code !== 0 && said.length === 0 && run.stdout.trim() === '') problems.push('no message');
    if (c.json && run.stdout.trim() !== '') {
      try {
        JSON.parse(run.stdout);
      } catch {
        problems.push('--json output that is not JSON');
      }
    }
    const billed = passed.filter(isBilled);
    const mayBuy = c.verb === 'apply' || c.verb === 'apply --plan';
    const seen = new Set<string>();
    for (const r of billed) {
      const body = r.path === '/api/tasking/orders' ? undefined : canonical(r.body);
      if (!mayBuy) problems.push(`a billed ${r.path} from ${c.verb}`);
      else if (body === undefined) problems.push('an order created again (the account has it)');
      else if (!declaredBodies.has(body)) problems.push(`an image the file does not declare: ${body.slice(0, 200)}`);
      else if (seen.has(body)) problems.push('an image bought twice');
      else seen.add(body);
    }
    return problems;
  }

  async function runCase(c: Case, proxy: RecordingProxy): Promise<string | undefined> {
    const dir = join(cli.dir, 'cases', String(c.index));
    cpSync(c.kind === 'plan' ? fresh : applied, dir, { recursive: true });
    writeFileSync(join(dir, FILES[c.kind]), c.bytes);
    proxy.take();
    const started = Date.now();
    try {
      const done = await run(dir, proxy, c.name, argsOf(c));
      outcomes.push({ verb: c.verb, code: done.code });
      const oneLine = (text: string, length: number) => text.slice(0, length).replace(/\n/g, ' | ');
      if (REPORT)
        appendFileSync(
          REPORT,
          `${c.name.slice(0, 300)}\n  → ${done.code} in ${Date.now() - started} ms ${oneLine(done.stderr, 400)} || ${oneLine(done.stdout, 200)}\n`,
        );
      const problems = problemsOf(c, done, proxy.take());
      // A lock apply wrote (or a valid one it left) reads back: the next plan is not stopped by it.
      if (c.verb !== 'plan' && c.verb !== 'verify' && (c.kind !== 'lock' || done.code === 0))
        await readLock(join(dir, FILES.lock)).catch((error: Error) =>
          problems.push(`a lock that does not read back: ${error.message.slice(0, 200)}`),
        );
      if (problems.length === 0) return undefined;
      const message = errorNotesOf(done.stderr)[0] ?? done.stderr.slice(0, 300);
      return `${c.name} → exit ${done.code}: ${problems.join(', ')} (${message.slice(0, 300)})`;
    } catch (error) {
      return (error as Error).message.slice(0, 600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it(`each of ${CASES} cases ends in time with a documented exit code, one line, no stack, nothing billed beyond the file`, async function () {
    this.timeout(Math.max(120_000, CASES * 1_500));
    const cases = Array.from({ length: CASES }, (_, i) => caseOf(SEED, i, bases));
    const failures: string[] = [];
    let next = 0;
    // Two at a time: one per core, each through its own proxy.
    await Promise.all(
      proxies.map(async (proxy) => {
        while (next < cases.length) {
          const failure = await runCase(cases[next++]!, proxy);
          if (failure) failures.push(failure);
        }
      }),
    );
    assert.deepEqual(failures, []);
  });

  it('the corpus reaches both ends: files still taken, and files refused', () => {
    // Taken: the verb did its work (plan's 2 is "changes to make"); refused: any other exit.
    const taken = outcomes.filter((o) => o.code === 0 || (o.verb === 'plan' && o.code === 2)).length;
    const byCode = outcomes.reduce<Record<string, number>>(
      (n, o) => ({ ...n, [`${o.code}`]: (n[`${o.code}`] ?? 0) + 1 }),
      {},
    );
    assert.equal(outcomes.length, CASES);
    assert.ok(taken >= CASES / 10 && CASES - taken >= CASES / 4, JSON.stringify(byCode));
  });
});
