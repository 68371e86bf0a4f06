import * as assert from 'node:assert/strict';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { MIN_BILLED_KM2 } from '../../simulator/geometry';
import { AARHUS_FIELD, call, compositeBody, discoveredDates, readTiffTags } from '../../simulator/test-helpers';

const NOW = Date.UTC(2025, 5, 15, 12);
const COMPOSITE = '/api/satelliteimages/process/composite';
const AVAILABLE = '/api/satelliteimages/process/composite/available';
const TWO_FIELDS =
  'MULTIPOLYGON(((10.1 56.05, 10.12 56.05, 10.12 56.07, 10.1 56.05)), ((10.25 56.15, 10.28 56.15, 10.28 56.18, 10.25 56.15)))';

describe('simulator: dates, availability and composites', () => {
  let sim: Simulator;
  let dates: string[];
  before(async () => {
    sim = await startSimulator({ clock: () => NOW, demoData: true });
    dates = await discoveredDates(sim, AARHUS_FIELD, '2025-03-01', '2025-06-15');
  });
  after(() => sim.close());

  it('discovers dates every 2 to 5 days, the same for the same seed, others for another seed', async () => {
    assert.ok(dates.length >= 15, `${dates.length} dates`);
    const gaps = dates.slice(1).map((d, i) => (Date.parse(d) - Date.parse(dates[i] as string)) / 86_400_000);
    assert.ok(
      gaps.every((g) => g >= 2),
      `gaps ${gaps.join(',')}`,
    );
    assert.ok(dates.every((d) => d >= '2025-03-01' && d <= '2025-06-15'));
    const again = await startSimulator({ clock: () => NOW });
    const other = await startSimulator({ clock: () => NOW, seed: 2 });
    try {
      assert.deepEqual(await discoveredDates(again, AARHUS_FIELD, '2025-03-01', '2025-06-15'), dates);
      assert.notDeepEqual(await discoveredDates(other, AARHUS_FIELD, '2025-03-01', '2025-06-15'), dates);
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
  });

  it('never reports future dates', async () => {
    const future = await discoveredDates(sim, AARHUS_FIELD, '2025-06-01', '2025-12-31');
    assert.ok(future.length > 0 && future.every((d) => d <= '2025-06-15'));
  });

  it('splits a multi-polygon AOI into DatesByGeog entries that differ', async () => {
    const r = await call(sim, 'POST', '/api/satelliteimages/search/available', {
      Wkt: TWO_FIELDS,
      From: '2025-01-01T00:00:00Z',
      To: '2025-06-15T00:00:00Z',
      Model: 'Stratus2',
      SatelliteConstellations: ['Sentinel2'],
    });
    const [entry] = r.json.Data.ModelImageDates;
    assert.equal(entry.Model, 'Stratus2');
    assert.equal(entry.DatesByGeog.length, 2);
    const [a, b] = entry.DatesByGeog.map((e: { Dates: string[] }) => new Set(e.Dates));
    assert.ok([...a].some((d) => !b.has(d)) || [...b].some((d) => !a.has(d)), 'some dates are missing in one part');
    assert.match(entry.DatesByGeog[0].Wkt, /^POLYGON/);
  });

  it('flags a covered date with imagery as ready, and says why otherwise', async () => {
    const date = dates[dates.length - 1] as string;
    const ready = (await call(sim, 'POST', AVAILABLE, compositeBody(date, { Resolution: undefined }))).json.Data;
    assert.equal(ready.FullyAvailable && ready.OrdersCoverPolygon && ready.DataAvailableForUser, true);
    const noImageryDay = nonDate(dates);
    const noImagery = (await call(sim, 'POST', AVAILABLE, compositeBody(noImageryDay))).json.Data;
    assert.equal(noImagery.FullyAvailable, false);
    assert.equal(noImagery.OrdersCoverPolygon, true);
    const elsewhere = 'POLYGON((12 55, 12.05 55, 12.05 55.05, 12 55))';
    const uncovered = (await call(sim, 'POST', AVAILABLE, { ...compositeBody(date), Wkt: elsewhere })).json.Data;
    assert.equal(uncovered.OrdersCoverPolygon, false);
    const otherModel = (await call(sim, 'POST', AVAILABLE, compositeBody(date, { Model: 'Stratus2Fast' }))).json.Data;
    assert.equal(otherModel.OrdersCoverPolygon, false, 'the demo order is Stratus2');
  });

  it('estimates composites from the billed area and the price per km²', async () => {
    const date = dates[0] as string;
    const s2 = (await call(sim, 'POST', '/api/satelliteimages/process/composite/estimate', compositeBody(date))).json
      .Data;
    const fast = (
      await call(
        sim,
        'POST',
        '/api/satelliteimages/process/composite/estimate',
        compositeBody(date, { Model: 'Stratus2Fast' }),
      )
    ).json.Data;
    assert.ok(Math.abs(s2.AreaEstimateKm2 - 10.35) < 0.1, String(s2.AreaEstimateKm2));
    assert.ok(Math.abs(s2.CreditEstimate - s2.AreaEstimateKm2 * 0.2) < 0.02);
    assert.ok(Math.abs(fast.CreditEstimate - fast.AreaEstimateKm2 * 0.18) < 0.02);
    const coarse = (
      await call(
        sim,
        'POST',
        '/api/satelliteimages/process/composite/estimate',
        compositeBody(date, { Resolution: 80 }),
      )
    ).json.Data;
    assert.ok(coarse.CreditEstimate < s2.CreditEstimate);
    const tiny = 'POLYGON((10.1 56.05, 10.101 56.05, 10.101 56.051, 10.1 56.05))';
    const minimum = (
      await call(sim, 'POST', '/api/satelliteimages/process/composite/estimate', { ...compositeBody(date), Wkt: tiny })
    ).json.Data;
    assert.equal(minimum.AreaEstimateKm2, MIN_BILLED_KM2, 'at least the minimum per part');
  });

  it('returns a small, valid GeoTIFF georeferenced to the AOI box, and charges for it', async () => {
    const date = dates[dates.length - 1] as string;
    const credits = sim.state.account.CreditAmount;
    const r = await call(sim, 'POST', COMPOSITE, compositeBody(date));
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'application/octet-stream');
    assert.equal(r.headers.get('content-disposition'), `attachment; filename="composite_Stratus2_${date}_10m.tif"`);
    assert.equal(Number(r.headers.get('content-length')), r.bytes.length);
    assert.ok(r.bytes.length > 1000 && r.bytes.length < 500_000, String(r.bytes.length));
    const tags = readTiffTags(r.bytes);
    assert.deepEqual(tags.get(277), [3], 'one sample per rgb band');
    assert.deepEqual(tags.get(258), [16, 16, 16]);
    const [width, height] = [tags.get(256)?.[0] as number, tags.get(257)?.[0] as number];
    assert.deepEqual(
      [tags.get(259), tags.get(317), tags.get(284)],
      [[8], [2], [2]],
      'DEFLATE, predictor 2, one plane per band',
    );
    const offsets = tags.get(273) as number[];
    const counts = tags.get(279) as number[];
    const strips = Math.ceil(height / (tags.get(278)?.[0] as number));
    assert.equal(offsets.length, 3 * strips);
    assert.equal(
      (offsets.at(-1) as number) + (counts.at(-1) as number),
      r.bytes.length,
      'the strips end where the file ends',
    );
    assert.ok(counts.reduce((a, b) => a + b, 0) < width * height * 2 * 3, 'compressed');
    const tie = tags.get(33922) as number[];
    assert.deepEqual([tie[3], tie[4]], [10.1, 56.08], 'upper-left corner of the AOI box');
    const scale = tags.get(33550) as number[];
    assert.ok(
      Math.abs((scale[0] as number) * width - 0.05) < 1e-9 && Math.abs((scale[1] as number) * height - 0.03) < 1e-9,
    );
    assert.deepEqual(tags.get(34735)?.slice(-4), [2048, 0, 1, 4326]);
    assert.ok(sim.state.account.CreditAmount < credits);
  });

  it('makes images grow with area and resolution, and repeats them exactly', async () => {
    const date = dates[dates.length - 1] as string;
    const coarse = await call(sim, 'POST', COMPOSITE, compositeBody(date, { Resolution: 80 }));
    const fine = await call(sim, 'POST', COMPOSITE, compositeBody(date, { Resolution: 20 }));
    const small = await call(sim, 'POST', COMPOSITE, {
      ...compositeBody(date, { Resolution: 20 }),
      Wkt: 'POLYGON((10.1 56.05, 10.12 56.05, 10.12 56.06, 10.1 56.05))',
    });
    assert.ok(coarse.bytes.length < fine.bytes.length);
    assert.ok(small.bytes.length < fine.bytes.length);
    const again = await call(sim, 'POST', COMPOSITE, compositeBody(date, { Resolution: 80 }));
    assert.ok(again.bytes.equals(coarse.bytes));
    const all = await call(sim, 'POST', COMPOSITE, compositeBody(date, { Bandnames: 'all', Resolution: 80 }));
    assert.deepEqual(readTiffTags(all.bytes).get(277), [10]);
  });

  it('refuses with 1006 when no order covers, 1002 when there is no imagery', async () => {
    const date = dates[dates.length - 1] as string;
    const uncovered = await call(sim, 'POST', COMPOSITE, {
      ...compositeBody(date),
      Wkt: 'POLYGON((12 55, 12.05 55, 12.05 55.05, 12 55))',
    });
    assert.equal(uncovered.status, 400);
    assert.equal(uncovered.json.Error.Code, 1006);
    const noImagery = await call(sim, 'POST', COMPOSITE, compositeBody(nonDate(dates)));
    assert.equal(noImagery.json.Error.Code, 1002);
    const beforeOrder = await call(sim, 'POST', COMPOSITE, compositeBody('2024-06-03'));
    assert.equal(beforeOrder.json.Error.Code, 1006, 'the demo order starts six months back');
  });

  it('creates the order with AutomaticOrderCreation when none covers the area, and charges its first month', async () => {
    const elsewhere = 'POLYGON((12 55, 12.05 55, 12.05 55.05, 12 55))';
    const date = (await discoveredDates(sim, elsewhere, '2025-06-01', '2025-06-15'))[0]!;
    const ordersBefore = sim.state.stored.length;
    const refused = await call(sim, 'POST', COMPOSITE, {
      ...compositeBody(date),
      Wkt: elsewhere,
      AutomaticOrderCreation: false,
    });
    assert.equal(refused.json.Error.Code, 1006, 'false keeps the "not covered" error');
    assert.equal(sim.state.stored.length, ordersBefore);
    const euros = sim.state.account.EuroCreditAmount;
    const credits = sim.state.account.CreditAmount;
    const made = await call(sim, 'POST', COMPOSITE, {
      ...compositeBody(date),
      Wkt: elsewhere,
      AutomaticOrderCreation: true,
    });
    assert.equal(made.status, 200);
    assert.equal(made.bytes.subarray(0, 2).toString('latin1'), 'II', 'the image itself');
    assert.equal(sim.state.stored.length, ordersBefore + 1, 'exactly one order created');
    const order = sim.state.orders.at(-1)!;
    assert.equal(order.From, '2025-06-01');
    assert.equal(order.To, '2025-06-30');
    assert.equal(order.OrderingProcessStatus, 'Review', 'the status flow of any new order');
    assert.ok(sim.state.account.EuroCreditAmount < euros, 'the order billed its first month');
    assert.ok(sim.state.account.CreditAmount < credits, 'and the image its credits');
    const charge = sim.requests.at(-1)!.charged!;
    assert.ok(charge.credits > 0 && charge.euroCredits > 0, JSON.stringify(charge));
    const again = await call(sim, 'POST', COMPOSITE, {
      ...compositeBody(date),
      Wkt: elsewhere,
      AutomaticOrderCreation: true,
    });
    assert.equal(again.status, 200);
    assert.equal(sim.state.stored.length, ordersBefore + 1, 'the new order covers the next request: no second order');
  });

  it('answers 201 with no body when an UploadUrl is given', async () => {
    const r = await call(
      sim,
      'POST',
      COMPOSITE,
      compositeBody(dates[dates.length - 1] as string, { UploadUrl: 'https://storage.example/upload?sig=1' }),
    );
    assert.equal(r.status, 201);
    assert.equal(r.bytes.length, 0);
  });
});

