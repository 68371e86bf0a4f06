// Resolve (#38) for a composite, a tile batch and an order: settings and options become the frozen
// request with nobody asked, or the ids of the questions still open, never a prompt; the wizard
// mode asks the open ones only, and the defaults mode takes each step's default. The scripted
// ports answer nothing unless a test scripts it: a prompt shown fails the test. Against the
// simulator (its models list and specification document).
import * as assert from 'node:assert/strict';
import { accountOnce } from '../../../../src/pricing/account-snapshot';
import { readAoiOrThrow } from '../../../../src/workflows/engine/aoi-input';
import { coreAnswerRules } from '../../../../src/workflows/engine/default-answers';
import { ASK_NOBODY, ASK_THE_PERSON } from '../../../../src/workflows/engine/resolve';
import type { Settling } from '../../../../src/workflows/engine/resolve';
import { resolveComposite } from '../../../../src/workflows/composite/composite-resolve';
import { resolveTiles } from '../../../../src/workflows/tiles/tiles-resolve';
import { resolveOrder } from '../../../../src/workflows/orders/order-resolve';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';
import type { Script } from '../../fixtures/workflow-ports';
import { TWO_FIELDS } from '../composite/two-fields';

const NOW = new Date(Date.UTC(2026, 5, 15, 12));
const AREA = { name: 'fields.geojson', text: TWO_FIELDS, format: 'geojson' as const };
const IMAGE = {
  model: 'Stratus2',
  satelliteConstellations: ['Sentinel2'],
  date: '2026-06-02',
  epsgProjection: 4326,
  resolution: 20,
  bandnames: 'rgb',
  // Fixed by the options: the Output step asks nothing.
  output: {},
};
const ORDER = {
  model: 'Stratus2',
  satelliteConstellations: ['Sentinel2'],
  from: '2026-07-01',
  to: '2026-08-31',
  storageMonths: 2,
  apiRequests: 3,
  imageFrequency: 4,
  referenceDate: '2026-07-02',
  geometryTileOrdering: false,
};
const TILES = ['tile-a', 'tile-b'];

