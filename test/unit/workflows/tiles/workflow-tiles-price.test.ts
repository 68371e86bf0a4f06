// Issue 13, section 3: a tile or mini-tile batch is priced and confirmed before anything billed is
// sent: availability per unit and date, a derived price in the cost panel with the units on the
// map, the budget guard, and the account's credits compared with the price.
import * as assert from 'node:assert/strict';
import { processTiles } from '../../../../src/workflows/tiles/process-tiles-workflow';
import type { ProcessTilesOptions } from '../../../../src/workflows/tiles/process-tiles-workflow';
import { findAvailableDates } from '../../../../src/workflows/dates/find-dates-workflow';
import { searchTiles } from '../../../../src/workflows/tiles/search-tiles-workflow';
import type { CompositeEstimateModel } from '../../../../src/pricing/estimate-view-model';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

const AREA = {
  name: 'area.wkt',
  text: 'POLYGON((10.02 56.02, 10.28 56.02, 10.28 56.18, 10.02 56.18, 10.02 56.02))',
  format: 'wkt' as const,
};
const billedPaths = ['/api/satelliteimages/process/tile', '/api/satelliteimages/process/minitile'];

describe('workflow: a tile batch is priced before it is sent (against the simulator)', () => {
  const fixture = useSimulatorClient({ simulator: { demoData: true }, tempPrefix: 'tiles-price-' });
  let tileGuids: string[];
  let date: string;
  const billed = () => fixture.sim.requests.filter((r) => billedPaths.includes(r.path));
  const paths = () => fixture.sim.requests.map((r) => r.path);

  before(async () => {
    const found = await searchTiles(scriptedPorts(fixture.client, {}).ports, AREA, {
      only: 'tiles',
      skipConfirmation: true,
    });
    tileGuids = found.selected.slice(0, 3);
    const footprints = found.tiles.map((t) => String(t.DataGeogWkt).replace(/^POLYGON\s*/i, ''));
    const dates = await findAvailableDates(
      scriptedPorts(fixture.client, {}).ports,
      { name: 't.wkt', text: `MULTIPOLYGON(${footprints.join(',')})`, format: 'wkt' },
      { model: 'Stratus2', satelliteConstellations: ['Sentinel2'] },
    );
    date = dates.coverage!.full[0]!;
  });

  const options = (extra: Partial<ProcessTilesOptions> = {}): ProcessTilesOptions => ({
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    date,
    resolution: 40,
    bandnames: 'rgb',
    epsgProjection: 4326,
    tileGuids,
    outputDirectory: fixture.out,
    ...extra,
  });

  it('shows the derived price with the units on the map, checked per unit, before the first billed call', async () => {
    const shown: number[] = [];
    const run = scriptedPorts(
      fixture.client,
      {},
      { confirm: () => (shown.push(billed().length), { action: 'cancel' }) },
    );
    const result = await processTiles(run.ports, 'tile', undefined, options());
    assert.equal(result.outcome, 'cancelled');
    assert.deepEqual(shown, [0], 'the panel was shown once, with nothing billed sent');
    assert.equal(billed().length, 0);
    const model = run.estimates[0] as CompositeEstimateModel;
    assert.equal(model.kind, 'composite');
    assert.equal(model.aoi!.polygons.length, 3, 'each unit on the map');
    assert.ok(model.credits! > 0);
    assert.ok(model.warnings.some((w) => /^Derived price/.test(w)));
    assert.ok(model.settings.some((s) => s.label === 'Price' && /derived/.test(s.value)));
    assert.equal(paths().filter((p) => p.endsWith('/composite/available')).length, 3, 'availability per unit');
    assert.equal(paths().filter((p) => p.endsWith('/composite/estimate')).length, 1);
  });

  it('the price is not below what the service then bills', async () => {
    const before = fixture.sim.state.account.CreditAmount;
    const run = scriptedPorts(fixture.client, {});
    const result = await processTiles(run.ports, 'tile', undefined, options());
    assert.equal(result.outcome, 'completed');
    const price = (run.estimates[0] as CompositeEstimateModel).credits!;
    const spent = before - fixture.sim.state.account.CreditAmount;
    assert.ok(spent > 0 && spent <= price, `spent ${spent}, priced ${price}`);
  });

  it('skipConfirmation without a budget sends nothing billed; under the budget it goes', async () => {
    const refused = scriptedPorts(fixture.client, {}, { confirm: () => assert.fail('no panel when skipping') });
    await assert.rejects(
      processTiles(refused.ports, 'tile', AREA, options({ skipConfirmation: true })),
      /needs a confirmation: no budget is set/,
    );
    assert.equal(billed().length, 0);
    const tooLow = scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 0.01 } });
    await assert.rejects(
      processTiles(tooLow.ports, 'tile', undefined, options({ skipConfirmation: true })),
      /not under the budget of 0\.01/,
    );
    assert.equal(billed().length, 0);
    const within = scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 10_000 } });
    const result = await processTiles(within.ports, 'tile', undefined, options({ skipConfirmation: true }));
    assert.equal(result.outcome, 'completed');
    assert.equal(billed().length, 3);
  });

  it('too few credits: says how many are missing, and sends nothing (no 994 round trip)', async () => {
    const saved = fixture.sim.state.account.CreditAmount;
    fixture.sim.state.account.CreditAmount = 0.5;
    try {
      const run = scriptedPorts(
        fixture.client,
        {},
        { confirm: () => assert.fail('no panel for a batch the account cannot pay') },
      );
      await assert.rejects(
        processTiles(run.ports, 'tile', undefined, options()),
        /Not enough credits: 3 tiles of [\d-]+ is estimated at [\d.,]+ credits and the account holds 0\.5; [\d.,]+ credits more are needed\. Nothing was sent\./,
      );
      assert.equal(billed().length, 0);
    } finally {
      fixture.sim.state.account.CreditAmount = saved;
    }
  });

  it('a unit with no imagery on the date is not sent, and is listed with its reason', async () => {
    const run = scriptedPorts(fixture.client, {});
    // A day long before any imagery: every unit is refused by the availability check.
    const result = await processTiles(run.ports, 'tile', undefined, options({ date: '2019-01-01' }));
    assert.equal(result.outcome, 'not-available');
    assert.equal(result.failed.length, 3);
    assert.ok(result.failed.every((u) => /not ready/.test(u.error ?? '')));
    assert.equal(run.estimates.length, 0);
    assert.equal(billed().length, 0);
  });
});

