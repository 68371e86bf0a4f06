// The table as GeoParquet, read back by DuckDB (a reader no one here wrote): the same rows as the
// CSV, the `geo` metadata of GeoParquet 1.1, and each field's geometry as WKB that shapely decodes
// to the field's own polygon.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { writeGeoParquet } from '../../../src/stats/geoparquet';
import { buildCli, runCli } from '../fixtures/cli-helpers';
import { fieldsFor, makeImages, writeFields } from './stats-fixture';

describe('stats: GeoParquet output', function () {
  this.timeout(120_000);
  let dir: string;
  before(async () => {
    buildCli();
    dir = mkdtempSync(join(tmpdir(), 'stats-parquet-'));
    makeImages(dir);
    const fields = fieldsFor(200, 150);
    await writeFields(join(dir, 'utm-2024-05-01.tif'), fields, join(dir, 'fields.geojson'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a table in another folder than the CSV names its images from its own folder', async () => {
    mkdirSync(join(dir, 'tables'), { recursive: true });
    mkdirSync(join(dir, 'deep', 'er'), { recursive: true });
    const run = await runCli(
      ['stats', 'fields.geojson', 'utm-2024-05-01.tif', '--csv', 'tables/t.csv', '--parquet', 'deep/er/t.parquet'],
      { cwd: dir, env: { XDG_CACHE_HOME: join(dir, '.cache') } },
    );
    assert.equal(run.code, 0, run.stderr);
    const csvImages = new Set(
      readFileSync(join(dir, 'tables', 't.csv'), 'utf8')
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',').at(-1)),
    );
    assert.deepEqual([...csvImages], ['../utm-2024-05-01.tif']);
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    const file = join(dir, 'deep', 'er', 't.parquet').replace(/'/g, "''");
    const images = (
      await connection.runAndReadAll(`select distinct image from read_parquet('${file}')`)
    ).getRowObjects();
    assert.deepEqual(
      images.map((r) => r.image),
      ['../../utm-2024-05-01.tif'],
    );
  });

  it('DuckDB reads the rows, the geo metadata and the WKB geometry', async () => {
    const run = await runCli(
      [
        'stats',
        'fields.geojson',
        'utm-2024-05-01.tif',
        'geo.tif',
        '--index',
        'ndvi,B8',
        '--csv',
        'out.csv',
        '--parquet',
        'out.parquet',
      ],
      { cwd: dir, env: { XDG_CACHE_HOME: join(dir, '.cache') } },
    );
    assert.equal(run.code, 0, run.stderr);
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    const file = join(dir, 'out.parquet').replace(/'/g, "''");
    // DuckDB itself takes the column for a geometry in longitude/latitude from the geo metadata.
    const types = (
      await connection.runAndReadAll(
        `select column_name, column_type from (describe select * from read_parquet('${file}'))`,
      )
    ).getRowObjects();
    assert.equal(String(types.find((t) => t.column_name === 'geometry')?.column_type), "GEOMETRY('OGC:CRS84')");
    assert.equal(String(types.find((t) => t.column_name === 'mean')?.column_type), 'DOUBLE');
    // The WKB itself, as stored.
    await connection.run('set enable_geoparquet_conversion = false');
    const rows = (
      await connection.runAndReadAll(`select * exclude (geometry), hex(geometry) as wkb from read_parquet('${file}')`)
    ).getRowObjects();
    const csv = readFileSync(join(dir, 'out.csv'), 'utf8').split('\r\n').slice(1, -1);
    assert.equal(rows.length, csv.length);
    assert.equal(rows.length, 7 * 2 * 2);
    rows.forEach((row, i) => {
      const cells = (csv[i] as string).split(',');
      assert.equal(row.field, cells[0]);
      assert.equal(row.date, cells[1]);
      assert.equal(row.index, cells[2]);
      assert.equal(row.mean === null ? '' : String(row.mean), cells[3], `row ${i} mean`);
      assert.equal(String(row.valid_pixels), cells[12]);
      assert.equal(row.image, cells[15]);
    });
    const kv = (
      await connection.runAndReadAll(
        `select decode(key) as key, decode(value) as value from parquet_kv_metadata('${file}')`,
      )
    ).getRowObjects();
    const geo = JSON.parse(String(kv.find((k) => k.key === 'geo')?.value)) as {
      version: string;
      primary_column: string;
      columns: Record<string, { encoding: string; geometry_types: string[]; bbox: number[] }>;
    };
    assert.equal(geo.primary_column, 'geometry');
    assert.equal(geo.columns.geometry?.encoding, 'WKB');
    assert.deepEqual(geo.columns.geometry?.geometry_types, ['MultiPolygon', 'Polygon']);
    assert.equal(geo.columns.geometry?.bbox.length, 4);
    // shapely decodes the WKB of the 'multi' field to a MultiPolygon of two parts with the file's coordinates.
    const multi = rows.find((r) => r.field === 'multi');
    const wkt = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        'import shapely.wkb,sys; g=shapely.wkb.loads(bytes.fromhex(sys.argv[1])); print(g.geom_type, len(g.geoms), g.is_valid)',
        String(multi?.wkb),
      ],
      { encoding: 'utf8' },
    );
    assert.equal(wkt.trim(), 'MultiPolygon 2 True');
    const holed = rows.find((r) => r.field === 'holed');
    const first = JSON.parse(readFileSync(join(dir, 'fields.geojson'), 'utf8')).features[1].geometry
      .coordinates[0][0] as number[];
    const read = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        'import shapely.wkb,sys; g=shapely.wkb.loads(bytes.fromhex(sys.argv[1])); print(len(g.interiors), repr(g.exterior.coords[0][0]), repr(g.exterior.coords[0][1]))',
        String(holed?.wkb),
      ],
      { encoding: 'utf8' },
    );
    assert.equal(read.trim(), `1 ${first[0]} ${first[1]}`);
    connection.closeSync();
  });

  it('a field drawn with heights, on all its positions or some, is stored in two dimensions, as geo says', async () => {
    // The reader takes positions of 3 numbers and more; the WKB was written with the most any
    // position had: a 'Polygon Z' under geometry_types 'Polygon', and a mix failed the whole file.
    const field = (id: string, ring: number[][]) => ({ id, polygons: [[ring]], hash: id });
    const fields = [
      field('z', [
        [15, 45, 100],
        [15.1, 45, 100],
        [15.1, 45.1, 100],
        [15, 45, 100],
      ]),
      field('mixed', [
        [16, 45],
        [16.1, 45, 5],
        [16.1, 45.1],
        [16, 45],
      ]),
    ];
    const rows = fields.map((f) => ({
      field: f.id,
      date: '2024-05-01',
      index: 'ndvi',
      valid_pixels: 0,
      nodata_pixels: 0,
      valid_fraction: undefined,
      image: 'a.tif',
    }));
    const path = join(dir, 'heights.parquet');
    await writeGeoParquet(path, rows, fields);
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    await connection.run('set enable_geoparquet_conversion = false');
    const read = (
      await connection.runAndReadAll(`select field, hex(geometry) as wkb from read_parquet('${path}')`)
    ).getRowObjects();
    connection.closeSync();
    // Little-endian, type 3 (Polygon, XY), one ring of four positions of two doubles.
    assert.deepEqual(
      read.map((r) => [r.field, String(r.wkb).slice(0, 26), String(r.wkb).length]),
      fields.map((f) => [f.id, '01030000000100000004000000', 2 * (1 + 4 + 4 + 4 + 4 * 16)]),
    );
  });
});
