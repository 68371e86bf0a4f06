// The billed-call rules in the client, apart from the fault matrix: which failures allow a second
// send, a refused connection retried (nothing was written), and orders matched by meaning.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { createClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { orderMatches, sameWkt } from '../../../src/api/order-match';
import { isRetryable } from '../../../src/api/retry';
import type { TaskOrder } from '../../../src/api/types';
import { ORDER, refusal } from './api-test-helpers';

const error = (kind: ApiError['kind'], status?: number, code?: string) =>
  new ApiError({ kind, message: 'x', status, cause: code ? { code } : undefined });

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('api client: billed calls', () => {
  it('a billed call is sent again only after 429, 503, 1003 or a refused connection', () => {
    const again = [
      error('rate-limited', 429),
      error('server', 503),
      new ApiError({ kind: 'rate-limited', message: 'x', status: 400, code: 1003 }),
      error('network', undefined, 'ECONNREFUSED'),
    ];
    const never = [
      error('server', 500),
      error('server', 502),
      error('server', 504),
      error('network', undefined, 'ECONNRESET'),
      error('timeout', undefined, 'UND_ERR_HEADERS_TIMEOUT'),
      error('protocol', 200),
      error('network', undefined, 'HPE_INVALID_HEADER_TOKEN'),
    ];
    for (const e of again) assert.equal(isRetryable(e, 'billed'), true, `${e.kind} ${e.status}`);
    for (const e of never) assert.equal(isRetryable(e, 'billed'), false, `${e.kind} ${e.status}`);
  });

  it('a refused connection is retried, and the failure does not claim a charge', async () => {
    const port = await closedPort();
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      getApiKey: () => 'demo-key',
      retry: { baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 3 },
    });
    try {
      const err = await refusal(client.createOrder(ORDER));
      assert.equal(err.mayHaveBeenCharged, false);
      assert.equal(err.attempts, 3, 'sent again: nothing was written to a refused connection');
    } finally {
      await client.close();
    }
  });

  it('compares order geometry after reading it, numbers within a tolerance', () => {
    const sent = 'GEOMETRYCOLLECTION(POLYGON((10.10 56.10,10.1234567 56.10,10.14 56.13,10.10 56.10)))';
    assert.ok(
      sameWkt(
        sent,
        'GEOMETRYCOLLECTION (POLYGON ((10.100000 56.100000, 10.123457 56.100000, 10.140000 56.130000, 10.100000 56.100000)))',
      ),
    );
    assert.ok(sameWkt(sent, 'geometrycollection(polygon((1.01e1 56.1, 10.1234567 56.1, 10.14 56.13, 10.1 56.1)))'));
    assert.ok(
      !sameWkt(sent, 'GEOMETRYCOLLECTION(POLYGON((10.10 56.10,10.1235 56.10,10.14 56.13,10.10 56.10)))'),
      'a moved vertex is another area',
    );
    assert.ok(
      !sameWkt(sent, 'GEOMETRYCOLLECTION(MULTIPOLYGON(((10.10 56.10,10.1234567 56.10,10.14 56.13,10.10 56.10))))'),
      'another structure',
    );
  });

  it('matches an order by model, constellations, dates, cadence and area', () => {
    const listed: TaskOrder = {
      ...ORDER,
      TaskOrderGuid: 'g',
      Wkt: ORDER.Wkt.replace(/(\d+\.\d+)/g, (n) => Number(n).toFixed(6)),
      From: `${ORDER.From}T00:00:00Z`,
      SatelliteConstellations: ['sentinel2'],
    };
    assert.ok(orderMatches(listed, ORDER));
    assert.ok(!orderMatches({ ...listed, ImageFrequency: 1 }, ORDER), 'another cadence');
    assert.ok(!orderMatches({ ...listed, Model: 'Stratus3' }, ORDER));
    assert.ok(!orderMatches({ ...listed, To: null }, ORDER), 'a recurring order is not this one');
    assert.ok(!orderMatches({ ...listed, Wkt: undefined }, ORDER), 'an area that cannot be compared never matches');
  });
});
