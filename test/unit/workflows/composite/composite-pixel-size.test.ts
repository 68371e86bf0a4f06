import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { downloadComposite } from '../../../../src/workflows/composite/download-composite-workflow';
import { coarserPixelsNote, metresPerPixel } from '../../../../src/request/pixel-size';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

// A composite says what the file is: the simulator sends coarser pixels than asked over a large
// area (as the service may), and the name and the STAC Item's gsd give the file's own pixel size.

/** About 4 km × 4.4 km: at 10 m and six bands, above the simulator's samples per image. */
const WIDE = {
  name: 'wide.wkt',
  text: 'POLYGON((10.1 56.1, 10.16 56.1, 10.16 56.14, 10.1 56.14, 10.1 56.1))',
  format: 'wkt' as const,
};
const NOW = Date.UTC(2026, 5, 20, 12);

describe('composite: named by the pixel size the file holds', function () {
  this.timeout(60_000);
  const fixture = useSimulatorClient({
    simulator: { demoData: true, imageryEveryDay: true, clock: () => NOW, account: { CreditAmount: 1e6 } },
    tempPrefix: 'pixel-size-',
  });

  it('metres per pixel from a projected file, and from degrees of EPSG:4326', () => {
    assert.equal(metresPerPixel(32632, [20, 20]), 20);
    assert.equal(metresPerPixel(4326, [0.0003, 0.00018087]), 20);
    assert.equal(metresPerPixel(undefined, [20, 20]), undefined);
    assert.equal(metresPerPixel(4326, [0, 0]), undefined);
  });

  it("10 m asked, 20 m sent: the file is named 20m and its Item's gsd is 20, the request's 10 kept apart", async () => {
    const run = scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 1e6 } });
    const result = await downloadComposite(run.ports, WIDE, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      date: '2026-06-02',
      epsgProjection: 32632,
      resolution: 10,
      bandnames: 'B2,B3,B4,B8,B11,B12',
      outputDirectory: fixture.out,
      skipConfirmation: true,
    });
    assert.equal(result.outcome, 'completed', result.reason);
    const name = basename(result.files[0]!);
    assert.match(name, /^composite-2026-06-02-Stratus2-20m-[0-9a-f]{8}\.tif$/);
    const item = JSON.parse(await readFile(result.stacItems![0]!, 'utf8')) as {
      properties: Record<string, unknown>;
      assets: { image: { href: string } };
    };
    assert.equal(item.properties.gsd, 20);
    assert.equal(item.properties['sat-imagery:resolution'], 10);
    assert.equal(item.assets.image.href, `./${name}`);
    // And the person is told, not only the log: the sentence VS Code's notification adds.
    assert.equal(result.resolution, 10);
    assert.equal(
      coarserPixelsNote(result.files, result.resolution),
      'The service sent 20 m pixels where 10 m were asked (1 of 1 image); the file names say so.',
    );
  });

  it('says nothing when every file has the pixels asked, and counts those that do not', () => {
    assert.equal(coarserPixelsNote(['/d/composite-2026-06-02-Stratus2-10m-0a1b2c3d.tif'], 10), undefined);
    assert.equal(coarserPixelsNote([], 10), undefined);
    assert.equal(coarserPixelsNote(['/d/series-2026-06-02-10m-ab.tif'], undefined), undefined);
    assert.equal(
      coarserPixelsNote(['/d/s-2026-06-02-30m-a.tif', '/d/s-2026-06-03-10m-b.tif', '/d/s-2026-06-04-20m-c.tif'], 10),
      'The service sent 20 and 30 m pixels where 10 m were asked (2 of 3 images); the file names say so.',
    );
  });
});
