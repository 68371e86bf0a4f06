#!/usr/bin/env node
// The unit suite at other days than today, under libfaketime (Debian package `faketime`): a
// month's first minutes, a month's last day, 29 February of a leap year, the last half hour of a
// year. The suite must pass on any day; these are the days date arithmetic gets wrong. `npm test`
// runs the whole unit suite once, at the day dayFor() picks from today's date, so every run tries
// another; `npm run test:dates` runs it at all of them.
// The clock is moved by a relative offset (`faketime -f +Ns`), so this process, the simulator and
// every CLI child (tests pass the FAKETIME variables on) agree on the time and it keeps running.
// Expects `npm run build` and `npm run compile-tests` to have run (npm test does both).
// Usage: node scripts/test-dates.mjs [all | today | ISO ...]
//   all (default)  every day below, one after the other
//   today          the day dayFor() picks from today's date
//   ISO ...        the given instants, e.g. 2030-06-30T23:59:00Z
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { unitFiles, unitMocha } from './test-select.mjs';

export const DAYS = [
  '2027-03-01T00:05:00Z', // a month's first minutes, after a 28-day February
  '2027-04-30T12:00:00Z', // a month's last day (30 days)
  '2028-02-29T12:00:00Z', // 29 February of a leap year
  '2026-12-31T23:30:00Z', // the last half hour of a year
  '2029-01-31T22:00:00Z', // the last day of a 31-day month, before a short February
];

/** The day of DAYS a run on `date` tries: another each calendar day. */
export function dayFor(date) {
  return DAYS[Math.floor(date.getTime() / 86_400_000) % DAYS.length];
}

/** The command prefix that runs a program at `instant`: faketime with the offset from now. Installs
 * faketime with the test host's Debian packages when it is missing (as root). */
export function datesArgs(instant) {
  let which = spawnSync('faketime', ['-f', '+0', 'true']);
  if (which.error) {
    spawnSync('bash', ['scripts/install-test-host.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
    which = spawnSync('faketime', ['-f', '+0', 'true']);
  }
  if (which.error || which.status !== 0)
    throw new Error(
      'faketime is missing: install the Debian package `faketime` (bash scripts/install-test-host.sh does).',
    );
  const offset = Math.round((Date.parse(instant) - Date.now()) / 1000);
  return ['faketime', '-f', `${offset >= 0 ? '+' : ''}${offset}s`];
}

function pick(args) {
  if (args.length === 0 || args[0] === 'all') return DAYS;
  if (args[0] === 'today') return [dayFor(new Date())];
  for (const a of args) if (Number.isNaN(Date.parse(a))) throw new Error(`Not an instant: ${a}`);
  return args;
}

function main() {
  let failed = 0;
  const lines = [];
  for (const instant of pick(process.argv.slice(2))) {
    let prefix;
    try {
      prefix = datesArgs(instant);
    } catch (error) {
      console.error(error.message);
      console.log('0 passed, 1 failed');
      process.exit(1);
    }
    console.log(`\n=== unit tests at ${instant} (${prefix.join(' ')}) ===`);
    const run = spawnSync(prefix[0], [...prefix.slice(1), ...unitMocha('dot'), ...unitFiles()], {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    process.stdout.write(run.stdout ?? '');
    const count = (word) =>
      Number([...(run.stdout ?? '').matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'gm'))].pop()?.[1] ?? 0);
    const ok = run.status === 0 && count('failing') === 0 && count('passing') > 0;
    if (!ok) failed++;
    lines.push(`${instant}: ${count('passing')} passing, ${count('failing')} failing${ok ? '' : ' FAILED'}`);
  }
  console.log('\n=== days ===');
  for (const line of lines) console.log(line);
  console.log(`dates: ${lines.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
