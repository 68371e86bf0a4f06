import * as assert from 'node:assert/strict';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { AARHUS_FIELD, call, compositeBody } from '../../simulator/test-helpers';
import { testClock } from '../fixtures/test-clock';

const ESTIMATE = '/api/satelliteimages/process/composite/estimate';

describe('simulator: request validation', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ clock: () => Date.UTC(2025, 5, 15) });
  });
  after(() => sim.close());

  async function refusal(body: Record<string, unknown>, path = ESTIMATE) {
    const r = await call(sim, 'POST', path, body);
    assert.equal(r.status, 400, JSON.stringify(r.json));
    assert.equal(r.json.Succeeded, false);
    return r.json as { Error: { Code: number; Message: string }; Data: Record<string, string[]> | null };
  }

  it('accepts a valid composite estimate', async () => {
    const r = await call(sim, 'POST', ESTIMATE, compositeBody('2025-06-01'));
    assert.equal(r.status, 200);
  });

  it('refuses both Wkt and GeoJson, and neither', async () => {
    const geoJson = {
      type: 'Polygon',
      coordinates: [
        [
          [10, 56],
          [10.1, 56],
          [10.1, 56.1],
          [10, 56],
        ],
      ],
    };
    const both = await refusal(compositeBody('2025-06-01', { GeoJson: geoJson }));
    assert.equal(both.Error.Code, 993);
    assert.match(both.Error.Message, /not both/);
    const neither = await refusal(compositeBody('2025-06-01', { Wkt: undefined }));
    assert.equal(neither.Error.Code, 993);
    assert.match(neither.Error.Message, /Wkt or GeoJson/);
  });

  it('accepts GeoJson alone', async () => {
    const geoJson = {
      type: 'Polygon',
      coordinates: [
        [
          [10.1, 56.05],
          [10.15, 56.05],
          [10.15, 56.08],
          [10.1, 56.05],
        ],
      ],
    };
    assert.equal(
      (await call(sim, 'POST', ESTIMATE, compositeBody('2025-06-01', { Wkt: undefined, GeoJson: geoJson }))).status,
      200,
    );
  });

  it('refuses invalid and incomplete geometries', async () => {
    for (const wkt of [
      'POLYGON((10 56, 10.1 56',
      'POLYGON((10 56, 10.1 56, 10.1 56.1, 10 56.2))',
      'POLYGON((10 56, 10.1 56, 10 56))',
      'POINT(10 56)',
      'POLYGON((10 95, 10.1 95, 10.1 96, 10 95))',
      'POLYGON((10 56, 10.1 56.1, 10.1 56, 10 56.1, 10 56))',
    ]) {
      const body = await refusal(compositeBody('2025-06-01', { Wkt: wkt }));
      assert.equal(body.Error.Code, 993, wkt);
      assert.ok(body.Data?.Wkt?.length, wkt);
    }
    const badGeoJson = await refusal(
      compositeBody('2025-06-01', {
        Wkt: undefined,
        GeoJson: {
          type: 'Polygon',
          coordinates: [
            [
              [10, 56],
              [10.1, 'x'],
              [10, 56],
              [10, 56],
            ],
          ],
        },
      }),
    );
    assert.ok(badGeoJson.Data?.GeoJson?.length);
  });

  it('refuses a display label as Model with a per-field 992 message', async () => {
    const body = await refusal(compositeBody('2025-06-01', { Model: 'Stratus-2' }));
    assert.equal(body.Error.Code, 992);
    assert.match(body.Data?.Model?.[0] ?? '', /display label.*Stratus2/);
  });

  it('refuses unknown bands, bands the model lacks, resolutions not offered, bad projections', async () => {
    const unknownBand = await refusal(compositeBody('2025-06-01', { Bandnames: 'B4,B13' }));
    assert.match(unknownBand.Data?.Bandnames?.[0] ?? '', /B13/);
    const lacking = await refusal(compositeBody('2025-06-01', { Bandnames: 'B1' }));
    assert.match(lacking.Data?.Bandnames?.[0] ?? '', /Stratus2 has no band B1/);
    assert.equal(
      (await call(sim, 'POST', ESTIMATE, compositeBody('2025-06-01', { Model: 'Stratus3', Bandnames: 'B1,[B8_B4]' })))
        .status,
      200,
    );
    const resolution = await refusal(compositeBody('2025-06-01', { Resolution: 15 }));
    assert.ok(resolution.Data?.Resolution);
    const epsg = await refusal(compositeBody('2025-06-01', { EpsgProjection: 32661 }));
    assert.ok(epsg.Data?.EpsgProjection);
    for (const ok of [32632, 32701, 47000])
      assert.equal(
        (await call(sim, 'POST', ESTIMATE, compositeBody('2025-06-01', { EpsgProjection: ok }))).status,
        200,
      );
  });

  it('accepts exactly the Bandnames that the pattern of the specification document allows', async () => {
    const pattern = new RegExp(
      (await call(sim, 'GET', '/api/specification.json')).json.components.schemas.Bandnames.pattern,
    );
    for (const value of [
      'all',
      'rgb',
      'B1',
      'B8A',
      'B2,B3,B4',
      '[B8_B4]',
      'B12,[B8A_B4]',
      'ALL',
      'B13',
      'B8B',
      'B2,,B3',
      'B2;B3',
      'b2',
    ]) {
      const accepted =
        (await call(sim, 'POST', ESTIMATE, compositeBody('2025-06-01', { Model: 'Stratus3', Bandnames: value })))
          .status === 200;
      assert.equal(accepted, pattern.test(value), value);
    }
  });

  it('refuses constellations the model does not use or that are unknown, and missing fields', async () => {
    const radar = await refusal(compositeBody('2025-06-01', { Model: 'Nimbus1' }));
    assert.ok(radar.Data?.SatelliteConstellations?.some((m) => /Nimbus1 does not use Sentinel2/.test(m)));
    const unknown = await refusal(compositeBody('2025-06-01', { SatelliteConstellations: ['Sentinel2', 'Landsat8'] }));
    assert.ok(unknown.Data?.SatelliteConstellations);
    const missing = await refusal({ Wkt: AARHUS_FIELD });
    for (const field of ['Model', 'SatelliteConstellations', 'Date', 'EpsgProjection', 'Bandnames', 'Resolution'])
      assert.ok(missing.Data?.[field], field);
  });

  it('wants ISO date-times for processing and YYYY-MM-DD for orders', async () => {
    const plainDate = await refusal({ ...compositeBody('2025-06-01'), Date: '2025-06-01' });
    assert.ok(plainDate.Data?.Date);
    const order = {
      Wkt: `GEOMETRYCOLLECTION(${AARHUS_FIELD})`,
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
      StorageMonths: 3,
      ApiRequests: 10,
      ImageFrequency: 5,
      ReferenceDate: '2025-06-01',
      From: '2025-06-01T00:00:00Z',
      To: null,
    };
    const badOrder = await refusal(order, '/api/tasking/orders/estimate');
    assert.ok(badOrder.Data?.From);
    const { To: _omitted, ...withoutTo } = order;
    const noTo = await refusal({ ...withoutTo, From: '2025-06-01' }, '/api/tasking/orders/estimate');
    assert.ok(noTo.Data?.To, 'To must be present, even if null');
    assert.equal(
      (await call(sim, 'POST', '/api/tasking/orders/estimate', { ...order, From: '2025-06-01' })).status,
      200,
    );
    const polygonOnly = await refusal(
      { ...order, From: '2025-06-01', Wkt: AARHUS_FIELD },
      '/api/tasking/orders/estimate',
    );
    assert.match(polygonOnly.Error.Message, /GEOMETRYCOLLECTION/);
  });

  it('with the Until variant, refuses To as the window end of date discovery', async () => {
    const until = await startSimulator({ clock: testClock, specVariant: { dateWindowEnd: 'Until' } });
    try {
      const body = {
        Wkt: AARHUS_FIELD,
        From: '2025-05-01T00:00:00Z',
        Model: 'Stratus2',
        SatelliteConstellations: ['Sentinel2'],
      };
      const withTo = await call(until, 'POST', '/api/satelliteimages/search/available', {
        ...body,
        To: '2025-06-01T00:00:00Z',
      });
      assert.equal(withTo.status, 400);
      assert.ok(withTo.json.Data.Until, 'Until is missing');
      assert.ok(withTo.json.Data.To, 'To is unknown');
      const withUntil = await call(until, 'POST', '/api/satelliteimages/search/available', {
        ...body,
        Until: '2025-06-01T00:00:00Z',
      });
      assert.equal(withUntil.status, 200);
    } finally {
      await until.close();
    }
  });
});
