// What the command-line tests share: the bundled CLI built once, a simulator that knows the file's
// key, a scratch folder with the area files written into it, `run` with the key and the base URL
// in the environment, and after the file's tests a check that no output of any run held the key.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../simulator/index';
import type { Simulator, SimulatorOptions } from '../simulator/index';
import { allOutput, buildCli, runCli } from './cli-helpers';
import type { CliRun } from './cli-helpers';

/** About 2 ha near Aarhus, one mini-tile. */
export const FIELD = '{"type":"Polygon","coordinates":[[[10.05,56.05],[10.07,56.05],[10.07,56.06],[10.05,56.06],[10.05,56.05]]]}';
/** About 20 km² near Aarhus: several mini-tiles, above a small key's maximum composite area. */
export const WIDE = '{"type":"Polygon","coordinates":[[[10.05,56.05],[10.12,56.05],[10.12,56.09],[10.05,56.09],[10.05,56.05]]]}';

export interface CliSimulator {
  readonly sim: Simulator;
  readonly dir: string;
  /** The path of a file written into the scratch folder. */
  file(name: string): string;
  /** The environment a run gets: the key and the simulator's URL. */
  env(): Record<string, string>;
  run(...args: string[]): Promise<CliRun>;
}

/** Registers the file's before/after hooks; call it at the top of a describe. */
export function useCliSimulator(options: { key: string; prefix: string; simulator?: SimulatorOptions; files: Record<string, string> }): CliSimulator {
  let sim: Simulator | undefined;
  let dir: string | undefined;
  // The estimates plan and apply keep between runs go to the scratch folder, not the user's cache.
  const env = () => ({ SAT_IMAGERY_API_KEY: options.key, SAT_IMAGERY_BASE_URL: fixture.sim.url, XDG_CACHE_HOME: join(fixture.dir, '.cache') });
  const fixture: CliSimulator = {
    get sim() {
      assert.ok(sim, 'the simulator starts in the before hook');
      return sim;
    },
    get dir() {
      assert.ok(dir, 'the folder is made in the before hook');
      return dir;
    },
    file: (name) => join(fixture.dir, name),
    env,
    run: (...args) => runCli(args, { cwd: fixture.dir, env: env() }),
  };
  before(async () => {
    buildCli();
    sim = await startSimulator({ demoData: true, ...options.simulator, keys: { valid: [options.key] } });
    dir = mkdtempSync(join(tmpdir(), options.prefix));
    for (const [name, text] of Object.entries(options.files)) writeFileSync(join(dir, name), text);
  });
  after(async () => {
    await sim?.close();
    assert.deepEqual(allOutput.filter((text) => text.includes(options.key)), [], 'no output holds the key');
  });
  return fixture;
}

/** The first and last day of next month by this process's clock (the CLI tests' simulator runs on
 * it too): an order period that is in the future on any day the suite runs. */
export function nextMonth(): { from: string; to: string } {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}