describe('resolve: composite, tiles and order, settled with nobody asked or the open ones only', () => {
  const fixture = useSimulatorClient({ simulator: { demoData: true }, tempPrefix: 'resolve-workflows-' });
  const { aoi } = readAoiOrThrow(AREA);

  /** The scripted ports (a prompt not in `script` fails) and what every resolve starts from. */
  const start = async (script: Script = {}) => {
    const run = scriptedPorts(fixture.client, script, { now: NOW });
    const models = await fixture.client.listModels({ signal: run.ports.signal });
    return { run, models, account: accountOnce(run.ports) };
  };
  const composite = async (options: Record<string, unknown>, settling: Settling, script?: Script) => {
    const { run, models, account } = await start(script);
    const resolved = await resolveComposite(
      { ports: run.ports, aoi, aoiMode: 'wkt', options, models, account },
      settling,
    );
    return { resolved, asked: run.asked };
  };
  const tiles = async (options: Record<string, unknown>, settling: Settling, script?: Script) => {
    const { run, models, account } = await start(script);
    const input = { ports: run.ports, kind: 'tile' as const, aoi: undefined, options, models, account };
    return { resolved: await resolveTiles(input, settling), asked: run.asked };
  };
  const order = async (options: Record<string, unknown>, settling: Settling, script?: Script) => {
    const { run, models } = await start(script);
    const resolved = await resolveOrder({ ports: run.ports, aoi, options, models, now: NOW }, settling);
    return { resolved, asked: run.asked };
  };
  const without = <T extends object>(options: T, key: keyof T): T => ({ ...options, [key]: undefined });

  describe('composite', () => {
    it('every question fixed by the options: the frozen profile, nothing asked', async () => {
      const { resolved, asked } = await composite(IMAGE, ASK_THE_PERSON);
      assert.deepEqual(asked, []);
      assert.ok(resolved && 'profile' in resolved, JSON.stringify(resolved));
      assert.equal(resolved.profile.model, 'Stratus2');
      assert.equal(resolved.profile.date, '2026-06-02');
      assert.equal(resolved.profile.resolution, 20);
      assert.equal(resolved.profile.epsgProjection, 4326);
    });

    it('the resolution left open: exactly that id, nothing asked', async () => {
      const { resolved, asked } = await composite(without(IMAGE, 'resolution'), ASK_NOBODY);
      assert.deepEqual(asked, []);
      assert.deepEqual(resolved, { open: ['resolution'] });
    });

    it('the wizard asks the open question only, and its answer is in the profile', async () => {
      const { resolved, asked } = await composite(without(IMAGE, 'resolution'), ASK_THE_PERSON, { resolution: 40 });
      assert.deepEqual(asked, ['resolution']);
      assert.ok(resolved && 'profile' in resolved);
      assert.equal(resolved.profile.resolution, 40);
    });

    it("the defaults take the step's own default and say it; nothing asked", async () => {
      const said: string[] = [];
      const settling: Settling = { mode: 'defaults', rules: coreAnswerRules((note) => said.push(note)) };
      const { resolved, asked } = await composite(without(IMAGE, 'resolution'), settling);
      assert.deepEqual(asked, []);
      assert.ok(resolved && 'profile' in resolved);
      assert.equal(resolved.profile.resolution, 10);
      assert.deepEqual(said, ['Using --resolution 10 m (the default).']);
    });

    it('the model is never defaulted: refused naming --model', async () => {
      const settling: Settling = { mode: 'defaults', rules: coreAnswerRules(() => {}) };
      await assert.rejects(composite(without(IMAGE, 'model'), settling), /Missing --model/);
    });
  });

  describe('tiles', () => {
    const given = { ...IMAGE, tileGuids: TILES };

    it('every question fixed by the options: the settings each unit is sent with, and the units, nothing asked', async () => {
      const { resolved, asked } = await tiles(given, ASK_THE_PERSON);
      assert.deepEqual(asked, []);
      assert.ok(resolved && 'shared' in resolved, JSON.stringify(resolved));
      assert.deepEqual(resolved.tiles, TILES);
      assert.equal(resolved.shared.Model, 'Stratus2');
      assert.equal(resolved.shared.Resolution, 20);
      assert.match(resolved.shared.Date, /^2026-06-02/);
    });

    it('the bands left open: exactly that id, nothing asked', async () => {
      const { resolved, asked } = await tiles(without(given, 'bandnames'), ASK_NOBODY);
      assert.deepEqual(asked, []);
      assert.deepEqual(resolved, { open: ['bandnames'] });
    });

    it('the wizard asks the open question only', async () => {
      const { resolved, asked } = await tiles(without(given, 'bandnames'), ASK_THE_PERSON, { bandnames: 'B4,B3,B2' });
      assert.deepEqual(asked, ['bandnames']);
      assert.ok(resolved && 'shared' in resolved);
      assert.equal(resolved.shared.Bandnames, 'B4,B3,B2');
    });
  });

  describe('order', () => {
    it('every question fixed by the options: the estimate and create payloads, nothing asked', async () => {
      const { resolved, asked } = await order(ORDER, ASK_THE_PERSON);
      assert.deepEqual(asked, []);
      assert.ok(resolved && 'estimate' in resolved, JSON.stringify(resolved));
      assert.equal(resolved.estimate.StorageMonths, 2);
      assert.equal(resolved.estimate.ImageFrequency, 4);
      assert.equal(resolved.estimate.ReferenceDate, '2026-07-02');
      assert.equal(resolved.create.StorageMonths, 2);
    });

    it('the storage months left open: exactly that id, nothing asked', async () => {
      const { resolved, asked } = await order(without(ORDER, 'storageMonths'), ASK_NOBODY);
      assert.deepEqual(asked, []);
      assert.deepEqual(resolved, { open: ['storageMonths'] });
    });

    it('the wizard asks the open question only', async () => {
      const { resolved, asked } = await order(without(ORDER, 'storageMonths'), ASK_THE_PERSON, { storageMonths: '5' });
      assert.deepEqual(asked, ['storageMonths']);
      assert.ok(resolved && 'estimate' in resolved);
      assert.equal(resolved.estimate.StorageMonths, 5);
    });
  });
});
