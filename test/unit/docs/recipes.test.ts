// The workflow files of docs/recipes/ (and the cron line of docs/recipes.md), read with a YAML
// parser and run as far as this machine allows: each `run:` step that calls sat-imagery runs in bash -e (GitHub's default shell) with
// the environment the workflow gives it (the job's env, the step's, the key secret), in a folder
// with a demo imagery file over the simulator's scripted season, against the simulator, with `sat-imagery` on the PATH as
// `npm install -g .` puts it there; its exit code is the one the workflow expects. The steps that
// need GitHub (checkout, setup-node, the cache, posting the comment with gh) cannot run here: they
// are checked for their shape only.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { DEFAULT_SEASON, seasonDates } from '../../simulator/index';
import { buildCli, clockEnv } from '../fixtures/cli-helpers';
import { useCliSimulator } from '../fixtures/cli-fixture';
import { seasonAreaGeoJson, seasonFieldsGeoJson } from '../fixtures/season-files';
import { testClock } from '../fixtures/test-clock';

const KEY = 'recipes-key-3Vx7';
/** The first six weeks of the simulator's scripted season: field F15 is under cloud on the last
 * two (test/simulator/season.ts), two low-coverage alerts. */
const DATES = seasonDates(DEFAULT_SEASON).slice(0, 6);
const ALERTS = ['F15 2026-06-01 low-coverage', 'F15 2026-06-08 low-coverage'];
const RECIPES = join(__dirname, '..', '..', '..', '..', 'docs', 'recipes');
const INSTALL = 'npm ci && npm run build && npm install -g .';

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'working-directory'?: string;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, { 'runs-on': string; env?: Record<string, string>; steps: Step[] }>;
}

function workflow(name: string): {
  text: string;
  job: Workflow['jobs'][string];
  on: Workflow['on'];
  permissions?: Record<string, string>;
} {
  const text = readFileSync(join(RECIPES, name), 'utf8');
  const parsed = parse(text) as Workflow;
  const jobs = Object.values(parsed.jobs);
  assert.equal(jobs.length, 1, `${name} has one job`);
  return { text, job: jobs[0]!, on: parsed.on, ...(parsed.permissions ? { permissions: parsed.permissions } : {}) };
}

const IMAGERY = JSON.stringify({
  datasets: [
    {
      name: 'ndvi',
      area: 'fields/area.geojson',
      folder: 'imagery/ndvi',
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      bandnames: 'B4,B8',
      dates: DATES,
      fieldStats: { fields: 'fields/fields.geojson', indices: ['ndvi'], idProperty: 'id' },
    },
  ],
  budget: { maxCredits: 1000 },
});

