import * as assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient } from '../../../../src/api/client';
import { processTiles } from '../../../../src/workflows/tiles/process-tiles-workflow';
import type { ProcessTilesOptions } from '../../../../src/workflows/tiles/process-tiles-workflow';
import { findAvailableDates } from '../../../../src/workflows/dates/find-dates-workflow';
import { MANIFEST_NAME } from '../../../../src/ledger/batch-manifest';
import { searchTiles } from '../../../../src/workflows/tiles/search-tiles-workflow';
import { startSimulator } from '../../../simulator';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';
import { ITEM_COLLECTION_NAME } from '../../../../src/files/stac-names';
import { testClock } from '../../fixtures/test-clock';
import { validateStacItem } from '../../fixtures/stac-schemas';

// Six 0.1° tiles inside the demo orders near Aarhus.
const AREA = {
  name: 'area.wkt',
  text: 'POLYGON((10.02 56.02, 10.28 56.02, 10.28 56.18, 10.02 56.18, 10.02 56.02))',
  format: 'wkt' as const,
};
const TILE_PATH = '/api/satelliteimages/process/tile';

describe('workflow: tiles search and batch processing (against the simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'tiles-',
  });
  let tileGuids: string[];
  let date: string;
  const tileRequests = () => fixture.sim.requests.filter((r) => r.path === TILE_PATH);
  const tifs = async () => (await readdir(fixture.out)).filter((f) => f.endsWith('.tif')).sort();

  before(async () => {
    const found = await searchTiles(scriptedPorts(fixture.client, {}).ports, AREA, {
      only: 'tiles',
      skipConfirmation: true,
    });
    tileGuids = found.selected;
    // A date with imagery on every tile: search with the tile footprints as the parts of the AOI.
    const footprints = found.tiles.map((t) => String(t.DataGeogWkt).replace(/^POLYGON\s*/i, ''));
    const multi = { name: 'tiles.wkt', text: `MULTIPOLYGON(${footprints.join(',')})`, format: 'wkt' as const };
    const dates = await findAvailableDates(scriptedPorts(fixture.client, {}).ports, multi, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    date = dates.coverage!.full[0]!;
  });

  const options = (): ProcessTilesOptions => ({
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    date,
    resolution: 40,
    bandnames: 'rgb',
    epsgProjection: 4326,
    tileGuids,
    outputDirectory: fixture.out,
  });

  it('finds the tiles over the area, and the selection made in the panel', async () => {
    assert.equal(tileGuids.length, 6);
    const run = scriptedPorts(
      fixture.client,
      { expandTile: null },
      { confirm: () => ({ action: 'proceed', selectedTiles: [tileGuids[1]!, 'not-a-tile'] }) },
    );
    const result = await searchTiles(run.ports, AREA);
    assert.deepEqual(result.selected, [tileGuids[1]]);
    assert.equal(run.estimates[0]!.kind, 'tiles');
  });

  it('expands a chosen tile into its mini-tiles (TileGuidForMiniTiles), in the panel or by the option', async () => {
    const expanded = tileGuids[1]!;
    let minis: string[] = [];
    const run = scriptedPorts(
      fixture.client,
      {
        expandTile: (q: unknown) =>
          (q as { items: { value: string | null }[] }).items.some((i) => i.value === expanded) ? expanded : null,
      },
      {
        confirm: (model, call) => {
          if (call === 1) return { action: 'proceed', selectedTiles: [tileGuids[0]!, expanded] };
          // The second panel: the tile gave way to its mini-tiles, all of them proposed with the rest of the choice.
          const shown = model as { tiles: { guid: string; miniTile: boolean }[]; preselected: string[] };
          minis = shown.tiles.filter((t) => t.miniTile).map((t) => t.guid);
          assert.ok(minis.length > 1);
          assert.ok(!shown.tiles.some((t) => t.guid === expanded));
          assert.deepEqual(shown.preselected, [tileGuids[0], ...minis]);
          return { action: 'proceed', selectedTiles: minis.slice(0, 2) };
        },
      },
    );
    const result = await searchTiles(run.ports, AREA);
    assert.equal(result.outcome, 'completed');
    assert.deepEqual(result.selected, minis.slice(0, 2));
    assert.deepEqual(run.asked, ['expandTile'], 'asked once: the second choice holds no whole tile');
    const asked = fixture.sim.requests
      .filter((r) => r.path === '/api/tasking/search/tiles')
      .map((r) => (r.body as { TileGuidForMiniTiles?: string }).TileGuidForMiniTiles);
    assert.ok(asked.includes(expanded));
    // The option: the mini-tiles of one tile, without a panel.
    const byOption = await searchTiles(scriptedPorts(fixture.client, {}).ports, AREA, {
      tileGuidForMiniTiles: expanded,
      skipConfirmation: true,
    });
    assert.deepEqual(byOption.selected, minis);
    assert.ok(byOption.tiles.every((t) => t.MiniTile === true));
  });

  it('processes every tile to its own file with a manifest, and a rerun skips them all', async () => {
    const run = scriptedPorts(fixture.client, {});
    const result = await processTiles(run.ports, 'tile', AREA, { ...options(), concurrency: 2 });
    assert.equal(result.outcome, 'completed');
    assert.equal(result.failed.length, 0);
    assert.equal((await tifs()).length, 6);
    assert.equal(tileRequests().length, 6);
    const last = run.progress.filter((p) => p.message).pop()!;
    assert.match(last.message!, /^6 of 6 tiles, /);
    const manifest = JSON.parse(await readFile(join(fixture.out, MANIFEST_NAME), 'utf8'));
    assert.equal(Object.values(manifest.units).filter((u) => (u as { status: string }).status === 'done').length, 6);
    // Each image has its STAC Item, on the tile's footprint; the folder has the ItemCollection.
    const names = await readdir(fixture.out);
    for (const tif of await tifs()) assert.ok(names.includes(tif.replace(/\.tif$/, '.json')), `${tif} has its Item`);
    const collection = JSON.parse(await readFile(join(fixture.out, ITEM_COLLECTION_NAME), 'utf8')) as {
      features: { geometry: unknown }[];
    };
    assert.equal(result.itemCollection, join(fixture.out, ITEM_COLLECTION_NAME));
    assert.ok(validateStacItem(collection), JSON.stringify(validateStacItem.errors));
    assert.equal(collection.features.length, 6);
    assert.equal(
      new Set(collection.features.map((f) => JSON.stringify(f.geometry))).size,
      6,
      'six footprints, not the area six times',
    );
    // Never more than two tile requests in flight at once.
    const spans = tileRequests().map((r) => [r.arrivedAt, r.finishedAt ?? Infinity] as const);
    const peak = Math.max(...spans.map(([start]) => spans.filter(([s, e]) => s <= start && e > start).length));
    assert.ok(peak <= 2, `peak ${peak}`);

    fixture.sim.clearLog();
    const again = await processTiles(scriptedPorts(fixture.client, {}).ports, 'tile', AREA, options());
    assert.equal(tileRequests().length, 0);
    assert.deepEqual(
      again.units.map((u) => u.status),
      Array(6).fill('skipped'),
    );
  });

  it('lists a failed unit with its reason, and the rerun processes only that one', async () => {
    fixture.sim.schedule({ path: TILE_PATH, status: 400, code: 1005 });
    const first = await processTiles(scriptedPorts(fixture.client, {}).ports, 'tile', AREA, options());
    assert.equal(first.failed.length, 1);
    assert.match(first.failed[0]!.error!, /band/i);
    assert.equal((await tifs()).length, 5);
    fixture.sim.clearLog();
    const retry = await processTiles(scriptedPorts(fixture.client, {}).ports, 'tile', AREA, options());
    assert.deepEqual(
      tileRequests().map((r) => (r.body as { TileGuid: string }).TileGuid),
      [first.failed[0]!.id],
    );
    assert.equal(retry.failed.length, 0);
    assert.equal((await tifs()).length, 6);
  });

  it('a cancel stops the batch and leaves no partial file; the rerun finishes it without resending a tile cut off mid-answer unasked', async () => {
    fixture.sim.configure({ imageBytes: 32 * 1024 * 1024, trickleBytesPerSecond: 2 * 1024 * 1024 });
    const run = scriptedPorts(
      fixture.client,
      {},
      { onProgress: (update, self) => ((update.bytes ?? 0) > 0 ? self.controller.abort() : undefined) },
    );
    const cancelled = await processTiles(run.ports, 'tile', AREA, options());
    assert.equal(cancelled.outcome, 'cancelled');
    assert.deepEqual(await tifs(), []);
    assert.ok(!(await readdir(fixture.out)).some((f) => f.endsWith('.part')));
    // The tiles whose bytes were flowing were charged: they are held, named, and not sent again.
    const cutOff = cancelled.uncertain.map((u) => u.id).sort();
    assert.ok(cutOff.length >= 1, 'a tile was cut off mid-answer');
    const charged = (id: string) =>
      tileRequests().filter((r) => (r.body as { TileGuid?: string }).TileGuid === id && r.charged !== undefined).length;
    assert.ok(
      cutOff.every((id) => charged(id) === 1),
      'each was processed by the service',
    );
    fixture.sim.configure({});
    const rerun = await processTiles(scriptedPorts(fixture.client, {}).ports, 'tile', AREA, options());
    assert.equal(rerun.outcome, 'may-have-been-charged');
    assert.equal((await tifs()).length, 6 - cutOff.length);
    assert.deepEqual(rerun.uncertain.map((u) => u.id).sort(), cutOff);
    assert.ok(
      cutOff.every((id) => charged(id) === 1),
      'not sent again unasked',
    );
    // Only the person's word sends them again.
    const resent = await processTiles(scriptedPorts(fixture.client, {}).ports, 'tile', AREA, {
      ...options(),
      resendUncertain: cutOff,
    });
    assert.equal(resent.outcome, 'completed');
    assert.equal((await tifs()).length, 6);
    assert.ok(cutOff.every((id) => charged(id) === 2));
  });

  it('finishes every unit through a 429 storm', async function () {
    this.timeout(60_000); // four 429s back off through the shared gate: slow on a loaded machine
    fixture.sim.schedule({ path: TILE_PATH, status: 429, times: 4 });
    const result = await processTiles(scriptedPorts(fixture.client, {}).ports, 'tile', AREA, {
      ...options(),
      concurrency: 2,
    });
    assert.equal(result.failed.length, 0, JSON.stringify(result.failed));
    assert.equal((await tifs()).length, 6);
    assert.equal(tileRequests().filter((r) => r.status === 429).length, 4);
  });

  it("stays within the key's MaxConcurrentConnections: no 429 from a strict service", async () => {
    // A key that allows one connection, and a service that refuses a second one with 429.
    const strict = await startSimulator({
      clock: testClock,
      demoData: true,
      account: { MaxConcurrentConnections: 1 },
      faults: { maxConcurrentPerKey: 1, latencyMs: 10 },
    });
    const strictClient = createClient({ baseUrl: strict.url, getApiKey: () => 'demo-key', retry: { maxAttempts: 1 } });
    try {
      const result = await processTiles(scriptedPorts(strictClient, {}).ports, 'tile', AREA, {
        ...options(),
        concurrency: 4,
      });
      assert.equal(result.failed.length, 0, JSON.stringify(result.failed));
      assert.equal(strict.requests.filter((r) => r.status === 429).length, 0);
    } finally {
      await strictClient.close();
      await strict.close();
    }
  });

  it('processes mini-tiles named in the options without a document', async () => {
    const minis = await searchTiles(scriptedPorts(fixture.client, {}).ports, AREA, {
      only: 'minitiles',
      skipConfirmation: true,
    });
    assert.ok(minis.selected.length >= 4);
    const chosen = minis.selected.slice(0, 2);
    const result = await processTiles(scriptedPorts(fixture.client, {}).ports, 'minitile', undefined, {
      ...options(),
      tileGuids: chosen,
    });
    assert.equal(result.outcome, 'completed', JSON.stringify(result.failed));
    assert.equal((await tifs()).length, 2);
  });

  it('asks for the tiles when the options name none', async () => {
    const run = scriptedPorts(fixture.client, { tiles: (q: { items: { value: string }[] }) => [q.items[0]!.value] });
    const { tileGuids: _t, ...withoutTiles } = options();
    const result = await processTiles(run.ports, 'tile', AREA, withoutTiles);
    assert.deepEqual(run.asked, ['tiles']);
    assert.equal(result.units.length, 1);
  });
});
