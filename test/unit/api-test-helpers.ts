// Shared by the client's tests: a field inside the simulator's grid, an order over it, and the
// assertion that a call is refused with an ApiError.
import * as assert from 'node:assert/strict';
import { ApiError } from '../../src/api/errors';
import type { OrderCreateRequest } from '../../src/api/types';

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
