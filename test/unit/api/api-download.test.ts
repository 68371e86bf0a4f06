// Image downloads against the simulator: streamed to `.part`, renamed when complete, named from
// Content-Disposition; every transport fault of the simulator ends either in a complete file or in
// a clear error with nothing left behind.
import * as assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FullImageryClient } from '../../../src/api/client';
import type { CompositeRequest } from '../../../src/api/types';
import type { Simulator } from '../../simulator';
import { AOI, dayWithImagery, ORDER, refusal, useCompositeDownloads } from './api-test-helpers';

describe('api client: downloads', function () {
  const downloads = useCompositeDownloads('api-download-');
  let sim: Simulator, client: FullImageryClient, dir: string, composite: CompositeRequest;
  beforeEach(() => {
    ({ sim, client, out: dir, composite } = downloads);
  });

  it('streams a composite to its Content-Disposition name, with progress, and leaves no .part', async () => {
    const progress: Array<[number, number | undefined]> = [];
    const result = await client.downloadComposite(composite, {
      directory: dir,
      fallbackName: 'fallback.tif',
      onProgress: (r, t) => progress.push([r, t]),
    });
    const name = `composite_Stratus2_${composite.Date.slice(0, 10)}_10m.tif`;
    assert.equal(result.path, join(dir, name));
    const bytes = await readFile(result.path as string);
    assert.equal(bytes.length, result.bytes);
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'II*\u0000', 'a TIFF');
    assert.deepEqual(await readdir(dir), [name]);
    assert.equal(progress.at(-1)?.[0], bytes.length);
    assert.equal(progress.at(-1)?.[1], bytes.length, 'total from Content-Length');
    assert.ok(progress.every(([r], i) => i === 0 || r > (progress[i - 1] as [number, number])[0]));
    const wire = sim.requests.find((r) => r.path === '/api/satelliteimages/process/composite');
    assert.deepEqual(Object.keys(wire?.body as object).sort(), Object.keys(composite).sort());

    const again = await client.downloadComposite(composite, { directory: dir, fallbackName: 'fallback.tif' });
    assert.equal(again.path, join(dir, name.replace(/\.tif$/, '-1.tif')), 'an earlier download is never overwritten');
  });

  it('parallel downloads with the same server file name each get a file of their own, whole', async () => {
    sim.configure({ imageBytes: 2 * 1024 * 1024 + 5, latencyMs: 20 });
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => client.downloadComposite(composite, { directory: dir, fallbackName: 'fallback.tif' })),
    );
    sim.configure({});
    const paths = results.map((r) => r.path);
    assert.equal(new Set(paths).size, 4, `four distinct files: ${paths.join(', ')}`);
    for (const r of results) assert.equal((await stat(r.path as string)).size, 2 * 1024 * 1024 + 5);
    assert.deepEqual(
      (await readdir(dir)).filter((f) => f.endsWith('.part')),
      [],
    );
  });

  it('reports a JSON error answer as the error it carries and saves nothing', async () => {
    const err = await refusal(
      client.downloadComposite(
        { ...composite, Date: '2026-12-30T00:00:00Z' },
        { directory: dir, fallbackName: 'x.tif' },
      ),
    );
    assert.equal(err.status, 400);
    assert.ok(err.code === 1002 || err.code === 1006, `code ${err.code}`);
    assert.match(err.message, /availability check|order/);
    assert.deepEqual(await readdir(dir), []);
  });

  it('answers 201 for UploadUrl without writing a file', async () => {
    const result = await client.downloadComposite(
      { ...composite, UploadUrl: 'https://upload.example/bucket' },
      { directory: dir, fallbackName: 'x.tif' },
    );
    assert.deepEqual(result, { path: undefined, bytes: 0, contentType: undefined });
    assert.deepEqual(await readdir(dir), []);
  });

  for (const fault of [{ resetMidBody: true }, { truncateBody: true }] as const) {
    it(`fails clearly and removes the .part on ${Object.keys(fault)[0]}`, async () => {
      sim.configure({ ...fault, imageBytes: 4 * 1024 * 1024 });
      const err = await refusal(client.downloadComposite(composite, { directory: dir, fallbackName: 'x.tif' }));
      assert.equal(err.kind, 'network');
      assert.match(err.message, /nothing was saved/);
      assert.ok(err.mayHaveBeenCharged, 'an image cut off after the server answered may have been charged');
      assert.match(err.message, /may have been charged; it was not sent again/);
      assert.deepEqual(await readdir(dir), []);
      assert.equal(
        sim.requests.filter((r) => r.path.endsWith('/composite')).length,
        1,
        'a paid image request is not repeated on its own',
      );
    });
  }

  for (const fault of [{ connectionClose: true }, { closeDelimited: true }] as const) {
    it(`completes a ${Object.keys(fault)[0]} body exactly`, async () => {
      sim.configure({ ...fault, imageBytes: 8 * 1024 * 1024 + 7 });
      const result = await client.downloadComposite(composite, { directory: dir, fallbackName: 'x.tif' });
      assert.equal(result.bytes, 8 * 1024 * 1024 + 7);
      assert.equal((await stat(result.path as string)).size, result.bytes);
    });
  }

  it('cancels a trickling download and removes the .part', async () => {
    sim.configure({ trickleBytesPerSecond: 200_000, imageBytes: 2 * 1024 * 1024 });
    const controller = new AbortController();
    const err = await refusal(
      client.downloadComposite(
        composite,
        { directory: dir, fallbackName: 'x.tif', onProgress: (received) => received > 50_000 && controller.abort() },
        { signal: controller.signal },
      ),
    );
    assert.equal(err.kind, 'aborted');
    assert.deepEqual(await readdir(dir), []);
  });

  it('downloads a tile and a mini-tile ordered by GUID', async () => {
    const [tile] = await client.searchTiles({ Wkt: AOI });
    const tileGuid = tile?.Guid as string;
    const minis = await client.searchTiles({ TileGuidForMiniTiles: tileGuid });
    const miniGuid = minis[0]?.Guid as string;
    assert.ok(tileGuid && miniGuid);
    await client.createOrder({ ...ORDER, Wkt: undefined, TileGuids: [tileGuid] });
    const settings = { Model: 'Stratus2', SatelliteConstellations: ['Sentinel2'], Bandnames: 'rgb', Resolution: 40 };
    const tileDate = await dayWithImagery(client, tile?.DataGeogWkt as string);
    const miniDate = await dayWithImagery(client, minis[0]?.DataGeogWkt as string);
    const tileResult = await client.downloadTile(
      { TileGuid: tileGuid, Date: tileDate, ...settings },
      { directory: dir, fallbackName: 'tile.tif' },
    );
    const miniResult = await client.downloadMiniTile(
      { MiniTileGuid: miniGuid, Date: miniDate, ...settings },
      { directory: dir, fallbackName: 'mini.tif' },
    );
    assert.match(tileResult.path ?? '', /tile_.*\.tif$/);
    assert.match(miniResult.path ?? '', /minitile_.*\.tif$/);
    assert.equal((await readdir(dir)).length, 2);
  });
});
