import * as assert from 'node:assert/strict';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { generatedTiff, MISANSWER_ENVELOPE_MESSAGE, MISANSWER_PAGE_TEXT, startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import {
  AARHUS_FIELD,
  call,
  compositeBody,
  discoveredDates,
  rawRequest,
  readTiffTags,
} from '../../simulator/test-helpers';
import { testClock } from '../fixtures/test-clock';

const NOW = Date.UTC(2025, 5, 15, 12);
const MODELS = '/api/tasking/models';
const COMPOSITE = '/api/satelliteimages/process/composite';

describe('simulator: limits and faults', () => {
  let sim: Simulator;
  let image: Record<string, unknown>;
  before(async () => {
    sim = await startSimulator({ clock: () => NOW, demoData: true });
    image = compositeBody((await discoveredDates(sim, AARHUS_FIELD, '2025-05-01', '2025-06-15')).pop() as string);
  });
  after(() => sim.close());
  beforeEach(() => {
    sim.configure({});
    sim.clearLog();
  });

  it('delays every answer by latencyMs', async () => {
    sim.configure({ latencyMs: 150 });
    const start = performance.now();
    assert.equal((await call(sim, 'GET', MODELS)).status, 200);
    assert.ok(performance.now() - start >= 140);
  });

  it('refuses requests past maxConcurrentPerKey with 429, or 400/1003 when asked', async () => {
    sim.configure({ maxConcurrentPerKey: 1, latencyMs: 200 });
    const statuses = (await Promise.all([1, 2, 3].map(() => call(sim, 'GET', MODELS)))).map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 429, 429]);
    assert.equal(sim.requests.filter((r) => r.outcome === 'limit:concurrency').length, 2);
    sim.configure({ maxConcurrentPerKey: 1, latencyMs: 200, concurrencyAnswer: '1003' });
    const answers = await Promise.all([1, 2].map(() => call(sim, 'GET', MODELS)));
    const refused = answers.find((r) => r.status !== 200);
    assert.equal(refused?.status, 400);
    assert.equal(refused?.json.Error.Code, 1003);
    assert.equal((await call(sim, 'GET', MODELS)).status, 200, 'the slot is free again once answered');
  });

  it('limits the request rate per key with a token bucket, with or without Retry-After', async () => {
    sim.configure({ rateLimit: { perSecond: 1, burst: 2, retryAfter: true } });
    const [a, b, c] = [await call(sim, 'GET', MODELS), await call(sim, 'GET', MODELS), await call(sim, 'GET', MODELS)];
    assert.deepEqual([a.status, b.status, c.status], [200, 200, 429]);
    assert.equal(c.headers.get('retry-after'), '1');
    assert.equal(sim.requests[2]?.outcome, 'limit:rate');
    sim.configure({ rateLimit: { perSecond: 1, burst: 1 } });
    await call(sim, 'GET', MODELS);
    const limited = await call(sim, 'GET', MODELS);
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), null);
  });

  it('answers configured fractions of 500/502/503, the same sequence for the same seed', async () => {
    sim.configure({ errorFractions: { 500: 1 } });
    const r = await call(sim, 'GET', MODELS);
    assert.equal(r.status, 500);
    assert.equal(r.json.Succeeded, false);
    assert.equal(sim.requests[0]?.outcome, 'fault:500');
    const sequence = async (seed: number) => {
      const s = await startSimulator({ clock: testClock, seed, faults: { errorFractions: { 502: 0.3, 503: 0.3 } } });
      try {
        const out: number[] = [];
        for (let i = 0; i < 12; i++) out.push((await call(s, 'GET', MODELS)).status);
        return out;
      } finally {
        await s.close();
      }
    };
    const first = await sequence(7);
    assert.deepEqual(await sequence(7), first);
    assert.ok(first.includes(200) && (first.includes(502) || first.includes(503)), first.join(','));
  });

  it('consumes scheduled faults in order, matching method and path', async () => {
    sim.schedule(
      { method: 'GET', path: MODELS, status: 503, code: 503, retryAfterSeconds: 3, times: 2 },
      { path: MODELS, status: 400, code: 1003 },
    );
    assert.equal((await call(sim, 'GET', '/api/apikey/info')).status, 200, 'another path is not matched');
    const first = await call(sim, 'GET', MODELS);
    assert.equal(first.status, 503);
    assert.equal(first.headers.get('retry-after'), '3');
    assert.equal((await call(sim, 'GET', MODELS)).status, 503);
    const third = await call(sim, 'GET', MODELS);
    assert.equal(third.json.Error.Code, 1003);
    assert.equal((await call(sim, 'GET', MODELS)).status, 200);
    assert.deepEqual(
      sim.requests.map((r) => r.outcome),
      ['ok', 'fault:503', 'fault:503', 'fault:400', 'ok'],
    );
  });

  it('resets the connection before or after processing; after, the effect is applied', async () => {
    sim.schedule({ path: MODELS, reset: 'before-processing' });
    await assert.rejects(call(sim, 'GET', MODELS));
    assert.equal(sim.requests[0]?.outcome, 'fault:reset');
    const order = {
      Wkt: `GEOMETRYCOLLECTION(${AARHUS_FIELD})`,
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
      StorageMonths: 1,
      ApiRequests: 1,
      ImageFrequency: 5,
      ReferenceDate: '2025-06-01',
      From: '2025-06-01',
      To: '2025-06-30',
    };
    const count = sim.state.orders.length;
    sim.schedule({ method: 'POST', path: '/api/tasking/orders', reset: 'after-processing' });
    await assert.rejects(call(sim, 'POST', '/api/tasking/orders', order));
    assert.equal(sim.state.orders.length, count + 1, 'the order was created although the answer was lost');
  });

  it('hangs for delayMs so that a client times out', async () => {
    sim.schedule({ path: MODELS, delayMs: 5_000 });
    const start = performance.now();
    await assert.rejects(
      fetch(sim.url + MODELS, { headers: { 'x-api-key': 'demo-key' }, signal: AbortSignal.timeout(100) }),
    );
    assert.ok(performance.now() - start < 2_000);
  });

  it('makes every image exactly imageBytes long, a TIFF from its first bytes', async () => {
    sim.configure({ imageBytes: 3 * 1024 * 1024 + 17 });
    const r = await call(sim, 'POST', COMPOSITE, image);
    assert.equal(r.status, 200);
    assert.equal(r.bytes.length, 3 * 1024 * 1024 + 17);
    assert.equal(Number(r.headers.get('content-length')), r.bytes.length);
    const tags = readTiffTags(r.bytes);
    const offsets = tags.get(273) as number[];
    const counts = tags.get(279) as number[];
    assert.ok((offsets.at(-1) as number) + (counts.at(-1) as number) <= r.bytes.length, 'the strips fit in the body');
    sim.configure({ imageBytes: 10 });
    assert.equal((await call(sim, 'POST', COMPOSITE, image)).bytes.toString('latin1', 0, 4), 'II*\0');
  });

  it('streams a 256 MiB body with flat memory, honouring backpressure', async function () {
    this.timeout(30_000);
    const size = 256 * 1024 * 1024;
    sim.configure({ imageBytes: size, closeDelimited: true });
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const received = await new Promise<number>((resolve, reject) => {
      const socket = connect(sim.port, '127.0.0.1');
      const text = JSON.stringify(image);
      let total = 0;
      let headerDone = false;
      socket.on('connect', () =>
        socket.write(
          `POST ${COMPOSITE} HTTP/1.1\r\nHost: x\r\nx-api-key: demo-key\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
        ),
      );
      socket.on('data', (chunk: Buffer) => {
        if (!headerDone) {
          const split = chunk.indexOf('\r\n\r\n');
          if (split < 0) return;
          headerDone = true;
          chunk = chunk.subarray(split + 4);
        }
        total += chunk.length;
        if ((total & 0xffffff) < chunk.length) peak = Math.max(peak, process.memoryUsage().rss);
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(total));
    });
    assert.equal(received, size);
    assert.ok(peak - rssBefore < 96 * 1024 * 1024, `rss grew by ${Math.round((peak - rssBefore) / 1048576)} MiB`);
  });

  it('sends close-delimited bodies: no Content-Length, no chunked encoding, closed by the server', async () => {
    sim.configure({ closeDelimited: true, imageBytes: 200_000 });
    const r = await rawRequest(sim, 'POST', COMPOSITE, image, true);
    assert.match(r.head, /^HTTP\/1\.1 200/);
    assert.doesNotMatch(r.head, /content-length/i);
    assert.doesNotMatch(r.head, /transfer-encoding/i);
    assert.match(r.head, /connection: close/i);
    assert.equal(r.body.length, 200_000);
    assert.equal(sim.requests.at(-1)?.outcome, 'ok:close-delimited');
  });

  it('sends Connection: close with a Content-Length, then closes', async () => {
    sim.configure({ connectionClose: true, imageBytes: 50_000 });
    const r = await rawRequest(sim, 'POST', COMPOSITE, image, true);
    assert.match(r.head, /content-length: 50000/i);
    assert.match(r.head, /connection: close/i);
    assert.equal(r.body.length, 50_000);
  });

  it('resets the connection mid-body', async () => {
    sim.configure({ resetMidBody: true, imageBytes: 1_000_000 });
    await assert.rejects(call(sim, 'POST', COMPOSITE, image));
    const r = await rawRequest(sim, 'POST', COMPOSITE, image, true);
    assert.ok(r.body.length < 1_000_000);
    assert.equal(sim.requests.at(-1)?.outcome, 'fault:reset-mid-body');
  });

  it('truncates bodies: a Content-Length longer than what is sent, then close', async () => {
    sim.configure({ truncateBody: true, imageBytes: 40_000 });
    const r = await rawRequest(sim, 'POST', COMPOSITE, image, true);
    const declared = Number(/content-length: (\d+)/i.exec(r.head)?.[1]);
    assert.ok(declared > 40_000);
    assert.equal(r.body.length, 40_000);
    await assert.rejects(call(sim, 'POST', COMPOSITE, image));
    assert.equal(sim.requests.at(-1)?.outcome, 'fault:truncated');
  });

  it('trickles image bytes at the configured pace, slow or fast', async () => {
    sim.configure({ trickleBytesPerSecond: 20_000, imageBytes: 10_000 });
    let start = performance.now();
    const slow = await call(sim, 'POST', COMPOSITE, image);
    let elapsed = performance.now() - start;
    assert.equal(slow.bytes.length, 10_000);
    assert.ok(elapsed >= 400, `${Math.round(elapsed)} ms`);
    // A rate above one chunk per tick: still about size / rate, not one chunk per tick.
    sim.configure({ trickleBytesPerSecond: 2 * 1024 * 1024, imageBytes: 1024 * 1024 });
    start = performance.now();
    const fast = await call(sim, 'POST', COMPOSITE, image);
    elapsed = performance.now() - start;
    assert.equal(fast.bytes.length, 1024 * 1024);
    assert.ok(elapsed >= 400 && elapsed < 1200, `${Math.round(elapsed)} ms`);
  });

  it('trickles only after trickleAfterBytes when asked: a fast start, then the slow pace', async () => {
    sim.configure({ trickleBytesPerSecond: 20_000, trickleAfterBytes: 200_000, imageBytes: 210_000 });
    const start = performance.now();
    const r = await call(sim, 'POST', COMPOSITE, image);
    const elapsed = performance.now() - start;
    assert.equal(r.bytes.length, 210_000);
    // 200 000 bytes at full speed, then 10 000 at 20 000 B/s: about half a second, not ten.
    assert.ok(elapsed >= 400 && elapsed < 3_000, `${Math.round(elapsed)} ms`);
  });

  describe('image answers that are not the image (imageAnswer)', () => {
    it('envelope-as-octet-stream: the JSON error envelope under application/octet-stream, status 200', async () => {
      sim.configure({ imageAnswer: 'envelope-as-octet-stream' });
      const r = await call(sim, 'POST', COMPOSITE, image);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'application/octet-stream');
      const envelope = JSON.parse(r.bytes.toString('utf8'));
      assert.equal(envelope.Succeeded, false);
      assert.equal(envelope.Error.Code, 1002);
      assert.equal(envelope.Error.Message, MISANSWER_ENVELOPE_MESSAGE);
      assert.equal(sim.requests.at(-1)?.outcome, 'fault:envelope-as-octet-stream');
    });

    it('empty-200: status 200, Content-Length 0', async () => {
      sim.configure({ imageAnswer: 'empty-200' });
      const r = await call(sim, 'POST', COMPOSITE, image);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-length'), '0');
      assert.equal(r.bytes.length, 0);
    });

    it('partial-206: the first KiB of the image with a Content-Range', async () => {
      sim.configure({ imageAnswer: 'partial-206', imageBytes: 100_000 });
      const r = await call(sim, 'POST', COMPOSITE, image);
      assert.equal(r.status, 206);
      assert.equal(r.headers.get('content-range'), 'bytes 0-1023/100000');
      assert.equal(r.bytes.length, 1024);
      assert.deepEqual(r.bytes, Buffer.concat([...generatedTiff(100_000, 1)]).subarray(0, 1024));
    });

    it('not-tiff: an HTML proxy page under application/octet-stream, status 200', async () => {
      sim.configure({ imageAnswer: 'not-tiff' });
      const r = await call(sim, 'POST', COMPOSITE, image);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-type'), 'application/octet-stream');
      assert.match(r.bytes.toString('utf8'), /^<html>/);
      assert.ok(r.bytes.toString('utf8').includes(MISANSWER_PAGE_TEXT));
    });

    it('gzip: the image gzip-encoded on the wire, the image itself once decoded', async () => {
      sim.configure({ imageAnswer: 'gzip', imageBytes: 300_000 });
      const raw = await rawRequest(sim, 'POST', COMPOSITE, image);
      assert.match(raw.head, /content-encoding: gzip/i);
      assert.ok(raw.body.includes(Buffer.from([0x1f, 0x8b, 0x08])), 'a gzip stream on the wire');
      assert.ok(raw.body.length < 300_000, `compressed: ${raw.body.length} bytes`);
      // fetch decodes Content-Encoding itself.
      const decoded = await call(sim, 'POST', COMPOSITE, image);
      assert.deepEqual(decoded.bytes, Buffer.concat([...generatedTiff(300_000, 1)]));
      assert.equal(sim.requests.at(-1)?.outcome, 'fault:gzip');
    });
  });
});
