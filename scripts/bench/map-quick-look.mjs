// Map benchmark, host side of a downloaded image drawn in place: the quick-look of a UTM GeoTIFF
// (the simulator's writer, as the service delivers it) made as the map panel makes it (raster
// core, at most 512 pixels, reprojected onto Web Mercator), against the viewer's first view of
// the same file at the same width (decoding and stretching only): what the reprojection adds.
// And its message: RGBA bytes against JSON of the same numbers.
// `node scripts/bench/map-quick-look.mjs` after `npm run compile-tests`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, requireOut, round } from './bench-util.mjs';

const core = requireOut('./src/raster/index.js');
const { quickLook } = requireOut('./src/ui/webview/map/quick-looks.js');
const { buildGeoTiff } = requireOut('./test/simulator/geotiff-image.js');

export async function runQuickLookBench({ runs = 5 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'sat-imagery-quick-look-'));
  try {
    const path = join(dir, 'composite.tif');
    writeFileSync(
      path,
      buildGeoTiff({
        bbox: { west: 10.0, south: 56.0, east: 10.32, north: 56.18 },
        epsg: 32632,
        resolution: 10,
        bands: ['B4', 'B3', 'B2'],
        dataType: 'int16',
        date: '2026-06-01',
        seed: 1,
      }),
    );
    const looks = [];
    const views = [];
    let look;
    for (let i = 0; i < runs + 1; i++) {
      let started = performance.now();
      look = await quickLook(core, path);
      const lookMs = performance.now() - started;
      started = performance.now();
      const raster = await core.RasterFile.open(path);
      await core.renderView(raster, { targetWidth: look.width });
      await raster.close();
      const viewMs = performance.now() - started;
      if (i > 0) {
        // The first run warms the JIT and the file cache for both.
        looks.push(lookMs);
        views.push(viewMs);
      }
    }
    const ours = median(looks);
    const reference = median(views);
    const json = JSON.stringify(Array.from(look.rgba)).length;
    return [
      {
        figure: `map: quick-look of a UTM GeoTIFF, ${look.width}×${look.height} (ms; the viewer's first view at that width as reference)`,
        ours: round(ours, 0),
        reference: round(reference, 0),
        ratio: round(ours / reference, 2),
        target: 'reported',
        met: true,
      },
      {
        figure: 'map: its message, KB (RGBA bytes vs JSON of the same numbers)',
        ours: round(look.rgba.byteLength / 1e3, 0),
        reference: round(json / 1e3, 0),
        ratio: round(look.rgba.byteLength / json, 2),
        target: 'smaller than JSON',
        met: look.rgba.byteLength < json,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await runQuickLookBench());
}
