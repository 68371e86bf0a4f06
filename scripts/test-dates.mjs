#!/usr/bin/env node
// The unit suite at other days than today, under libfaketime (Debian package `faketime`): a
// month's first minutes, a month's last day, 29 February of a leap year, the last half hour of a
// year. The suite must pass on any day; these are the days date arithmetic gets wrong.
// The clock is moved by a relative offset (`faketime -f +Ns`), so this process, the simulator and
// every CLI child (tests pass the FAKETIME variables on) agree on the time and it keeps running.
// Expects `npm run build` and `npm run compile-tests` to have run (npm test does both).
// Usage: node scripts/test-dates.mjs [all | today | ISO ...]
//   all (default)  every day below, one after the other
//   today          one of them, chosen from today's date, so every CI run tries another day
//   ISO ...        the given instants, e.g. 2030-06-30T23:59:00Z
import { spawnSync } from 'node:child_process';

export const DAYS = [
  '2027-03-01T00:05:00Z', // a month's first minutes, after a 28-day February
  '2027-04-30T12:00:00Z', // a month's last day (30 days)
  '2028-02-29T12:00:00Z', // 29 February of a leap year
  '2026-12-31T23:30:00Z', // the last half hour of a year
  '2029-01-31T22:00:00Z', // the last day of a 31-day month, before a short February
];

function pick(args) {
  if (args.length === 0 || args[0] === 'all') return DAYS;
  if (args[0] === 'today') {
    const day = Math.floor(Date.now() / 86_400_000);
    return [DAYS[day % DAYS.length]];
  }
  for (const a of args) if (Number.isNaN(Date.parse(a))) throw new Error(`Not an instant: ${a}`);
  return args;
}

let which = spawnSync('faketime', ['-f', '+0', 'true']);
// The project's install step brings it (as root), as it brings the test host's other packages.
if (which.error) {
  spawnSync('bash', ['scripts/install-test-host.sh'], { stdio: ['ignore', 'ignore', 'inherit'] });
  which = spawnSync('faketime', ['-f', '+0', 'true']);
}
if (which.error || which.status !== 0) {
  console.error('faketime is missing: install the Debian package `faketime` (bash scripts/install-test-host.sh does).');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

let failed = 0;
const lines = [];
for (const instant of pick(process.argv.slice(2))) {
  const offset = Math.round((Date.parse(instant) - Date.now()) / 1000);
  console.log(`\n=== unit tests at ${instant} (faketime -f ${offset >= 0 ? '+' : ''}${offset}s) ===`);
  const run = spawnSync(
    'faketime',
    [
      '-f',
      `${offset >= 0 ? '+' : ''}${offset}s`,
      'npx',
      'mocha',
      '--config',
      'test/unit/.mocharc.json',
      '--reporter',
      'dot',
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
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
