// The fixture most workflow and client tests share: one simulator and one client for the suite,
// and a fresh temporary output folder (with the simulator's log and faults reset) for each test.
// Call it at the top of a `describe`; its hooks run before the suite's own. The simulator runs on
// the tests' shared clock (test-clock.ts) unless the options give another.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../../src/api/client';
import type { FullImageryClient } from '../../src/api/client';
import type { ClientOptions } from '../../src/api/types';
import { startSimulator } from '../simulator';
import type { Simulator, SimulatorOptions } from '../simulator';
import { testClock } from './test-clock';

export interface SimulatorClientFixture {
  readonly sim: Simulator;
  readonly client: FullImageryClient;
  /** The current test's empty output folder. */
  readonly out: string;
}

export interface FixtureOptions {
  simulator?: SimulatorOptions;
  /** Merged over `{ baseUrl: <the simulator>, getApiKey: () => 'demo-key' }`. */
  client?: Omit<Partial<ClientOptions>, 'baseUrl'>;
  /** Prefix of the temporary folders, to tell them apart in /tmp. */
  tempPrefix: string;
}

export function useSimulatorClient(options: FixtureOptions): SimulatorClientFixture {
  let sim: Simulator | undefined;
  let client: FullImageryClient | undefined;
  let out: string | undefined;
  before(async () => {
    sim = await startSimulator({ clock: testClock, ...options.simulator });
    client = createClient({ getApiKey: () => 'demo-key', ...options.client, baseUrl: sim.url });
  });
  after(async () => {
    await client?.close();
    await sim?.close();
  });
  beforeEach(async () => {
    sim?.clearLog();
    sim?.configure({});
    out = await mkdtemp(join(tmpdir(), options.tempPrefix));
  });
  afterEach(async () => {
    if (out) await rm(out, { recursive: true, force: true });
  });
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`The fixture's ${name} is used before its hook ran.`);
    return value;
  };
  return {
    get sim() {
      return ready(sim, 'simulator');
    },
    get client() {
      return ready(client, 'client');
    },
    get out() {
      return ready(out, 'output folder');
    },
  };
}
