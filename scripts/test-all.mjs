#!/usr/bin/env node
// The test suite, as README.md and .ci/run give it. Two tiers:
//   node scripts/test-all.mjs           the whole suite (npm test): build, type checks, lint, knip,
//                                       prettier; the unit suite once, in parallel, at a day other
//                                       than today under faketime; integration in a real extension
//                                       host; the UI in a real browser
//   node scripts/test-all.mjs --quick   the inner loop (npm run test:quick): the same build and
//                                       checks, and every unit test that starts no browser and
//                                       no 50-run loop, at today's date
//   node scripts/test-all.mjs SUITE...  only those suites (unit, integration, ui), after the build
// At the end: a table of the phases with their times (and .ci/run's, passed in CI_PHASES), the 15
// slowest tests of each suite, each suite's summary and a closing `N passed, N failed` line. Exits
// non-zero on any failure and when a suite ran no test.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { FILE_TIMES, unitFiles, unitMocha } from './test-select.mjs';
import { datesArgs, dayFor } from './test-dates.mjs';
import { failureAccount, mochaCounts, slowestTests } from './test-output.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const requested = args.filter((a) => !a.startsWith('--'));
const all = ['unit', 'integration', 'ui'];
const suites = quick ? ['unit'] : requested.length ? requested : all;
for (const suite of suites)
  if (!all.includes(suite)) {
    console.error(`Unknown suite '${suite}'. Suites: ${all.join(', ')}`);
    process.exit(2);
  }

/** Name → seconds, in the order they ran; .ci/run's own phases first (CI_PHASES="name=s;…"). */
const phases = (process.env.CI_PHASES ?? '')
  .split(';')
  .filter(Boolean)
  .map((pair) => {
    const at = pair.lastIndexOf('=');
    return { name: pair.slice(0, at), seconds: Number(pair.slice(at + 1)), ok: true };
  });

function run(cmd, cmdArgs, { capture = false, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'], env });
    let out = '';
    if (capture)
      child.stdout.on('data', (chunk) => {
        process.stdout.write(chunk);
        out += chunk;
      });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
  });
}

/** Runs steps side by side (each [title, cmd, args]); records one phase; stops the run on failure. */
async function phase(name, ...steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const results = await Promise.all(steps.map(([, cmd, cmdArgs]) => run(cmd, cmdArgs)));
  const seconds = (Date.now() - started) / 1000;
  const failed = steps.filter((_, i) => results[i].code !== 0).map(([title]) => title);
  phases.push({ name, seconds, ok: failed.length === 0 });
  if (failed.length) {
    console.log(`\n${failed.join(', ')} failed.`);
    printPhases();
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

function printPhases() {
  console.log('\n=== phases ===');
  const width = Math.max(...phases.map((p) => p.name.length));
  for (const p of phases)
    console.log(`${p.name.padEnd(width)}  ${p.seconds.toFixed(0).padStart(5)} s${p.ok ? '' : '  FAILED'}`);
  console.log(
    `${'in all'.padEnd(width)}  ${phases
      .reduce((s, p) => s + p.seconds, 0)
      .toFixed(0)
      .padStart(5)} s`,
  );
}

// The bundles, the type check that also compiles the tests, and the pages' type check at once: two
// cores, three independent programs.
// tsc keeps what it knew in out/ (--incremental), so a second run checks only what changed.
await phase(
  'build and type check',
  ['bundle (esbuild)', 'node', ['esbuild.mjs']],
  [
    'type check and compile tests (tsc)',
    'npx',
    ['tsc', '-p', '.', '--outDir', 'out', '--incremental', '--tsBuildInfoFile', 'out/.tsbuildinfo'],
  ],
  ['type check pages (tsc)', 'npx', ['tsc', '--noEmit', '-p', 'media/webview']],
);
// The boundaries between the rooms and no floating promise (eslint.config.mjs); unused files,
// exports and dependencies (knip.json, offline); the sources in Prettier's layout (`npm run format`
// fixes it).
// The quick tier keeps ESLint's and Prettier's caches (node_modules/.cache/): a second run reads
// only the files that changed. ESLint's cache does not see a type that changed in another file, so
// the whole suite lints without it.
const cache = (dir) => (quick ? ['--cache', '--cache-location', `node_modules/.cache/${dir}`] : []);
await phase(
  'lint, unused code, format',
  ['lint (eslint)', 'npx', ['eslint', ...cache('eslint/')]],
  ['unused code (knip)', 'npx', ['knip', '--no-progress']],
  ['format (prettier --check)', 'npx', ['prettier', '--check', '.', ...cache('prettier/.cache')]],
);

// The unit suite's CLI tests run the bundle this build made, not one more built by each worker.
process.env.SAT_IMAGERY_TEST_CLI_BUNDLE = join(process.cwd(), 'dist', 'cli.js');
// Each file's time goes to FILE_TIMES for the next run's order (slowest first).
process.env.MOCHA_FILE_TIMES = FILE_TIMES;
const mocha = unitMocha('scripts/mocha-file-times.cjs');
/** The unit suite: the quick tier at today's date; the whole suite once, at a day date arithmetic
 * gets wrong, chosen from today so that every run tries another (scripts/test-dates.mjs). */
function unitCommand() {
  if (quick) return { title: 'unit tests (quick tier, today)', cmd: mocha, files: unitFiles({ quick: true }) };
  const day = dayFor(new Date());
  return { title: `unit tests at ${day}`, cmd: [...datesArgs(day), ...mocha], files: unitFiles() };
}

const suiteCommands = {
  unit: unitCommand,
  integration: () => ({
    title: 'integration tests (VS Code host)',
    cmd: ['node', 'scripts/run-integration-tests.mjs'],
  }),
  ui: () => ({ title: 'UI tests (browser)', cmd: ['node', 'scripts/run-ui-tests.mjs'] }),
};

const summaries = [];
const failures = [];
const slowest = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;
for (const suite of suites) {
  const { title, cmd, files = [] } = suiteCommands[suite]();
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const { code, out } = await run(cmd[0], [...cmd.slice(1), ...files], { capture: true });
  const counts = mochaCounts(out);
  for (const k of Object.keys(totals)) totals[k] += counts[k];
  let verdict = 'ok';
  if (code !== 0 || counts.failed > 0) verdict = 'FAILED';
  else if (counts.passed === 0) verdict = 'FAILED (ran no test)';
  phases.push({ name: title, seconds: (Date.now() - started) / 1000, ok: verdict === 'ok' });
  if (verdict !== 'ok') {
    ok = false;
    failures.push(`--- ${suite} ---`, ...failureAccount(out));
  }
  slowest.push(`--- ${suite} ---`, ...slowestTests(out, 15));
  summaries.push(`${suite}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped: ${verdict}`);
}

console.log(['\n=== the 15 slowest tests of each suite ===', ...slowest].join('\n'));
// What failed, again, next to the summary: a CI log is often read from its end.
if (failures.length) console.log(['\n=== what failed ===', ...failures].join('\n'));
printPhases();
console.log('\n=== summary ===');
for (const line of summaries) console.log(line);
if (!ok && totals.failed === 0) totals.failed = 1; // a suite that crashed or ran nothing counts as a failure
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
