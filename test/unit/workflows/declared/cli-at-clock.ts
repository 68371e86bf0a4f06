// The command line run at the simulator's instant: libfaketime (Debian's `faketime`, which the
// test host installs) sets the child's clock, so "today" in a window, the calendar month of the
// monthly cap and the times the ledger writes all follow the pinned clock, never the real day.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../../fixtures/cli-helpers';
import type { CliRun } from '../../fixtures/cli-helpers';
import type { CliSimulator } from '../../fixtures/cli-fixture';

function libfaketime(): string {
  for (const lib of ['/usr/lib', '/usr/lib64']) {
    const direct = join(lib, 'faketime', 'libfaketime.so.1');
    if (existsSync(direct)) return direct;
    for (const arch of readdirSync(lib)) {
      const path = join(lib, arch, 'faketime', 'libfaketime.so.1');
      if (existsSync(path)) return path;
    }
  }
  throw new Error('libfaketime is missing: install the Debian package `faketime` (bash scripts/install-test-host.sh)');
}

/** "@2026-07-15 10:00:00": faketime's absolute start, from which the child's clock runs on. */
function fakeTimeOf(ms: number): string {
  return `@${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}`;
}

/** Runs the CLI with its clock at the simulator's now. */
export function runAtSimulatorClock(cli: CliSimulator, ...args: string[]): Promise<CliRun> {
  return runCli(args, {
    cwd: cli.dir,
    env: { ...cli.env(), LD_PRELOAD: libfaketime(), FAKETIME: fakeTimeOf(cli.sim.state.now()), TZ: 'UTC' },
  });
}