describe('simulator: composite limits of the account', () => {
  it('refuses 1005 past MaxTotalBands, 1004 past MaxCompositeAreaKm2, 994 without credits', async () => {
    const sim = await startSimulator({
      clock: () => NOW,
      demoData: true,
      account: { MaxTotalBands: 4, MaxCompositeAreaKm2: 50, CreditAmount: 1 },
    });
    try {
      const date = (await discoveredDates(sim, AARHUS_FIELD, '2025-05-01', '2025-06-15')).pop() as string;
      const bands = await call(sim, 'POST', COMPOSITE, compositeBody(date, { Bandnames: 'B2,B3,B4,B8,B11' }));
      assert.equal(bands.json.Error.Code, 1005);
      const big = await call(sim, 'POST', COMPOSITE, {
        ...compositeBody(date),
        Wkt: 'POLYGON((10 56, 10.3 56, 10.3 56.2, 10 56.2, 10 56))',
      });
      assert.equal(big.json.Error.Code, 1004);
      const poor = await call(sim, 'POST', COMPOSITE, compositeBody(date));
      assert.equal(poor.json.Error.Code, 994);
      assert.equal(sim.state.account.CreditAmount, 1, 'nothing charged on refusal');
      sim.state.account.CreditAmount = 100;
      assert.equal((await call(sim, 'POST', COMPOSITE, compositeBody(date))).status, 200);
      assert.ok(sim.state.account.CreditAmount < 100);
    } finally {
      await sim.close();
    }
  });
});

/** A day inside the window that has no imagery. */
function nonDate(dates: string[]): string {
  for (let t = Date.parse(dates[0] as string); ; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (!dates.includes(day)) return day;
  }
}
