// Shared by the client's tests: a field inside the simulator's grid, an order over it, and the
// assertion that a call is refused with an ApiError.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../../src/api/errors';
import type { CompositeRequest, ImageryClient, OrderCreateRequest } from '../../../src/api/types';
import { useSimulatorClient } from '../fixtures/simulator-client-fixture';
import type { SimulatorClientFixture } from '../fixtures/simulator-client-fixture';

export const AOI = 'POLYGON((10.10 56.10,10.14 56.10,10.14 56.13,10.10 56.13,10.10 56.10))';

export const ORDER = {
  Wkt: `GEOMETRYCOLLECTION(${AOI})`,
  SatelliteConstellations: ['Sentinel2'],
  Model: 'Stratus2',
  StorageMonths: 3,
  ApiRequests: 100,
  ImageFrequency: 5,
  ReferenceDate: '2026-08-01',
  From: '2026-08-01',
  To: '2026-10-31' as string | null,
} satisfies OrderCreateRequest;

/** Resolves with the ApiError `promise` rejects with; fails when it resolves or rejects otherwise. */
export async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof ApiError, `expected ApiError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a refusal');
}

/** A day on which the simulator has imagery over the whole of `wkt`, as `YYYY-MM-DDT00:00:00Z`. */
export async function dayWithImagery(client: ImageryClient, wkt: string): Promise<string> {
  const found = await client.searchAvailableDates({
    Wkt: wkt,
    From: '2026-08-01T00:00:00Z',
    To: '2026-10-31T00:00:00Z',
    SatelliteConstellations: ['Sentinel2'],
    Model: 'Stratus2',
  });
  const byGeog = found[0]?.DatesByGeog ?? [];
  const day = byGeog[0]?.Dates?.find((d) => byGeog.every((g) => g.Dates?.includes(d)));
  assert.ok(day, 'the simulator offers a date for the test area');
  return `${day}T00:00:00Z`;
}

/** Orders AOI, then returns a composite request over it that the simulator will answer with an image. */
export async function orderedComposite(client: ImageryClient): Promise<CompositeRequest> {
  await client.createOrder(ORDER);
  return {
    Wkt: AOI,
    Date: await dayWithImagery(client, AOI),
    Resolution: 10,
    EpsgProjection: 4326,
    Model: 'Stratus2',
    SatelliteConstellations: ['Sentinel2'],
    Bandnames: 'rgb',
  };
}

export interface CompositeDownloads extends SimulatorClientFixture {
  /** A composite request over the ordered AOI on a day with imagery. */
  readonly composite: CompositeRequest;
}

/** The download tests' fixture: the shared simulator and client (quick retries), the AOI ordered once, a fresh folder per test. */
export function useCompositeDownloads(tempPrefix: string): CompositeDownloads {
  const fixture = useSimulatorClient({ tempPrefix, client: { timeoutMs: 5000, retry: { baseDelayMs: 10 } } });
  let composite: CompositeRequest | undefined;
  before(async () => {
    composite = await orderedComposite(fixture.client);
  });
  return {
    get sim() {
      return fixture.sim;
    },
    get client() {
      return fixture.client;
    },
    get out() {
      return fixture.out;
    },
    get composite() {
      if (!composite) throw new Error('The composite request is used before its hook ran.');
      return composite;
    },
  };
}
