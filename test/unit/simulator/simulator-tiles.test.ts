import * as assert from 'node:assert/strict';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { AARHUS_FIELD, call, readTiffTags } from '../../simulator/test-helpers';

const NOW = Date.UTC(2025, 5, 15, 12);
const SEARCH = '/api/tasking/search/tiles';
const TILE_ORDER = {
  Model: 'Stratus2',
  SatelliteConstellations: ['Sentinel2'],
  StorageMonths: 3,
  ApiRequests: 10,
  ImageFrequency: 5,
  ReferenceDate: '2025-05-01',
  From: '2025-05-01',
  To: null,
};

describe('simulator: tiles', () => {
  let sim: Simulator;
  beforeEach(async () => {
    sim = await startSimulator({ clock: () => NOW });
  });
  afterEach(() => sim.close());

  async function search(body: unknown) {
    const r = await call(sim, 'POST', SEARCH, body);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json.Data.Tiles as Array<{ Guid: string; Epsg: number; DataGeogWkt: string; MiniTile: boolean }>;
  }

  it('finds the 0.1° grid tiles under an AOI, the same GUIDs every time', async () => {
    const tiles = await search({ Wkt: 'POLYGON((10.05 56.05, 10.25 56.05, 10.25 56.15, 10.05 56.05))' });
    assert.equal(tiles.length, 3 * 2);
    assert.ok(tiles.every((t) => t.Epsg === 32632 && t.MiniTile === false && /^POLYGON\(\(/.test(t.DataGeogWkt)));
    assert.deepEqual(
      (await search({ Wkt: 'POLYGON((10.05 56.05, 10.25 56.05, 10.25 56.15, 10.05 56.05))' })).map((t) => t.Guid),
      tiles.map((t) => t.Guid),
    );
    const byGuid = await search({ TileGuids: [tiles[0]?.Guid] });
    assert.deepEqual(byGuid, [tiles[0]]);
    const minis = await search({ TileGuidForMiniTiles: tiles[0]?.Guid });
    assert.equal(minis.length, 4);
    assert.ok(minis.every((m) => m.MiniTile));
    assert.equal(
      (await call(sim, 'POST', SEARCH, { TileGuids: ['00000000-0000-4000-8000-000000000000'] })).status,
      404,
    );
  });

  it('deduplicates a tile order against earlier tile orders with aligned settings', async () => {
    const tiles = (await search({ Wkt: AARHUS_FIELD })).map((t) => t.Guid);
    const more = (await search({ Wkt: 'POLYGON((10.0 56.05, 10.25 56.05, 10.25 56.08, 10.0 56.05))' })).map(
      (t) => t.Guid,
    );
    assert.equal(tiles.length, 1);
    assert.equal(more.length, 3);
    await call(sim, 'POST', '/api/tasking/orders', { ...TILE_ORDER, TileGuids: tiles });
    const dedup = (
      await call(sim, 'POST', '/api/tasking/orders', { ...TILE_ORDER, TileGuids: more, TileDeduplication: true })
    ).json.Data;
    assert.deepEqual(
      dedup.Tiles,
      more.filter((g) => g !== tiles[0]),
    );
    assert.deepEqual(dedup.DeduplicatedTiles, tiles);
    const misaligned = (
      await call(sim, 'POST', '/api/tasking/orders', {
        ...TILE_ORDER,
        ImageFrequency: 10,
        TileGuids: more,
        TileDeduplication: true,
      })
    ).json.Data;
    assert.deepEqual(misaligned.Tiles, more, 'another cadence is not deduplicated');
    const without = (await call(sim, 'POST', '/api/tasking/orders', { ...TILE_ORDER, TileGuids: more })).json.Data;
    assert.deepEqual(without.Tiles, more);
  });

  it('processes a tile and a mini-tile of an ordered tile into GeoTIFFs; 1006 without an order', async () => {
    const [tile] = await search({ Wkt: AARHUS_FIELD });
    const [mini] = await search({ TileGuidForMiniTiles: tile?.Guid });
    const dates = (
      await call(sim, 'POST', '/api/satelliteimages/search/available', {
        Wkt: tile?.DataGeogWkt,
        From: '2025-05-01T00:00:00Z',
        To: '2025-06-15T00:00:00Z',
        Model: 'Stratus2',
        SatelliteConstellations: ['Sentinel2'],
      })
    ).json.Data.ModelImageDates[0].DatesByGeog[0].Dates as string[];
    const date = `${dates.at(-1)}T00:00:00Z`;
    const refused = await call(sim, 'POST', '/api/satelliteimages/process/tile', {
      TileGuid: tile?.Guid,
      Date: date,
      Model: 'Stratus2',
    });
    assert.equal(refused.json.Error.Code, 1006);
    await call(sim, 'POST', '/api/tasking/orders', { ...TILE_ORDER, TileGuids: [tile?.Guid] });
    const image = await call(sim, 'POST', '/api/satelliteimages/process/tile', {
      TileGuid: tile?.Guid,
      Date: date,
      Model: 'Stratus2',
      Bandnames: 'rgb',
      Resolution: 20,
    });
    assert.equal(image.status, 200);
    assert.match(image.headers.get('content-disposition') ?? '', /^attachment; filename="tile_/);
    assert.deepEqual(readTiffTags(image.bytes).get(277), [3]);
    const miniImage = await call(sim, 'POST', '/api/satelliteimages/process/minitile', {
      MiniTileGuid: mini?.Guid,
      Date: date,
      Model: 'Stratus2',
    });
    assert.equal(miniImage.status, 200);
    assert.match(miniImage.headers.get('content-disposition') ?? '', /filename="minitile_/);
    const wrongKind = await call(sim, 'POST', '/api/satelliteimages/process/minitile', {
      MiniTileGuid: tile?.Guid,
      Date: date,
      Model: 'Stratus2',
    });
    assert.equal(wrongKind.status, 400);
    assert.ok(wrongKind.json.Data.MiniTileGuid);
  });
});
