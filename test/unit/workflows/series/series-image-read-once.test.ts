// Each image a series buys is read once after it is saved: the one decimated view that gives its
// STAC Item the share of valid pixels also gives the share over the area and each of its fields
// (the purchase's notes), instead of a second read of the same file for the fields. Counted as the
// pixel reads (RasterFile.readWindow) of each bought image, against the simulator.
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { RasterFile } from '../../../../src/raster/open';
import { downloadSeries } from '../../../../src/workflows/series/series-workflow';
import { sidecarPath } from '../../../../src/files/stac-names';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';
import { TWO_FIELDS } from '../composite/two-fields';

const NOW = Date.UTC(2026, 5, 15, 12);
const DATES = ['2026-06-02', '2026-06-03'];

describe('series: a bought image is read once after it is saved', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true, seed: 7, clock: () => NOW, imageryEveryDay: true },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'series-read-once-',
  });
  const reads = new Map<string, number>();
  const paths = new WeakMap<RasterFile, string>();
  const open = RasterFile.open.bind(RasterFile);
  const read = RasterFile.prototype.readWindow;
  before(() => {
    RasterFile.open = async (path: string) => {
      const raster = await open(path);
      paths.set(raster, path);
      return raster;
    };
    RasterFile.prototype.readWindow = function (this: RasterFile, request) {
      const path = paths.get(this) ?? '?';
      reads.set(path, (reads.get(path) ?? 0) + 1);
      return read.call(this, request);
    };
  });
  after(() => {
    RasterFile.open = open;
    RasterFile.prototype.readWindow = read;
  });

  it('one pixel read per date gives the Item its valid share and the result each field’s', async () => {
    const run = scriptedPorts(fixture.client, { output: 'keep' }, { now: new Date(NOW) });
    const result = await downloadSeries(
      run.ports,
      { name: 'fields.geojson', text: TWO_FIELDS, format: 'geojson' },
      {
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        epsgProjection: 4326,
        resolution: 20,
        bandnames: 'rgb',
        dates: DATES,
        outputDirectory: fixture.out,
      },
    );
    const done = result.dates.filter((d) => d.status === 'done');
    assert.equal(done.length, DATES.length, JSON.stringify(result.dates));
    for (const date of done) {
      assert.equal(reads.get(date.file!), 1, `${date.date}: pixel reads of its image`);
      assert.deepEqual(
        date.coverage?.fields.map((f) => f.field),
        ['north', 'south'],
      );
      assert.ok(date.validFraction !== undefined && date.validFraction > 0, date.date);
      const item = JSON.parse(await readFile(sidecarPath(date.file!), 'utf8')) as {
        properties: Record<string, unknown>;
      };
      assert.ok(item.properties['sat-imagery:valid_percent'] !== undefined, 'the Item records its valid share');
    }
  });
});
