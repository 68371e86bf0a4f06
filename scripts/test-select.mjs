// Which unit test files a run takes, found from the sources (test/unit/**/*.test.ts, compiled to
// out/), so a test deleted or renamed never runs from a compiled copy left in out/. The quick tier
// takes every one that starts no browser, no 50-run loop and no vsce, found from what each file is
// (its imports, its name, what it runs), not from a list kept by hand: a new test joins it unless
// it is one of those.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A test file that drives a browser imports playwright-core or the project's browser launcher. */
const STARTS_A_BROWSER = /from ['"](playwright-core|[./]*scripts\/browser\.mjs)['"]/;
/** The kill tests: `*-kill.test.ts`, each a loop of fifty runs killed at seeded moments. */
const KILL_LOOP = /-kill\.test\.ts$/;
/** A test file that packs the extension runs vsce from node_modules/.bin (about 45 s on 2 cores). */
const PACKS_THE_EXTENSION = /'\.bin', 'vsce'/;

function testSources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testSources(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const compiled = (source) => join('out', relative(root, source)).replace(/\.ts$/, '.js');

/** Whether the quick tier leaves the file out, and why (undefined: it runs). */
export function slowBecause(source) {
  if (KILL_LOOP.test(source)) return 'a 50-run kill loop';
  const text = readFileSync(source, 'utf8');
  if (STARTS_A_BROWSER.test(text)) return 'starts a browser';
  if (PACKS_THE_EXTENSION.test(text)) return 'packs the extension with vsce';
  return undefined;
}

/** Each compiled file's time in the last run that ran it (scripts/mocha-file-times.cjs writes it). */
export const FILE_TIMES = join(root, 'node_modules', '.cache', 'sat-imagery-tests', 'unit-file-times.json');

function lastTimes() {
  try {
    return JSON.parse(readFileSync(FILE_TIMES, 'utf8'));
  } catch {
    return {}; // none yet (a fresh clone) or unreadable: the order by name below
  }
}

/**
 * The compiled paths (out/test/unit/…/*.test.js) of the unit test files, the slowest first: mocha's
 * parallel workers take files in the order given, so a long file started last would leave one
 * worker idle while it finishes. The order is the last run's times where there are some, else the
 * kill loops first and the rest by name.
 */
export function unitFiles({ quick = false } = {}) {
  const sources = testSources(join(root, 'test', 'unit')).sort();
  const chosen = (quick ? sources.filter((s) => slowBecause(s) === undefined) : sources).map(compiled);
  const times = lastTimes();
  const weight = (file) => times[file] ?? (KILL_LOOP.test(file.replace(/\.js$/, '.ts')) ? Infinity : 0);
  return chosen.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
}

/** The mocha command of the unit suite: four files at a time on two cores (most of a test's time
 * is spent waiting on a child process, a timer or the simulator; UNIT_TEST_JOBS overrides it). */
export function unitMocha(reporter) {
  const jobs = process.env.UNIT_TEST_JOBS ?? '4';
  return ['npx', 'mocha', '--config', 'test/unit/.mocharc.json', '--parallel', '--jobs', jobs, '--reporter', reporter];
}