describe('workflow: a tile batch is checked and priced with its output fields (against the simulator)', () => {
  const fixture = useSimulatorClient({ simulator: { demoData: true }, tempPrefix: 'tiles-output-' });
  const AVAILABLE = '/api/satelliteimages/process/composite/available';
  const ESTIMATE = '/api/satelliteimages/process/composite/estimate';
  let tileGuid: string;
  let edge: number;
  let date: string;
  const bodies = (path: string) =>
    fixture.sim.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);

  before(async () => {
    const found = await searchTiles(scriptedPorts(fixture.client, {}).ports, AREA, {
      only: 'tiles',
      skipConfirmation: true,
    });
    tileGuid = found.selected[0]!;
    const wkt = String(found.tiles.find((t) => t.Guid === tileGuid)!.DataGeogWkt);
    const lons = [...wkt.matchAll(/(-?\d+(?:\.\d+)?)\s+-?\d+(?:\.\d+)?/g)].map((m) => Number(m[1]));
    edge = (Math.min(...lons) + Math.max(...lons)) / 2; // the swath's edge through the tile's middle
    const dates = await findAvailableDates(
      scriptedPorts(fixture.client, {}).ports,
      { name: 't.wkt', text: wkt, format: 'wkt' },
      { model: 'Stratus2', satelliteConstellations: ['Sentinel2'] },
    );
    date = dates.coverage!.full[0]!;
  });
  afterEach(() => {
    fixture.sim.state.dates.eastEdge = undefined;
  });

  const options = (output: Record<string, unknown>): ProcessTilesOptions => ({
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    date,
    resolution: 40,
    bandnames: 'rgb',
    epsgProjection: 4326,
    tileGuids: [tileGuid],
    outputDirectory: fixture.out,
    output,
  });

  it('sends the output fields the process call carries in the availability check and the probe estimate', async () => {
    const output = {
      DataType: 'uint8',
      PixelSelectionMode: 'contained',
      UtmDataSelectionMode: 'single_utm',
      UtmGridForcePixelResolutionSize: true,
      AllowPartialImage: true,
      FileType: 'tif',
      Level: 1,
      Harmonize: true,
    };
    const run = scriptedPorts(fixture.client, {}, { confirm: () => ({ action: 'cancel' }) });
    await processTiles(run.ports, 'tile', undefined, options(output));
    const checked = [...bodies(AVAILABLE), ...bodies(ESTIMATE)];
    assert.equal(checked.length, 2);
    for (const body of checked) {
      for (const key of [
        'DataType',
        'PixelSelectionMode',
        'UtmDataSelectionMode',
        'UtmGridForcePixelResolutionSize',
        'AllowPartialImage',
        'FileType',
      ] as const)
        assert.deepEqual(body[key], output[key], key);
      assert.equal(body.Level, undefined, 'tile-only fields stay on the tile call');
      assert.equal(body.Harmonize, undefined);
    }
  });

  it('accepts a partly covered tile with AllowPartialImage and refuses it without', async () => {
    fixture.sim.state.dates.eastEdge = edge;
    const without = scriptedPorts(fixture.client, {});
    const refused = await processTiles(without.ports, 'tile', undefined, options({}));
    assert.equal(refused.outcome, 'not-available');
    assert.match(refused.failed[0]!.error ?? '', /does not cover the whole area/);
    assert.equal(billed().length, 0, 'nothing billed for a unit that is not ready');
    const run = scriptedPorts(fixture.client, {});
    const result = await processTiles(run.ports, 'tile', undefined, options({ AllowPartialImage: true }));
    assert.equal(result.outcome, 'completed');
    assert.equal(billed().length, 1);
    assert.equal((billed()[0]!.body as Record<string, unknown>).AllowPartialImage, true);
    assert.equal(billed()[0]!.outcome, 'ok');
    assert.ok(
      (run.estimates[0] as CompositeEstimateModel).warnings.some(
        (w) => w.includes(tileGuid) && /AllowPartialImage/.test(w),
      ),
      'the panel says the image has gaps',
    );
  });

  const billed = () => fixture.sim.requests.filter((r) => billedPaths.includes(r.path));
});