describe('docs/recipes: the workflow files', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-recipes-',
    simulator: { demoData: false, season: DEFAULT_SEASON, clock: testClock },
    files: {},
  });
  const scheduled = workflow('scheduled-apply.yml');
  const review = workflow('plan-comment.yml');
  const step = (w: typeof scheduled, name: string) => {
    const found = w.job.steps.find((s) => s.name === name);
    assert.ok(found, `a step named ${name}`);
    return found;
  };
  const charged = () => cli.sim.requests.filter((r) => r.charged);
  let bin: string;
  let workspace: string;

  before(() => {
    // `sat-imagery` on the PATH, as npm install -g . links it: the bundle the other CLI tests run.
    bin = mkdtempSync(join(tmpdir(), 'sat-imagery-recipes-bin-'));
    writeFileSync(join(bin, 'sat-imagery'), `#!/bin/sh\nexec "${process.execPath}" "${buildCli()}" "$@"\n`);
    chmodSync(join(bin, 'sat-imagery'), 0o755);
  });

  beforeEach(() => {
    workspace = mkdtempSync(join(cli.dir, 'workspace-'));
    writeFileSync(join(workspace, 'imagery.json'), IMAGERY);
    mkdirSync(join(workspace, 'fields'));
    writeFileSync(join(workspace, 'fields', 'area.geojson'), seasonAreaGeoJson(DEFAULT_SEASON));
    writeFileSync(join(workspace, 'fields', 'fields.geojson'), seasonFieldsGeoJson(DEFAULT_SEASON));
  });

  /** A step's ${{ }} values: the key secret only; a step that needs another cannot run here. */
  function resolved(env: Record<string, string> = {}): Record<string, string> {
    return Object.fromEntries(
      Object.entries(env).map(([name, value]) => {
        const bare = value.replace(/\$\{\{\s*secrets\.SAT_IMAGERY_API_KEY\s*\}\}/g, KEY);
        assert.doesNotMatch(bare, /\$\{\{/, `${name} needs GitHub to run`);
        return [name, bare];
      }),
    );
  }

  /** Runs a step's script as GitHub does (bash -e), in the workspace, with the workflow's env. */
  function runStep(w: typeof scheduled, s: Step, overrides: Record<string, string> = {}) {
    const output = join(workspace, `github-output-${s.name ?? 'step'}`);
    const summary = join(workspace, `github-summary-${s.name ?? 'step'}`);
    writeFileSync(output, '');
    writeFileSync(summary, '');
    const env = {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      HOME: workspace,
      ...clockEnv(),
      // What a runner gives every step, and where this machine's service is.
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      SAT_IMAGERY_BASE_URL: cli.sim.url,
      XDG_CACHE_HOME: join(workspace, '.cache'),
      ...resolved(w.job.env),
      ...resolved(s.env),
      ...overrides,
    };
    return new Promise<{ code: number | null; stdout: string; stderr: string; outputs: string; summary: string }>(
      (done) => {
        const child = spawn('bash', ['-e', '-c', s.run ?? ''], { cwd: workspace, env });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
        child.once('close', (code) => {
          assert.ok(!(stdout + stderr).includes(KEY), 'no step prints the key');
          done({ code, stdout, stderr, outputs: readFileSync(output, 'utf8'), summary: readFileSync(summary, 'utf8') });
        });
      },
    );
  }

  it('install the command from its repository (npm ci, build, npm install -g .), never with npx', () => {
    for (const w of [scheduled, review]) {
      assert.equal(step(w, 'Install sat-imagery').run?.trim(), INSTALL);
      assert.doesNotMatch(w.text, /\bnpx\b/);
      // The key goes to the steps that call the service (alerts reads the field table only), and to no other.
      for (const s of w.job.steps)
        assert.equal(
          JSON.stringify(s).includes('secrets.SAT_IMAGERY_API_KEY'),
          /(^|\s)sat-imagery (plan|apply)\s/.test(s.run ?? ''),
          `${s.name ?? s.uses}`,
        );
    }
  });

  it('the scheduled job: on a cron schedule, its folders restored before the apply and saved after it even when it fails', () => {
    const cron = (scheduled.on.schedule as { cron: string }[])[0]?.cron;
    assert.match(cron ?? '', /^(\S+\s+){4}\S+$/);
    const uses = scheduled.job.steps.map((s) => s.uses ?? s.name);
    const at = (name: string) => uses.indexOf(name);
    assert.ok(
      at('actions/cache/restore@v4') < at('Apply') && at('Apply') < at('actions/cache/save@v4'),
      uses.join(', '),
    );
    const save = scheduled.job.steps[at('actions/cache/save@v4')]!;
    assert.equal(save.if, 'always()');
    assert.equal(save.with?.path, scheduled.job.steps[at('actions/cache/restore@v4')]!.with?.path);
    assert.match(
      step(scheduled, 'Apply').run ?? '',
      /sat-imagery apply "\$IMAGERY_FILE" --yes --max-cost "\$MAX_COST"/,
    );
  });

  it('the scheduled job tells of new alerts in an issue, once (shape only: it needs GitHub)', () => {
    assert.equal(scheduled.permissions?.issues, 'write');
    const tell = step(scheduled, 'Tell of new alerts');
    assert.equal(tell.if, "steps.alerts.outputs.exit == '2'");
    assert.equal(step(scheduled, 'Field alerts').id, 'alerts');
    assert.deepEqual(Object.keys(tell.env ?? {}), ['GH_TOKEN']);
    for (const part of [
      "'.alerts == $told[0].alerts' alerts.json",
      'gh issue create',
      '--body-file alerts.md',
      'cp alerts.json "$told"',
    ])
      assert.ok(tell.run?.includes(part), `${part} in ${tell.run}`);
    // The alerts told are kept where the cache keeps the folders.
    assert.match(tell.run ?? '', /^told=imagery\//m);
    assert.match(
      step(scheduled, 'Field alerts').run ?? '',
      /sat-imagery alerts "\$IMAGERY_FILE" --json > alerts\.json/,
    );
  });

  it('the review job: on pull_request (never pull_request_target), allowed to comment, posting with the marker (shape only: it needs GitHub)', () => {
    assert.ok('pull_request' in review.on);
    assert.ok(!('pull_request_target' in review.on));
    assert.equal(review.permissions?.['pull-requests'], 'write');
    const post = step(review, 'Post or update the comment');
    assert.deepEqual(Object.keys(post.env ?? {}).sort(), ['GH_TOKEN', 'PR']);
    for (const part of [
      'marker="$(head -n 1 plan.md)"',
      'startswith(\\"$marker\\")',
      '--method PATCH',
      '--method POST',
      'body=@plan.md',
    ])
      assert.ok(post.run?.includes(part), `${part} in ${post.run}`);
  });

  it('run against the simulator: the plan step posts changes (plan exit 2, step 0), the apply buys them (0), the next plan has none', async () => {
    const plan = step(review, 'Plan');
    const first = await runStep(review, plan);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.outputs, /^exit=2$/m);
    const markdown = readFileSync(join(workspace, 'plan.md'), 'utf8');
    assert.equal(markdown.split('\n')[0], '<!-- sat-imagery plan: imagery.json -->');
    assert.equal(markdown.match(/^\| to buy \|/gm)?.length, DATES.length, markdown);
    assert.deepEqual(charged(), [], 'a plan is never billed');

    const apply = await runStep(scheduled, step(scheduled, 'Apply'));
    assert.equal(apply.code, 0, apply.stderr + apply.stdout);
    assert.equal(charged().length, DATES.length, 'one charge per date');
    assert.ok(existsSync(join(workspace, 'imagery.lock.json')));
    assert.ok(
      existsSync(join(workspace, 'imagery', 'ndvi', 'sat-imagery-ledger.jsonl')),
      'the cache path holds the ledger',
    );

    const alerts = await runStep(scheduled, step(scheduled, 'Field alerts'));
    assert.equal(alerts.code, 0, alerts.stderr);
    assert.match(alerts.outputs, /^exit=2$/m);
    const found = JSON.parse(readFileSync(join(workspace, 'alerts.json'), 'utf8')) as {
      alerts: { field: string; date: string; rule: string }[];
    };
    assert.deepEqual(
      found.alerts.map((a) => `${a.field} ${a.date} ${a.rule}`),
      ALERTS,
    );
    assert.match(alerts.summary, /^\*\*Field alerts \(ndvi\):\*\* 2 alerts/m);
    assert.equal(readFileSync(join(workspace, 'alerts.md'), 'utf8'), alerts.summary);
    // The table apply wrote, without the field under cloud: a quiet morning.
    const table = join(workspace, 'imagery', 'ndvi', 'field-stats.csv');
    const rows = readFileSync(table, 'utf8').split('\r\n');
    assert.equal(rows.filter((row) => row.startsWith('F15,')).length, DATES.length, 'apply wrote the table');
    writeFileSync(table, rows.filter((row) => !row.startsWith('F15,')).join('\r\n'));
    const quiet = await runStep(scheduled, step(scheduled, 'Field alerts'));
    assert.equal(quiet.code, 0, quiet.stderr);
    assert.match(quiet.outputs, /^exit=0$/m);

    cli.sim.clearLog();
    const again = await runStep(review, plan);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.outputs, /^exit=0$/m);
    assert.equal(readFileSync(join(workspace, 'plan.md'), 'utf8').match(/^\| have \|/gm)?.length, DATES.length);
    const second = await runStep(scheduled, step(scheduled, 'Apply'));
    assert.equal(second.code, 0, second.stderr);
    assert.deepEqual(charged(), [], 'nothing bought twice');
  });

  it("the cron line: its command, in the clone's folder with an owner-only key file, buys the dates, logs the apply and prints the alerts", async () => {
    const block = /```cron\n([^`]*)```/.exec(readFileSync(join(RECIPES, '..', 'recipes.md'), 'utf8'))?.[1] ?? '';
    const lines = block.trim().split('\n');
    const path = lines.find((l) => l.startsWith('PATH='))?.slice('PATH='.length);
    const entry = lines.find((l) => !l.startsWith('PATH=') && /^(\S+\s+){5}/.test(l));
    assert.ok(path && entry, block);
    const command = entry.replace(/^(\S+\s+){5}/, '').replaceAll('/srv/fields', workspace);
    writeFileSync(join(workspace, '.sat-imagery-key'), KEY, { mode: 0o600 });
    cli.sim.clearLog();
    const run = await new Promise<{ code: number | null; stdout: string }>((done) => {
      const child = spawn('sh', ['-c', command], {
        env: { PATH: `${bin}:${path}`, HOME: workspace, SAT_IMAGERY_BASE_URL: cli.sim.url, ...clockEnv() },
      });
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
      child.once('close', (code) => done({ code, stdout }));
    });
    const log = readFileSync(join(workspace, 'apply.log'), 'utf8');
    assert.equal(run.code, 0, log);
    assert.match(log, new RegExp(`^Apply: ${DATES.length} bought, 0 uncertain, 0 failed\\.`, 'm'));
    assert.equal(charged().length, DATES.length);
    assert.ok(!log.includes(KEY));
    // What cron mails: the alerts, nothing else.
    assert.equal(run.stdout, readFileSync(join(workspace, 'alerts.md'), 'utf8'));
    assert.match(run.stdout, /^\*\*Field alerts \(ndvi\):\*\* 2 alerts/);
  });

  it('fails the job when the budget stops the apply (8, nothing charged) and the check when the file is bad (3)', async () => {
    cli.sim.clearLog();
    const apply = await runStep(scheduled, step(scheduled, 'Apply'), { MAX_COST: '0.0001' });
    assert.equal(apply.code, 8, apply.stderr + apply.stdout);
    assert.deepEqual(charged(), []);
    writeFileSync(join(workspace, 'imagery.json'), '{ "datasets": [ { "name": 1 } ] }');
    const plan = await runStep(review, step(review, 'Plan'));
    assert.equal(plan.code, 3, plan.stderr);
    assert.match(plan.outputs, /^exit=3$/m);
  });
});
