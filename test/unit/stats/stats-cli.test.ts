// `sat-imagery stats` as a process: CSV on stdout (RFC 4180, the columns, ISO dates),
// --csv read back by GDAL's CSV driver (ogrinfo), a damaged image named with exit 1 and the rest
// written, usage and geometry errors with their exit codes; and the incremental rerun: one more
// date computes only that date, and the table is byte-identical to a full recompute.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COLUMNS } from '../../../src/stats/index';
import { buildCli, jsonOf, notesOf, runCli } from '../fixtures/cli-helpers';
import { fieldsFor, makeImages, writeFields } from './stats-fixture';

describe('stats: the command line', function () {
  this.timeout(120_000);
  let dir: string;
  let fields: string;
  before(async () => {
    buildCli();
    dir = mkdtempSync(join(tmpdir(), 'stats-cli-'));
    makeImages(dir);
    fields = join(dir, 'fields.geojson');
    await writeFields(join(dir, 'utm-2024-05-01.tif'), fieldsFor(200, 150), fields);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  // The row cache goes to the scratch folder's cache, not the user's.
  const stats = (...args: string[]) =>
    runCli(['stats', ...args], { cwd: dir, env: { XDG_CACHE_HOME: join(dir, '.cache') } });
  /** The first image's values 0–10000 rescaled by GDAL to `to`, written as another date. */
  const rescaled = (path: string, to: [number, number], ...options: string[]) =>
    execFileSync('gdal_translate', [
      '-q',
      ...options,
      '-scale',
      '0',
      '10000',
      ...to.map(String),
      join(dir, 'utm-2024-05-01.tif'),
      path,
    ]);

  it('writes CSV to standard output: the columns, CRLF, ISO dates, one row per field, date and index', async () => {
    const run = await stats(fields, 'utm-2024-05-01.tif', 'geo.tif', '--index', 'ndvi,B8');
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\r\n');
    assert.equal(lines[0], COLUMNS.join(','));
    assert.equal(
      lines[0],
      'field,date,index,mean,median,std,min,max,p10,p25,p75,p90,valid_pixels,nodata_pixels,valid_fraction,image',
    );
    assert.equal(lines.at(-1), '', 'the last record ends with CRLF too');
    assert.equal(lines.length - 2, 7 * 2 * 2);
    assert.ok(
      lines.slice(1, -1).every((l) => /^[a-z]+,\d{4}-\d{2}-\d{2},(ndvi|B8),/.test(l)),
      lines.join('\n'),
    );
    assert.ok(!run.stdout.replace(/\r\n/g, '').includes('\n'), 'no bare LF');
    assert.match(run.stdout, /^star,2024-05-01,ndvi,-?0\.\d+,/m);
    assert.match(run.stdout, /^outside,2024-05-01,ndvi,,,,,,,,,,0,0,0,utm-2024-05-01\.tif\r$/m);
  });

  it('an index named twice (ndvi,NDVI; B8,b8) is one index: one row per field, date and index', async () => {
    const run = await stats(fields, 'utm-2024-05-01.tif', '--index', 'ndvi,NDVI,B8,b8');
    assert.equal(run.code, 0, run.stderr);
    const keys = run.stdout
      .split('\r\n')
      .slice(1, -1)
      .map((l) => l.split(',').slice(0, 3).join(','));
    assert.equal(keys.length, 7 * 2);
    assert.equal(new Set(keys).size, keys.length);
  });

  it('--csv: GDAL reads the file back with its numbers, dates and a quoted id', async () => {
    const idFields = join(dir, 'ids.geojson');
    const json = JSON.parse(readFileSync(fields, 'utf8')) as { features: { properties: { id: string } }[] };
    json.features[0]!.properties.id = 'field "one", north';
    writeFileSync(idFields, JSON.stringify(json));
    const run = await stats(idFields, 'utm-2024-05-01.tif', '--csv', 'table.csv', '--rule', 'exact');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    const info = execFileSync('ogrinfo', ['-al', '-oo', 'AUTODETECT_TYPE=YES', join(dir, 'table.csv')], {
      encoding: 'utf8',
    });
    assert.match(info, /Feature Count: 7/);
    assert.match(info, /date: Date/);
    assert.match(info, /mean: Real/);
    assert.match(info, /field \(String\) = field "one", north/);
    assert.match(info, /date \(Date\) = 2024\/05\/01/);
  });

  it('a damaged image: named on stderr with the reason, exit 1, the other dates written', async () => {
    const broken = join(dir, 'broken-2024-05-09.tif');
    copyFileSync(join(dir, 'utm-2024-05-01.tif'), broken);
    truncateSync(broken, 30_000);
    const run = await stats(fields, 'utm-2024-05-01.tif', broken, '--json');
    assert.equal(run.code, 1);
    // The image named once, as the table names it, then what is wrong with it.
    assert.match(run.stderr, /^sat-imagery: broken-2024-05-09\.tif is truncated or damaged: /m);
    assert.equal(run.stderr.split('broken-2024-05-09.tif').length - 1, 1, run.stderr);
    const result = jsonOf<{ rows: { date: string }[]; failures: { image: string }[] }>(run);
    assert.equal(result.rows.length, 7);
    assert.deepEqual(
      result.failures.map((f) => f.image),
      ['broken-2024-05-09.tif'],
    );
    // The summary counts what was read, what came from the cache and what failed.
    const summary = async () =>
      notesOf((await stats(fields, 'utm-2024-05-01.tif', broken, '--csv', 'damaged.csv')).stderr).at(-1);
    assert.equal(await summary(), '7 rows written to damaged.csv (1 image read, 1 could not be measured).');
    assert.equal(
      await summary(),
      '7 rows written to damaged.csv (0 images read, 1 from the cache, 1 could not be measured).',
    );
  });

  it('usage and geometry errors', async () => {
    assert.equal((await stats(fields, 'geo.tif', '--index', 'ndvi', '--expression', 'B8')).code, 2);
    const rule = await stats(fields, 'geo.tif', '--rule', 'middle');
    assert.equal(rule.code, 2);
    assert.match(rule.stderr, /--rule must be one of centre, all-touched, exact/);
    assert.equal((await stats(fields)).code, 2);
    const bad = join(dir, 'bad.geojson');
    writeFileSync(bad, '{"type":"Polygon","coordinates":[[[15,45],[15.1,45],[15.1,45.1],[15,45.1]]]}');
    const geometry = await stats(bad, 'geo.tif');
    assert.equal(geometry.code, 3);
    assert.match(geometry.stderr, /bad\.geojson:1:\d+: error: .*not closed/);
  });

  it('an input it refuses (two fields with one id, an image that is not there) is said in one line, no stack trace', async () => {
    const twice = join(dir, 'twice.geojson');
    const json = JSON.parse(readFileSync(fields, 'utf8')) as { features: { properties: { id: string } }[] };
    json.features[1]!.properties.id = json.features[0]!.properties.id;
    writeFileSync(twice, JSON.stringify(json));
    const duplicated = await stats(twice, 'utm-2024-05-01.tif');
    assert.equal(duplicated.code, 1);
    assert.equal(
      duplicated.stderr,
      `sat-imagery: ${twice}: two fields have the id 'star'; each field needs its own.\n`,
    );
    const missing = await stats(fields, 'no-such-2024-05-01.tif');
    assert.equal(missing.code, 1);
    assert.equal(missing.stderr, 'sat-imagery: Cannot read no-such-2024-05-01.tif: ENOENT.\n');
  });

  it('a table that could not be written is said before any image is read (exit 10), and nothing is written', async () => {
    writeFileSync(join(dir, 'damaged-2024-05-02.tif'), 'not a TIFF');
    try {
      for (const [table, why] of [
        ['no-such-folder/out.csv', 'the folder does not exist (ENOENT)'],
        ['fields.geojson/out.parquet', 'a part of the path is not a folder (ENOTDIR)'],
      ] as const) {
        const flag = table.endsWith('.csv') ? '--csv' : '--parquet';
        const run = await stats(fields, 'damaged-2024-05-02.tif', 'utm-2024-05-01.tif', flag, table);
        assert.equal(run.code, 10, run.stderr);
        assert.equal(run.stderr.trim(), `sat-imagery: Could not write ${join(dir, table)}: ${why}. Check the path.`);
        assert.equal(run.stdout, '');
      }
      // The table's row cache is written too, in the user's cache folder: a link there is refused
      // before any image is read, and neither the table nor the link's target is touched.
      const target = join(dir, 'cache-target.json');
      writeFileSync(target, 'kept');
      const cacheFolder = join(dir, '.cache', 'sat-imagery', 'stats');
      mkdirSync(cacheFolder, { recursive: true, mode: 0o700 });
      const cacheName = `${createHash('sha256').update(join(dir, 'linked.csv')).digest('hex')}.json`;
      symlinkSync(target, join(cacheFolder, cacheName));
      const linked = await stats(fields, 'damaged-2024-05-02.tif', 'utm-2024-05-01.tif', '--csv', 'linked.csv');
      assert.equal(linked.code, 10, linked.stderr);
      assert.ok(
        linked.stderr.startsWith(
          `sat-imagery: Could not write ${join(cacheFolder, cacheName)}: it is a symbolic link, and it is left as it is.`,
        ),
        linked.stderr,
      );
      assert.doesNotMatch(linked.stderr, /damaged/, 'no image was read');
      assert.equal(existsSync(join(dir, 'linked.csv')), false);
      assert.equal(readFileSync(target, 'utf8'), 'kept');
    } finally {
      rmSync(join(dir, 'damaged-2024-05-02.tif'));
    }
  });

  it('a rerun after one more date reads only that image; the table is byte-identical to a full recompute', async () => {
    const series = join(dir, 'series');
    mkdirSync(series);
    copyFileSync(join(dir, 'utm-2024-05-01.tif'), join(series, 'a-2024-05-01.tif'));
    rescaled(join(series, 'b-2024-05-11.tif'), [100, 9000], '-co', 'TILED=YES', '-co', 'COMPRESS=DEFLATE');
    const first = await stats(fields, 'series', '--csv', 'series.csv', '--index', 'ndvi,evi', '--json');
    assert.equal(first.code, 0, first.stderr);
    assert.equal(jsonOf<{ measured: number }>(first).measured, 2);
    rescaled(join(series, 'c-2024-05-21.tif'), [500, 8000]);
    const again = await stats(fields, 'series', '--csv', 'series.csv', '--index', 'ndvi,evi', '--json');
    assert.deepEqual(
      (({ measured, cached }) => ({ measured, cached }))(jsonOf<{ measured: number; cached: number }>(again)),
      { measured: 1, cached: 2 },
      'only the new date is read',
    );
    const full = await stats(fields, 'series', '--csv', 'full.csv', '--index', 'ndvi,evi', '--json');
    assert.equal(jsonOf<{ measured: number }>(full).measured, 3);
    const incremental = readFileSync(join(dir, 'series.csv'));
    assert.ok(incremental.equals(readFileSync(join(dir, 'full.csv'))), 'byte-identical');
    assert.equal(incremental.toString().split('\r\n').length - 2, 7 * 3 * 2);
    // A changed image (same name, other content) and a moved field are computed again.
    rescaled(join(series, 'b-2024-05-11.tif.new'), [0, 5000], '-of', 'GTiff');
    execFileSync('mv', [join(series, 'b-2024-05-11.tif.new'), join(series, 'b-2024-05-11.tif')]);
    const changed = await stats(fields, 'series', '--csv', 'series.csv', '--index', 'ndvi,evi', '--json');
    assert.equal(jsonOf<{ measured: number }>(changed).measured, 1);
    assert.notDeepEqual(readFileSync(join(dir, 'series.csv')), incremental);
  });

  it('images touched or copied since the last run (new file identities, same content) take their rows from the cache: the same bytes', async () => {
    const series = join(dir, 'touched');
    mkdirSync(series);
    copyFileSync(join(dir, 'utm-2024-05-01.tif'), join(series, 'a-2024-05-01.tif'));
    rescaled(join(series, 'b-2024-05-11.tif'), [100, 9000], '-co', 'TILED=YES', '-co', 'COMPRESS=DEFLATE');
    const first = await stats(fields, 'touched', '--csv', 'touched.csv', '--json');
    assert.equal(first.code, 0, first.stderr);
    assert.equal(jsonOf<{ measured: number }>(first).measured, 2);
    const table = readFileSync(join(dir, 'touched.csv'));
    execFileSync('touch', [join(series, 'a-2024-05-01.tif'), join(series, 'b-2024-05-11.tif')]);
    copyFileSync(join(series, 'b-2024-05-11.tif'), join(series, 'b-2024-05-11.tif.copy'));
    execFileSync('mv', [join(series, 'b-2024-05-11.tif.copy'), join(series, 'b-2024-05-11.tif')]);
    const again = await stats(fields, 'touched', '--csv', 'touched.csv', '--json');
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(
      (({ measured, cached }) => ({ measured, cached }))(jsonOf<{ measured: number; cached: number }>(again)),
      { measured: 0, cached: 2 },
      'hashed again, and every row found under the same content',
    );
    assert.ok(readFileSync(join(dir, 'touched.csv')).equals(table), 'byte-identical');
    // Copied to a folder the cache has never seen: measured while hashed, the measuring given up
    // once the hash finds every row.
    const copy = join(dir, 'touched-copy');
    mkdirSync(copy);
    for (const name of ['a-2024-05-01.tif', 'b-2024-05-11.tif']) copyFileSync(join(series, name), join(copy, name));
    const copied = await stats(fields, 'touched-copy', '--csv', 'touched.csv', '--json');
    assert.equal(copied.code, 0, copied.stderr);
    assert.deepEqual(
      (({ measured, cached }) => ({ measured, cached }))(jsonOf<{ measured: number; cached: number }>(copied)),
      { measured: 0, cached: 2 },
    );
    const withoutImage = (csv: Buffer) =>
      csv
        .toString()
        .split('\r\n')
        .map((line) => line.split(',').slice(0, -1).join(','));
    assert.deepEqual(withoutImage(readFileSync(join(dir, 'touched.csv'))), withoutImage(table));
  });

  /** The Parquet of `expression` written fresh, then again with every row from the cache: the same bytes. */
  const parquetTwice = async (name: string, expression: string) => {
    const args = ['--expression', expression];
    const first = await stats(fields, 'utm-2024-05-01.tif', '--parquet', name, ...args, '--json');
    assert.equal(first.code, 0, first.stderr);
    assert.equal(jsonOf<{ measured: number }>(first).measured, 1);
    const full = readFileSync(join(dir, name));
    const again = await stats(fields, 'utm-2024-05-01.tif', '--parquet', name, ...args, '--json');
    assert.equal(jsonOf<{ measured: number }>(again).measured, 0, 'every row from the cache');
    assert.ok(readFileSync(join(dir, name)).equals(full), 'byte-identical');
  };

  it('a statistic beyond a double (a mean that overflows) is empty in a rerun as in the full run: the same Parquet bytes', async () => {
    await parquetTwice('huge.parquet', 'B8*1e307');
    const csv = await stats(fields, 'utm-2024-05-01.tif', '--expression', 'B8*1e307');
    assert.match(csv.stdout, /^star,2024-05-01,B8\*1e307,,-?\d/m, 'the mean is empty, the median a number');
  });

  it('a negated zero (−0) is 0 in a fresh row as in a cached one: the same Parquet bytes', async () => {
    await parquetTwice('zero.parquet', 'B8*0*-1');
  });

  it('a rerun after one more field and one more date: the old dates measure the new field alone, the new date every field, and the table is byte-identical to a full recompute', async () => {
    const series = join(dir, 'grown');
    mkdirSync(series);
    const grid = join(dir, 'utm-2024-05-01.tif');
    copyFileSync(grid, join(series, 'a-2024-05-01.tif'));
    const few = join(dir, 'few.geojson');
    const more = join(dir, 'more.geojson');
    const all = fieldsFor(200, 150);
    await writeFields(grid, all.slice(0, 3), few);
    await writeFields(grid, all.slice(0, 4), more);
    const first = await stats(few, 'grown', '--csv', 'grown.csv', '--json');
    assert.equal(first.code, 0, first.stderr);
    // Another date on the same grid: its coverages are those of the old date's grid.
    rescaled(join(series, 'b-2024-05-11.tif'), [100, 9000]);
    const grown = await stats(more, 'grown', '--csv', 'grown.csv', '--json');
    assert.equal(grown.code, 0, grown.stderr);
    const counted = jsonOf<{ measured: number; failures: unknown[] }>(grown);
    assert.deepEqual(counted.failures, []);
    assert.equal(counted.measured, 2, 'the old date for its new field, the new date for every field');
    const full = await stats(more, 'grown', '--csv', 'grown-full.csv', '--json');
    assert.equal(full.code, 0, full.stderr);
    const incremental = readFileSync(join(dir, 'grown.csv'));
    assert.ok(incremental.equals(readFileSync(join(dir, 'grown-full.csv'))), 'byte-identical');
    assert.equal(incremental.toString().split('\r\n').length - 2, 4 * 2);
  });
});
