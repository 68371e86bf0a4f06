#!/usr/bin/env node
// The whole test suite, as README.md and .ci/run give it: type check and build, then each suite
// in turn. Prints each suite's summary and a closing `N passed, N failed` line; exits non-zero
// on any failure and when a suite ran no test.
// Usage: node scripts/test-all.mjs [suite ...]   (suites: unit, integration, ui, dates)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const requested = process.argv.slice(2);
// Suites join this list as their runners land. `dates` is the unit suite again at another day
// than today under faketime (scripts/test-dates.mjs), one chosen from today's date, so every run
// tries another (`npm run test:dates` runs them all).
const all = ['unit', 'integration', 'ui', 'dates'];
const suites = requested.length ? requested : all;

function run(cmd, args, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit', env: process.env });
    let out = '';
    if (capture) {
      child.stdout.on('data', (chunk) => {
        process.stdout.write(chunk);
        out += chunk;
      });
    }
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), out }));
  });
}

/** Reads mocha's closing lines ("N passing", "N failing", "N pending"). */
function mochaCounts(text) {
  const count = (word) => {
    const m = [...text.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'gm'))].pop();
    return m ? Number(m[1]) : 0;
  };
  return { passed: count('passing'), failed: count('failing'), skipped: count('pending') };
}

const suiteCommands = {
  unit: ['npx', ['mocha', '--config', 'test/unit/.mocharc.json']],
  integration: ['node', ['scripts/run-integration-tests.mjs']],
  ui: ['node', ['scripts/run-ui-tests.mjs']],
  dates: ['node', ['scripts/test-dates.mjs', 'today']],
};

const step = async (title, cmd, args) => {
  console.log(`\n=== ${title} ===`);
  const { code } = await run(cmd, args);
  if (code !== 0) {
    console.log(`\n${title} failed.`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
};

await step('build (esbuild + tsc --noEmit)', 'npm', ['run', '--silent', 'build']);
await step('compile tests', 'npm', ['run', '--silent', 'compile-tests']);
// The boundaries between the rooms (eslint.config.mjs), and no floating promise in src/.
await step('lint', 'npm', ['run', '--silent', 'lint']);
// Unused files, exports and dependencies (knip.json names the entry points; runs offline).
await step('unused code (knip)', 'npx', ['knip', '--no-progress']);
// The sources in Prettier's layout (.prettierrc.json, .prettierignore): `npm run format` fixes it.
await step('format (prettier --check)', 'npm', ['run', '--silent', 'format:check']);

/**
 * Mocha's account of its failures: the lines from its last "N failing" on, at most `limit` of
 * them, so that the summary at the end of a long log still names what failed and why.
 */
function failureAccount(text, limit = 60) {
  const starts = [...text.matchAll(/^\s*\d+ failing\b/gm)];
  if (!starts.length) return [];
  const lines = text.slice(starts.at(-1).index).split('\n');
  return lines.length > limit ? [...lines.slice(0, limit), `  … ${lines.length - limit} more lines not shown`] : lines;
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const summaries = [];
const failures = [];
let ok = true;
for (const suite of suites) {
  const entry = suiteCommands[suite];
  if (!entry) {
    console.error(`Unknown suite '${suite}'. Suites: ${all.join(', ')}`);
    process.exit(2);
  }
  if (entry[0] === 'node' && !existsSync(entry[1][0])) {
    console.error(`Suite '${suite}' has no runner (${entry[1][0]}).`);
    ok = false;
    summaries.push(`${suite}: missing runner`);
    continue;
  }
  console.log(`\n=== ${suite} tests ===`);
  const { code, out } = await run(entry[0], entry[1], { capture: true });
  const counts = mochaCounts(out);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  let verdict = 'ok';
  if (code !== 0 || counts.failed > 0) verdict = 'FAILED';
  else if (counts.passed === 0) verdict = 'FAILED (ran no test)';
  if (verdict !== 'ok') {
    ok = false;
    failures.push(`--- ${suite} ---`, ...failureAccount(out));
  }
  summaries.push(`${suite}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped: ${verdict}`);
}

// What failed, again, next to the summary: a CI log is often read from its end.
if (failures.length) console.log(['\n=== what failed ===', ...failures].join('\n'));
console.log('\n=== summary ===');
for (const line of summaries) console.log(line);
if (!ok && totals.failed === 0) totals.failed = 1; // a suite that crashed or ran nothing counts as a failure
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
