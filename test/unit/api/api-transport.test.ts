// Transport rules: the key goes only to the configured origin (a redirect elsewhere is refused),
// the request timeout covers a stalled image body, nothing of the network stack loads at import,
// and neither the key nor any header reaches the log.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../../../src/api/client';
import { startSimulator } from '../../simulator';
import { refusal } from './api-test-helpers';
import { testClock } from '../fixtures/test-clock';

const KEY = 'sacred-key-0123456789';

/** A loopback server that records what reached it and answers with `answer`. */
async function recordingServer(
  answer: (path: string) => { status: number; headers?: Record<string, string> },
): Promise<{ server: Server; url: string; seen: Array<{ path: string; headers: IncomingHttpHeaders }> }> {
  const seen: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const { status, headers } = answer(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ Succeeded: true, Data: { TaskingModels: [] }, Error: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('api client: transport rules', function () {
  it('refuses a redirect to another origin and never sends the key there', async () => {
    const elsewhere = await recordingServer(() => ({ status: 200 }));
    const service = await recordingServer((path) =>
      path.startsWith('/moved')
        ? { status: 200 }
        : path.includes('models')
          ? { status: 302, headers: { location: `${elsewhere.url}/steal` } }
          : { status: 301, headers: { location: '/moved' } },
    );
    const client = createClient({ baseUrl: service.url, getApiKey: () => KEY });
    try {
      const err = await refusal(client.listModels());
      assert.equal(err.kind, 'protocol');
      assert.match(err.message, /outside the configured service/);
      assert.equal(elsewhere.seen.length, 0, 'nothing reached the other origin');
      assert.ok(!err.message.includes(KEY));
      // A redirect within the origin is followed, with the key, once.
      await client.getApiKeyInfo();
      assert.deepEqual(
        service.seen.map((s) => s.path),
        [
          '/api/tasking/models',
          '/api/specification.json',
          '/moved',
          '/api/apikey/info',
          '/moved',
        ] /* the document first: it names the account path */,
      );
      assert.ok(service.seen.every((s) => s.headers['x-api-key'] === KEY));
    } finally {
      await client.close();
      elsewhere.server.close();
      service.server.close();
    }
  });

  it('times out a stalled image body and leaves nothing behind', async () => {
    const sim = await startSimulator({
      clock: testClock,
      faults: { trickleBytesPerSecond: 1000, imageBytes: 100_000 },
    });
    const dir = await mkdtemp(join(tmpdir(), 'api-timeout-'));
    const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key', timeoutMs: 60 });
    try {
      const tile = (
        await client.searchTiles({ Wkt: 'POLYGON((10.10 56.10,10.14 56.10,10.14 56.13,10.10 56.13,10.10 56.10))' })
      )[0];
      await client.createOrder({
        TileGuids: [tile?.Guid as string],
        SatelliteConstellations: ['Sentinel2'],
        Model: 'Stratus2',
        StorageMonths: 1,
        ApiRequests: 1,
        ImageFrequency: 5,
        ReferenceDate: '2026-08-01',
        From: '2026-08-01',
        To: '2026-10-31',
      });
      const dates = await client.searchAvailableDates({
        Wkt: tile?.DataGeogWkt as string,
        From: '2026-08-01T00:00:00Z',
        To: '2026-10-31T00:00:00Z',
        SatelliteConstellations: ['Sentinel2'],
        Model: 'Stratus2',
      });
      const day = dates[0]?.DatesByGeog?.[0]?.Dates?.[0];
      const err = await refusal(
        client.downloadTile(
          { TileGuid: tile?.Guid as string, Date: `${day}T00:00:00Z`, Model: 'Stratus2', Resolution: 40 },
          { directory: dir, fallbackName: 'x.tif' },
        ),
      );
      assert.equal(err.kind, 'timeout');
      assert.deepEqual(await readdir(dir), []);
    } finally {
      await client.close();
      await sim.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('loads neither undici nor zod when the client module is imported and a client built', () => {
    const script = `
      const api = require(${JSON.stringify(join(__dirname, '..', '..', '..', 'src', 'api', 'client'))});
      api.createClient({ baseUrl: 'https://api.example', getApiKey: () => 'k' });
      const loaded = Object.keys(require.cache).filter((k) => /node_modules[\\\\/](undici|zod)[\\\\/]/.test(k));
      process.stdout.write(JSON.stringify(loaded));`;
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as string[];
    assert.deepEqual(loaded, []);
  });

  it('logs one line per request with no key, header or body', async () => {
    const sim = await startSimulator({ clock: testClock });
    const lines: string[] = [];
    const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key', log: (_l, m) => lines.push(m) });
    try {
      await client.listModels();
      await client.estimateComposite({
        Wkt: 'POLYGON((10.10 56.10,10.14 56.10,10.14 56.13,10.10 56.13,10.10 56.10))',
        Date: '2026-09-10T00:00:00Z',
        Resolution: 10,
        EpsgProjection: 4326,
        Model: 'Stratus2',
        SatelliteConstellations: ['Sentinel2'],
        Bandnames: 'rgb',
      });
      assert.equal(lines.length, 3, lines.join('\n'));
      for (const line of lines) {
        assert.match(line, /^(GET|POST|DELETE) \/api\/\S+ \d{3} \d+ ms, \d+ retries$/);
        assert.ok(!/demo-key|x-api-key|POLYGON/i.test(line));
      }
    } finally {
      await client.close();
      await sim.close();
    }
  });
});
