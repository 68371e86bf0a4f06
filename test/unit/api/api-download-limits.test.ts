// When a download is given up on: a body that trickles below the rate floor (simulator fault
// `trickleBytesPerSecond`, after a fast start) ends once the floor's window has passed, long
// before the idle timeout would notice, and a download still moving when the overall deadline
// passes ends then; either way nothing is left and the billed request is not sent again.
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '../../../src/api/client';
import type { FullImageryClient } from '../../../src/api/client';
import type { ClientOptions, CompositeRequest } from '../../../src/api/types';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { orderedComposite, refusal } from './api-test-helpers';
import { testClock } from '../fixtures/test-clock';

const COMPOSITE = '/api/satelliteimages/process/composite';
const MiB = 1024 * 1024;

describe('api client: download rate floor and overall deadline', function () {
  this.timeout(30_000);
  let sim: Simulator;
  let dir: string;
  let composite: CompositeRequest;
  const clients: FullImageryClient[] = [];

  function clientWith(download: ClientOptions['download']): FullImageryClient {
    const client = createClient({
      baseUrl: sim.url,
      getApiKey: () => 'demo-key',
      timeoutMs: 5000,
      retry: { baseDelayMs: 10 },
      download,
    });
    clients.push(client);
    return client;
  }

  before(async () => {
    sim = await startSimulator({ clock: testClock });
    composite = await orderedComposite(clientWith({}));
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'api-download-limits-'));
    sim.clearLog();
  });
  afterEach(async () => {
    sim.configure({});
    await rm(dir, { recursive: true, force: true });
  });
  after(async () => {
    for (const client of clients) await client.close();
    await sim?.close();
  });

  it('ends a download whose rate stays under the floor, judged on the recent window, not the average', async () => {
    // 1 MiB at full speed, then 20 kB/s: the average since the start stays above the floor for
    // seconds, the last half second's rate falls under it at once. Finishing would take 150 s.
    sim.configure({ imageBytes: 4 * MiB, trickleBytesPerSecond: 20_000, trickleAfterBytes: MiB });
    const client = clientWith({ minimumRate: 256 * 1024, rateWindowMs: 500 });
    const started = performance.now();
    const err = await refusal(client.downloadComposite(composite, { directory: dir, fallbackName: 'x.tif' }));
    const elapsed = performance.now() - started;
    assert.equal(err.kind, 'timeout');
    assert.match(
      err.message,
      /under the minimum download rate of 256\.0 KiB\/s; the download was stopped and nothing was saved/,
    );
    assert.ok(elapsed < 10_000, `stopped after ${Math.round(elapsed)} ms`);
    assert.deepEqual(await readdir(dir), []);
    assert.equal(sim.requests.filter((r) => r.path === COMPOSITE).length, 1, 'the billed request is not sent again');
  });

  it('lets a slow download above the floor complete', async () => {
    sim.configure({ imageBytes: MiB, trickleBytesPerSecond: 800_000 });
    const client = clientWith({ minimumRate: 128 * 1024, rateWindowMs: 300 });
    const result = await client.downloadComposite(composite, { directory: dir, fallbackName: 'x.tif' });
    assert.equal((await stat(result.path as string)).size, MiB);
  });

  it('with the floor off (0), only the idle timeout and the deadline apply', async () => {
    sim.configure({ imageBytes: 64 * 1024, trickleBytesPerSecond: 50_000 });
    const client = clientWith({ minimumRate: 0, rateWindowMs: 100 });
    const result = await client.downloadComposite(composite, { directory: dir, fallbackName: 'x.tif' });
    assert.equal((await stat(result.path as string)).size, 64 * 1024);
  });

  it('ends a download still running at the overall deadline, as a timeout rather than a cancellation', async () => {
    sim.configure({ imageBytes: 4 * MiB, trickleBytesPerSecond: 200_000 });
    const client = clientWith({ minimumRate: 0, deadlineMs: 800 });
    const started = performance.now();
    const err = await refusal(client.downloadComposite(composite, { directory: dir, fallbackName: 'x.tif' }));
    assert.equal(err.kind, 'timeout');
    assert.match(err.message, /did not finish within 1 s, its overall deadline; nothing was saved/);
    assert.ok(performance.now() - started < 10_000);
    assert.deepEqual(await readdir(dir), []);
    assert.equal(sim.requests.filter((r) => r.path === COMPOSITE).length, 1);
  });

  it("still reports the caller's own cancellation as a cancellation", async () => {
    sim.configure({ imageBytes: 4 * MiB, trickleBytesPerSecond: 200_000 });
    const client = clientWith({ deadlineMs: 60_000 });
    const controller = new AbortController();
    const err = await refusal(
      client.downloadComposite(
        composite,
        { directory: dir, fallbackName: 'x.tif', onProgress: (received) => received > 100_000 && controller.abort() },
        { signal: controller.signal },
      ),
    );
    assert.equal(err.kind, 'aborted');
    assert.deepEqual(await readdir(dir), []);
  });
});
