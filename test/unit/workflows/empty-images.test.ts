// An image can be paid for and hold no valid pixel. Every image written is read back (the raster
// core, a decimated view) and its share of valid pixels is said in the result, each unit's report
// and the STAC Item (the raster extension's statistics.valid_percent); an empty one is said to be
// empty. The simulator no longer lists a date as covering an area and then sends it all cloud.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RasterFile, measureValidity } from '../../../src/raster';
import { downloadComposite } from '../../../src/workflows/composite/download-composite-workflow';
import { validitySentence } from '../../../src/workflows/engine/results';
import { downloadSeries } from '../../../src/workflows/series/series-workflow';
import { RASTER_EXTENSION } from '../../../src/workflows/stac/stac-item';
import type { StacItem } from '../../../src/workflows/stac/stac-item';
import { useSimulatorClient } from '../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../fixtures/workflow-ports';
import { validateStacItem } from '../fixtures/stac-schemas';

/** The demo workspace's field (scripts/demo-workspace/field.wkt), where the demo met empty dates. */
const FIELD = {
  name: 'field.wkt',
  text: readFileSync(join(__dirname, '..', '..', '..', '..', 'scripts', 'demo-workspace', 'field.wkt'), 'utf8'),
  format: 'wkt' as const,
};
/** The day the demo was walked: 2026-11-04 was listed for the field and came all cloud. */
const NOW = Date.parse('2026-11-26T12:00:00Z');
/** About 20 km² near Aarhus: wide enough for clouds to cover part of it. */
const WIDE = {
  name: 'wide.wkt',
  text: 'POLYGON((10.05 56.05, 10.12 56.05, 10.12 56.09, 10.05 56.09, 10.05 56.05))',
  format: 'wkt' as const,
};

async function validShare(file: string): Promise<number> {
  const raster = await RasterFile.open(file);
  try {
    return (await measureValidity(raster)).fraction;
  } finally {
    await raster.close();
  }
}

const itemOf = async (image: string) =>
  JSON.parse(await readFile(image.replace(/\.tif$/, '.json'), 'utf8')) as StacItem;

describe('empty images: the share of valid pixels, said everywhere (against the simulator)', function () {
  this.timeout(60_000);
  const fixture = useSimulatorClient({
    simulator: { demoData: true, clock: () => NOW },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'empty-images-',
  });
  const profile = {
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    epsgProjection: 32632,
    resolution: 10,
    bandnames: 'rgb',
  };
  const settings = { confirmCostAbove: 100_000 };

  it('every date the date search lists as covering the field comes with valid pixels, and the result says how many', async () => {
    const run = scriptedPorts(fixture.client, { output: 'keep' }, { settings });
    const result = await downloadSeries(run.ports, FIELD, {
      ...profile,
      from: '2026-10-27',
      to: '2026-11-26',
      outputDirectory: fixture.out,
      skipConfirmation: true,
    });
    const done = result.dates.filter((d) => d.status === 'done');
    assert.ok(
      done.some((d) => d.date === '2026-11-04'),
      `the date the demo met empty is listed: ${JSON.stringify(result.dates.map((d) => [d.date, d.status]))}`,
    );
    for (const d of done) {
      const share = await validShare(d.file!);
      assert.ok(share > 0, `${d.date}: listed as covering the field, sent with no valid pixel`);
      assert.equal(d.validFraction, share, `${d.date}: the result says the share the file has`);
      const item = await itemOf(d.file!);
      assert.equal(item.properties['sat-imagery:valid_percent'], Math.round(share * 10000) / 100);
    }
    assert.ok(
      result.units
        .filter((u) => u.status === 'done')
        .every((u) => typeof u.validFraction === 'number' && u.validFraction > 0),
      'each unit report carries its share',
    );
  });

  it('a composite paid for with every pixel nodata is reported as empty: the result, the Item (raster extension) and the words', async () => {
    fixture.sim.configure({ emptyImages: true });
    const run = scriptedPorts(fixture.client, { output: 'keep' }, { settings });
    const result = await downloadComposite(run.ports, FIELD, {
      ...profile,
      date: '2026-11-24',
      outputDirectory: fixture.out,
      skipConfirmation: true,
    });
    assert.equal(result.outcome, 'completed');
    assert.equal(result.files.length, 1);
    assert.equal(await validShare(result.files[0]!), 0, 'the simulator sent an image of nodata alone');
    assert.equal(result.validFraction, 0);
    assert.ok(
      fixture.sim.requests.some((r) => r.path === '/api/satelliteimages/process/composite' && r.charged !== undefined),
      'it was charged',
    );

    const item = await itemOf(result.files[0]!);
    assert.ok(validateStacItem(item), JSON.stringify(validateStacItem.errors));
    assert.ok(item.stac_extensions.includes(RASTER_EXTENSION));
    assert.equal(item.properties['sat-imagery:valid_percent'], 0);
    const bands = item.assets.image!['raster:bands'] as {
      nodata: number;
      data_type: string;
      scale: number;
      offset: number;
      statistics: { valid_percent: number };
    }[];
    // INT16 reflectance × 10000 (docs/engineering-notes.md, "What the pixels mean"): the scale a reader applies to get reflectance.
    assert.deepEqual(
      bands,
      [0, 1, 2].map(() => ({
        nodata: -32768,
        data_type: 'int16',
        scale: 0.0001,
        offset: 0,
        statistics: { valid_percent: 0 },
      })),
    );
    assert.match(validitySentence(result.validFraction)!, /^paid, but no valid pixels/);
  });

  it('a composite with data says its share in the result and in the Item, per band and in all', async () => {
    const run = scriptedPorts(fixture.client, { output: 'keep' }, { settings });
    const result = await downloadComposite(run.ports, WIDE, {
      ...profile,
      resolution: 80,
      date: '2026-11-24',
      outputDirectory: fixture.out,
      skipConfirmation: true,
    });
    assert.equal(result.outcome, 'completed');
    const share = await validShare(result.files[0]!);
    assert.ok(share > 0 && share < 1, `2026-11-24 is partly cloudy over the wide area (${share})`);
    assert.equal(result.validFraction, share);
    const item = await itemOf(result.files[0]!);
    const bands = item.assets.image!['raster:bands'] as { statistics: { valid_percent: number } }[];
    assert.deepEqual(
      bands.map((b) => b.statistics.valid_percent),
      [1, 2, 3].map(() => Math.round(share * 10000) / 100),
      'clouds are nodata in every band',
    );
    assert.match(validitySentence(share)!, /^\d+ % of the image has valid pixels$/);
  });

  it('a series whose images are empty reports each date as paid with no valid pixels', async () => {
    fixture.sim.configure({ emptyImages: true });
    const run = scriptedPorts(fixture.client, { output: 'keep' }, { settings });
    const result = await downloadSeries(run.ports, FIELD, {
      ...profile,
      dates: ['2026-11-04', '2026-11-24'],
      outputDirectory: fixture.out,
      skipConfirmation: true,
    });
    assert.deepEqual(
      result.dates.map((d) => [d.date, d.status, d.validFraction]),
      [
        ['2026-11-04', 'done', 0],
        ['2026-11-24', 'done', 0],
      ],
    );
    assert.deepEqual(
      result.units.map((u) => u.validFraction),
      [0, 0],
    );
  });
});
