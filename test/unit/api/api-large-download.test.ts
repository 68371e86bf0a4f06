// 1 GiB close-delimited image (no Content-Length, connection closed at the end) downloaded into a
// deliberately slow writer: the server behaviour that crashes undici 7 (docs/engineering-notes.md,
// "undici 7 and a server that closes the connection"). The
// client runs in a child process so a crash shows as a failed test, not a dead runner; the
// simulator runs here, and the file on disk is compared by SHA-256 with what the simulator sent.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../../../src/api/client';

const GIB = 1024 * 1024 * 1024;
const CHILD_LIMIT_MS = 150_000;
const AOI = 'POLYGON((10.10 56.10,10.14 56.10,10.14 56.13,10.10 56.13,10.10 56.10))';

/** In the child: slow every file write down, then download one composite and print the result. */
async function child(): Promise<void> {
  const { SIM_URL, TARGET_DIR } = process.env as Record<string, string>;
  const probe = await open(join(TARGET_DIR, 'probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as Record<'write' | 'writev', (...args: unknown[]) => Promise<unknown>>;
  await probe.close();
  let writes = 0;
  // The disk is made slower than loopback so the body sits under backpressure throughout: every
  // batched write (writev, about 1 MiB) waits 2 ms, every 8th single write 1 ms.
  for (const [method, every, delayMs] of [
    ['writev', 1, 2],
    ['write', 8, 1],
  ] as const) {
    const original = proto[method];
    proto[method] = async function (this: unknown, ...args: unknown[]) {
      if (++writes % every === 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return original.apply(this, args);
    };
  }
  const client = createClient({ baseUrl: SIM_URL, getApiKey: () => 'demo-key', timeoutMs: 30_000 });
  await client.createOrder({
    Wkt: `GEOMETRYCOLLECTION(${AOI})`,
    SatelliteConstellations: ['Sentinel2'],
    Model: 'Stratus2',
    StorageMonths: 3,
    ApiRequests: 10,
    ImageFrequency: 5,
    ReferenceDate: '2026-08-01',
    From: '2026-08-01',
    To: '2026-10-31',
  });
  const found = await client.searchAvailableDates({
    Wkt: AOI,
    From: '2026-08-01T00:00:00Z',
    To: '2026-10-31T00:00:00Z',
    SatelliteConstellations: ['Sentinel2'],
    Model: 'Stratus2',
  });
  const day = found[0]?.DatesByGeog?.[0]?.Dates?.[0];
  const started = Date.now();
  const result = await client.downloadComposite(
    {
      Wkt: AOI,
      Date: `${day}T00:00:00Z`,
      Resolution: 10,
      EpsgProjection: 4326,
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
      Bandnames: 'rgb',
    },
    { directory: TARGET_DIR, fallbackName: 'large.tif' },
  );
  await client.close();
  process.stdout.write(JSON.stringify({ ...result, ms: Date.now() - started, writes }) + '\n');
}

if (require.main === module) {
  child().catch((err: unknown) => {
    process.stderr.write(`child failed: ${String(err)}\n`);
    process.exit(2);
  });
} else {
  describe('api client: 1 GiB close-delimited download into a slow writer (child process)', function () {
    this.timeout(CHILD_LIMIT_MS + 60_000);

    it('completes intact without crashing the process', async () => {
      // Loaded here so the child process does not pay for the simulator.
      const { startSimulator } = await import('../../simulator');
      const { generatedTiff } = await import('../../simulator/geotiff');
      const { testClock } = await import('../fixtures/test-clock');
      const sim = await startSimulator({ clock: testClock, faults: { closeDelimited: true, imageBytes: GIB } });
      const dir = await mkdtemp(join(tmpdir(), 'api-large-'));
      try {
        const run = await new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>(
          (resolve) => {
            const proc = spawn(process.execPath, [__filename], {
              env: { ...process.env, SIM_URL: sim.url, TARGET_DIR: dir },
              stdio: ['ignore', 'pipe', 'pipe'],
            });
            let stdout = '';
            let stderr = '';
            proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
            proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
            const limit = setTimeout(() => proc.kill('SIGKILL'), CHILD_LIMIT_MS);
            proc.on('close', (code, signal) => {
              clearTimeout(limit);
              resolve({ code, signal, stdout, stderr });
            });
          },
        );
        assert.equal(run.code, 0, `the child exited with ${run.code ?? run.signal}: ${run.stderr.slice(0, 2000)}`);
        const result = JSON.parse(run.stdout.trim()) as { path: string; bytes: number; ms: number; writes: number };
        assert.equal(result.bytes, GIB);
        assert.ok(result.writes >= 512, `the slow writer was in the path (${result.writes} writes)`);
        const image = sim.requests.find((r) => r.path === '/api/satelliteimages/process/composite');
        assert.equal(image?.outcome, 'ok:close-delimited', 'the server really sent a close-delimited body');

        const expected = createHash('sha256');
        for (const chunk of generatedTiff(GIB, 1)) expected.update(chunk);
        const actual = createHash('sha256');
        for await (const chunk of createReadStream(result.path, { highWaterMark: 4 * 1024 * 1024 }))
          actual.update(chunk as Buffer);
        assert.equal(actual.digest('hex'), expected.digest('hex'), 'the file is exactly what the simulator sent');
        console.log(`      1 GiB in ${result.ms} ms through ${result.writes} slowed writes`);
      } finally {
        await sim.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
}
