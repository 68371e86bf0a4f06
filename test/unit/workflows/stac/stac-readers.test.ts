// A time series folder read by other tools without patching: GDAL's STACIT driver opens its Items,
// and a rasterio script (test/stac/check_collection.py, Debian's python3-rasterio) follows
// collection.json to each Item and each asset by its href and checks the projection, raster, eo
// and file fields against the file. The Items are also checked against the raster core's reading.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { RasterFile } from '../../../../src/raster/index';
import { findAvailableDates } from '../../../../src/workflows/dates/find-dates-workflow';
import type { DownloadSeriesOptions } from '../../../../src/workflows/series/series-types';
import { downloadSeries } from '../../../../src/workflows/series/series-workflow';
import { ITEM_COLLECTION_NAME, sidecarPath } from '../../../../src/files/stac-names';
import {
  COLLECTION_FILE_NAME,
  FILE_EXTENSION,
  PROJECTION_EXTENSION,
  RASTER_EXTENSION,
} from '../../../../src/workflows/stac/stac-item';
import type { StacItem } from '../../../../src/workflows/stac/stac-item';
import { epsgOf, gdalinfo, gdalinfoStacItems } from '../../fixtures/gdal';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

const ROOT = join(__dirname, '..', '..', '..', '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'stac');
const CHECK = join(ROOT, 'test', 'stac', 'check_collection.py');
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
const validateItem = ajv.compile(
  JSON.parse(readFileSync(join(FIXTURES, 'item-1.0-core.schema.json'), 'utf8')) as object,
);
const validateCollection = ajv.compile(
  JSON.parse(readFileSync(join(FIXTURES, 'collection-1.0-core.schema.json'), 'utf8')) as object,
);

const FIELD = {
  name: 'field.wkt',
  text: 'POLYGON((10.1 56.05, 10.13 56.05, 10.13 56.07, 10.1 56.07, 10.1 56.05))',
  format: 'wkt' as const,
};
const BANDS = 'B2,B3,B4,B8,B11,B12,[B8_B4]';
const COMMON = ['blue', 'green', 'red', 'nir', 'swir16', 'swir22', undefined];

interface CheckReport {
  id: string;
  license: string;
  assets: { file: string; epsg: number; shape: [number, number]; transform: number[]; bands: number }[];
  errors: string[];
}

/** Runs the rasterio script on Debian's Python; a missing rasterio fails with what to install.
 * `pythonFlags`: `-S` hides Debian's packages, as on a machine without python3-rasterio. */
function checkCollection(path: string, pythonFlags: string[] = []): { status: number; report: CheckReport } {
  try {
    return {
      status: 0,
      report: JSON.parse(
        execFileSync('/usr/bin/python3', [...pythonFlags, CHECK, path], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      ) as CheckReport,
    };
  } catch (error) {
    const failed = error as { status?: number; stdout?: string; stderr?: string; code?: string };
    if (failed.code === 'ENOENT')
      throw new Error(
        "/usr/bin/python3 is missing: the STAC reader test needs Debian's python3 and python3-rasterio (bash scripts/install-test-host.sh).",
      );
    if (/No module named/.test(String(failed.stderr)))
      throw new Error(
        `The STAC reader test needs Debian's python3-rasterio (bash scripts/install-test-host.sh): ${failed.stderr}`,
      );
    if (failed.status === 1 && failed.stdout) return { status: 1, report: JSON.parse(failed.stdout) as CheckReport };
    throw error;
  }
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

describe('STAC: a series folder read by GDAL (STACIT) and rasterio', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'stac-readers-',
  });
  let dates: string[];
  const options = (extra: DownloadSeriesOptions): DownloadSeriesOptions => ({
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    epsgProjection: 32632,
    resolution: 80,
    bandnames: BANDS,
    outputDirectory: fixture.out,
    ...extra,
  });

  before(async () => {
    const found = await findAvailableDates(scriptedPorts(fixture.client, { output: 'keep' }).ports, FIELD, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    dates = [...found.coverage!.full].sort().slice(-3);
    assert.equal(dates.length, 3, 'the simulator has three whole-area dates');
  });

  it('collection.json lists every date of two runs; each Item and asset agrees with its file for the raster core, rasterio and GDAL', async () => {
    const first = await downloadSeries(
      scriptedPorts(fixture.client, { output: 'keep' }).ports,
      FIELD,
      options({ dates: dates.slice(0, 2) }),
    );
    assert.equal(first.outcome, 'completed');
    assert.equal(first.collection, join(fixture.out, COLLECTION_FILE_NAME));
    const second = await downloadSeries(
      scriptedPorts(fixture.client, { output: 'keep' }).ports,
      FIELD,
      options({ dates: dates.slice(2) }),
    );
    assert.equal(second.outcome, 'completed');
    const files = [...first.files, ...second.files].sort();
    assert.equal(files.length, 3);

    // Kept up to date: the second run added its date to the first run's two.
    const collection = readJson<{
      id: string;
      license: string;
      links: { rel: string; href: string }[];
      extent: { temporal: { interval: string[][] } };
      stac_extensions: string[];
    }>(join(fixture.out, COLLECTION_FILE_NAME));
    assert.ok(validateCollection(collection), JSON.stringify(validateCollection.errors));
    assert.deepEqual(
      collection.links.filter((l) => l.rel === 'item').map((l) => l.href),
      files.map((f) => `./${sidecarPath(f).split('/').pop()!}`),
    );
    assert.deepEqual(collection.extent.temporal.interval, [[`${dates[0]}T00:00:00Z`, `${dates[2]}T00:00:00Z`]]);

    // Every Item's fields, structurally and against the raster core's reading of its file.
    for (const file of files) {
      const item = readJson<StacItem>(sidecarPath(file));
      assert.ok(validateItem(item), JSON.stringify(validateItem.errors));
      assert.equal(item.collection, collection.id);
      assert.ok(
        [PROJECTION_EXTENSION, RASTER_EXTENSION, FILE_EXTENSION].every((e) => item.stac_extensions.includes(e)),
        item.stac_extensions.join(' '),
      );
      const asset = item.assets.image!;
      const raster = await RasterFile.open(file);
      const m = raster.metadata;
      await raster.close();
      assert.equal(m.epsg, 32632);
      assert.deepEqual(
        [item.properties['proj:code'], item.properties['proj:epsg'], asset['proj:code'], asset['proj:epsg']],
        ['EPSG:32632', 32632, 'EPSG:32632', 32632],
      );
      assert.deepEqual(asset['proj:shape'], [m.height, m.width]);
      assert.deepEqual(asset['proj:transform'], [m.resolution[0], 0, m.origin[0], 0, -m.resolution[1], m.origin[1]]);
      const bands = asset['raster:bands'] as { data_type: string; nodata: number; scale: number; offset: number }[];
      assert.deepEqual(
        bands.map((b) => [b.data_type, b.nodata, b.scale, b.offset]),
        m.values.map((v) => ['int16', -32768, v.scale, v.offset]),
      );
      assert.deepEqual(
        bands.map((b) => b.scale),
        [...Array(6).fill(1 / 10000), 1 / 32767],
        'reflectance × 10000, the index × 32767',
      );
      const eo = asset['eo:bands'] as { name: string; common_name?: string }[];
      assert.deepEqual(
        eo.map((b) => b.name),
        m.bandNames,
      );
      assert.deepEqual(
        eo.map((b) => b.common_name),
        COMMON,
      );
      const bytes = readFileSync(file);
      assert.equal(asset['file:size'], bytes.length);
      assert.equal(asset['file:checksum'], `1220${createHash('sha256').update(bytes).digest('hex')}`);
    }

    // rasterio, from collection.json through each Item to each asset by its href.
    const checked = checkCollection(join(fixture.out, COLLECTION_FILE_NAME));
    assert.deepEqual(checked.report.errors, []);
    assert.equal(checked.status, 0);
    assert.deepEqual(
      checked.report.assets.map((a) => a.file).sort(),
      files.map((f) => f.split('/').pop()),
    );
    assert.ok(checked.report.assets.every((a) => a.epsg === 32632 && a.bands === 7));
    assert.equal(checked.report.license, 'other');

    // GDAL's STACIT driver (3.6 opens an ItemCollection, not a Collection: "Missing features")
    // mosaics the folder's ItemCollection, which lists the Collection's dates, by the Items' proj:*
    // fields (run in the folder: GDAL 3.6 resolves relative hrefs from its working directory).
    assert.equal(second.itemCollection, join(fixture.out, ITEM_COLLECTION_NAME));
    const mosaic = gdalinfoStacItems(fixture.out, ITEM_COLLECTION_NAME);
    assert.deepEqual(
      mosaic.files.map((f) => f.replace(/^\.\//, '')).sort(),
      files.map((f) => f.split('/').pop()),
    );
    const one = gdalinfo(second.files[0]!);
    assert.equal(epsgOf(mosaic), 32632);
    assert.equal(epsgOf(one), 32632);
    assert.deepEqual(mosaic.geoTransform, one.geoTransform);
    assert.deepEqual(mosaic.size, one.size);
    assert.deepEqual(
      mosaic.bands.map((b) => b.type),
      Array(7).fill('Int16'),
    );
  });

  it('a date bought by an earlier version gets its Item brought up to date on a rerun, with nothing billed again', async () => {
    const run = await downloadSeries(
      scriptedPorts(fixture.client, { output: 'keep' }).ports,
      FIELD,
      options({ dates: dates.slice(0, 1) }),
    );
    const itemPath = sidecarPath(run.files[0]!);
    const item = readJson<StacItem>(itemPath);
    const { 'file:checksum': _sum, 'file:size': _size, 'proj:code': _code, ...older } = item.assets.image!;
    // As an earlier version wrote it: no file fields, no proj:code, no Collection.
    writeFileSync(itemPath, JSON.stringify({ ...item, collection: undefined, links: [], assets: { image: older } }));
    rmSync(join(fixture.out, COLLECTION_FILE_NAME));
    const billed = () => fixture.sim.requests.filter((r) => r.path === '/api/satelliteimages/process/composite').length;
    const before = billed();
    const rerun = await downloadSeries(
      scriptedPorts(fixture.client, { output: 'keep' }).ports,
      FIELD,
      options({ dates: dates.slice(0, 1) }),
    );
    assert.deepEqual(
      rerun.dates.map((d) => d.status),
      ['skipped'],
    );
    assert.equal(billed(), before, 'nothing billed again');
    const current = readJson<StacItem>(itemPath);
    assert.equal(current.collection, readJson<{ id: string }>(join(fixture.out, COLLECTION_FILE_NAME)).id);
    assert.equal(
      current.assets.image!['file:checksum'],
      `1220${createHash('sha256').update(readFileSync(run.files[0]!)).digest('hex')}`,
    );
    assert.deepEqual(checkCollection(join(fixture.out, COLLECTION_FILE_NAME)).report.errors, []);
  });

  it('the rasterio check fails, naming the field, when an Item disagrees with its file', async () => {
    const run = await downloadSeries(
      scriptedPorts(fixture.client, { output: 'keep' }).ports,
      FIELD,
      options({ dates: dates.slice(0, 1) }),
    );
    const itemPath = sidecarPath(run.files[0]!);
    const item = readJson<StacItem>(itemPath);
    const asset = item.assets.image!;
    const [rows, columns] = asset['proj:shape'] as [number, number];
    writeFileSync(
      itemPath,
      JSON.stringify({
        ...item,
        assets: {
          image: { ...asset, 'proj:shape': [rows + 1, columns], 'file:size': (asset['file:size'] as number) + 1 },
        },
      }),
    );
    const checked = checkCollection(join(fixture.out, COLLECTION_FILE_NAME));
    assert.equal(checked.status, 1);
    assert.equal(checked.report.errors.length, 2, checked.report.errors.join('\n'));
    assert.match(checked.report.errors[0]!, /proj:shape \[\d+, \d+\] but the file is/);
    assert.match(checked.report.errors[1]!, /file:size \d+ but the file has \d+ bytes/);
    // Without rasterio the check does not pass quietly: it fails and says what to install.
    assert.throws(
      () => checkCollection(join(fixture.out, COLLECTION_FILE_NAME), ['-S']),
      /needs Debian's python3-rasterio \(bash scripts\/install-test-host\.sh\)/,
    );
  });
});
