// The image viewer inside a real extension host: a GeoTIFF made by the simulator's writer opens in
// it by default (vscode.open, as the Explorer opens it), the page shows its metadata and the
// sidecar's request, answers the inspector with the values the raster core reads, and a damaged
// or foreign file opens to a message that says what is wrong and how large the file is.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { RasterFile, valueOf } from '../../src/raster';
import type { ValueRule } from '../../src/raster';
import { Commands } from '../../src/ui/constants';
import type { ImageViewer } from '../../src/ui/webview/viewer/image-viewer';
import { stacItem } from '../../src/workflows/stac/stac-item';
import { buildGeoTiff } from '../simulator/geotiff-image';
import { viewerOpenedBy, viewerShows } from './viewer-helpers';
import { extensionApi } from './vsc-helpers';

const FIELD = { west: 10.1, south: 56.05, east: 10.15, north: 56.08 };
const AOI = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [10.11, 56.055],
      [10.14, 56.055],
      [10.14, 56.075],
      [10.11, 56.075],
      [10.11, 56.055],
    ],
  ],
};

/** Opens `file` as the Explorer does (vscode.open), or through `command` with its argument. */
async function openedViewer(
  file: string,
  command: [string, unknown] = ['vscode.open', vscode.Uri.file(file)],
): Promise<ImageViewer> {
  const api = await extensionApi();
  return viewerOpenedBy(
    file,
    () => api.imageViewers(),
    () => vscode.commands.executeCommand(...command),
  );
}

describe('image viewer in VS Code', function () {
  this.timeout(90_000);
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'image-viewer-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('opens a GeoTIFF by default, shows its metadata and request, and the inspector reads what the raster core reads', async () => {
    const file = join(dir, 'composite.tif');
    writeFileSync(
      file,
      buildGeoTiff({
        bbox: FIELD,
        epsg: 32632,
        resolution: 10,
        bands: ['B4', 'B3', 'B2', 'B8', '[B8_B4]'],
        dataType: 'int16',
        date: '2025-06-20',
        seed: 3,
      }),
    );
    const item = stacItem({
      imageFileName: 'composite.tif',
      geometry: AOI,
      bbox: [10.11, 56.055, 10.14, 56.075],
      date: '2025-06-20',
      epsg: 32632,
      bands: ['B4', 'B3', 'B2', 'B8', '[B8_B4]'],
      model: 'Stratus3',
      constellations: ['Sentinel2'],
      resolution: 10,
      request: { Model: 'Stratus3', Date: '2025-06-20', Bandnames: 'B4,B3,B2,B8,[B8_B4]' },
    });
    writeFileSync(join(dir, 'composite.json'), JSON.stringify(item));
    const raster = await RasterFile.open(file);
    const meta = raster.metadata;
    try {
      const viewer = await openedViewer(file);
      const shown = await viewerShows(viewer, (t) => t['meta-size'] !== undefined && t['channel-band-0'] !== undefined);
      assert.equal(
        shown['meta-size'],
        `${meta.width.toLocaleString('en')} × ${meta.height.toLocaleString('en')} pixels`,
      );
      assert.equal(shown['meta-epsg'], 'EPSG:32632');
      assert.equal(shown['meta-bands'], '5: B4, B3, B2, B8, [B8_B4]');
      assert.equal(shown['meta-nodata'], '-32768');
      assert.equal(shown['meta-model'], 'Stratus3');
      assert.match(shown['meta-request'] ?? '', /"Bandnames": "B4,B3,B2,B8,\[B8_B4\]"/);
      // The first view is true colour: three channels, in reflectance.
      assert.deepEqual([shown['channel-band-0'], shown['channel-band-1'], shown['channel-band-2']], ['B4', 'B3', 'B2']);

      const [column, row] = [Math.floor(meta.width / 2), Math.floor(meta.height / 3)];
      viewer.inspectAt(column, row);
      const texts = await viewerShows(viewer, (t) => (t['pixel-place'] ?? '').startsWith(`Pixel ${column}, ${row} `));
      const raws = await raster.pixel(column, row);
      assert.ok(raws && raws.length === 5);
      for (const [b, raw] of raws.entries()) {
        assert.ok(raw !== undefined, `band ${b} is nodata at the chosen pixel`);
        const value = valueOf(raw, meta.values[b] as ValueRule, meta.nodata) as number;
        const digits = meta.values[b]?.kind === 'index' ? 3 : 4;
        assert.equal(
          texts[`pixel-band-${b}`],
          `${value.toFixed(digits)} ${meta.values[b]?.kind === 'index' ? 'index value' : 'reflectance'} (stored ${raw})`,
        );
      }
      assert.match(texts['pixel-place'] ?? '', /\(EPSG:32632\)$/);
    } finally {
      await raster.close();
    }
  });

  it('opens a truncated GeoTIFF and a file that is no TIFF to a message with the file size', async () => {
    const whole = buildGeoTiff({
      bbox: FIELD,
      epsg: 4326,
      resolution: 10,
      bands: ['B4', 'B3', 'B2'],
      dataType: 'int16',
      date: '2025-06-20',
      seed: 1,
    });
    const truncated = join(dir, 'truncated.tif');
    writeFileSync(truncated, whole.subarray(0, 200));
    const viewer = await openedViewer(truncated);
    const texts = await viewerShows(viewer, (t) => t['failure-message'] !== undefined);
    assert.match(texts['failure-message'] ?? '', /damaged or truncated/);
    assert.equal(texts['failure-size'], 'File size: 200 bytes');

    const foreign = join(dir, 'notes.tif');
    writeFileSync(foreign, 'This is a text file named like an image.\n');
    // Through Open Image, as a finished batch unit (a node with its file's path) calls it.
    const second = await openedViewer(foreign, [Commands.openImage, { path: foreign }]);
    const shown = await viewerShows(second, (t) => t['failure-message'] !== undefined);
    assert.match(shown['failure-message'] ?? '', /is not a TIFF file/);
    assert.equal(shown['failure-size'], `File size: ${readFileSync(foreign).length} bytes`);
  });
});
