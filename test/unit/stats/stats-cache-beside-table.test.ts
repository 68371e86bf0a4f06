// A row cache that comes with the folder is never believed. A repository can ship
// `table.csv.stats-cache.json` beside its table with made-up means under the very keys its images
// hash to; `sat-imagery stats` reads no cache there (from an older version or from anyone), says
// so on stderr and in --json's notes, and computes every row from the images. Its own row cache
// is kept in the user's cache folder (XDG_CACHE_HOME here), owner-only, so a rerun with nothing
// changed still reads no image.
import * as assert from 'node:assert/strict';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { COLUMNS, RowCache, computeStats, listImages, measureOf, readFields } from '../../../src/stats/index';
import { buildCli, jsonOf, runCli } from '../fixtures/cli-helpers';
import { fieldsFor, makeImages, writeFields } from './stats-fixture';

/** What a forger writes for every row: a mean no image here has. */
const FORGED_MEAN = 0.4242;

interface StatsJson {
  rows: { mean?: number }[];
  measured: number;
  cached: number;
  notes?: string[];
}

describe('stats: a row cache beside the table is not read', function () {
  this.timeout(120_000);
  let dir: string;
  let fields: string;
  let series: string;
  const cacheHome = () => join(dir, 'user-cache');
  const stats = (...args: string[]) => runCli(['stats', ...args], { cwd: dir, env: { XDG_CACHE_HOME: cacheHome() } });

  before(async () => {
    buildCli();
    dir = mkdtempSync(join(tmpdir(), 'stats-cache-beside-'));
    const made = join(dir, 'made');
    mkdirSync(made);
    makeImages(made);
    fields = join(dir, 'fields.geojson');
    await writeFields(join(made, 'utm-2024-05-01.tif'), fieldsFor(200, 150), fields);
    series = join(dir, 'series');
    mkdirSync(series);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The images of two dates, copied afresh (new inodes and times, the same content). */
  const copyImagesAfresh = () => {
    for (const name of ['a-2024-05-01.tif', 'b-2024-05-11.tif']) {
      rmSync(join(series, name), { force: true });
      copyFileSync(join(dir, 'made', 'utm-2024-05-01.tif'), join(series, name));
    }
  };

  /** The cache a repository would ship: the true keys of these images (computed here, as its author
   * can), every mean replaced, and stamped with the CLI's own version. */
  const forgeCacheBeside = async (table: string, version: string): Promise<string> => {
    const path = `${table}.stats-cache.json`;
    const cache = await RowCache.load(undefined);
    await computeStats({
      fields: readFields(readFileSync(fields, 'utf8'), 'fields.geojson', 'auto'),
      images: await listImages([series]),
      measures: [measureOf('ndvi')],
      rule: 'centre',
      imageLabel: (image) => basename(image),
      cache,
    });
    await cache.save(path);
    const file = JSON.parse(readFileSync(path, 'utf8')) as {
      images: Record<string, Record<string, Record<string, unknown[]>>>;
    };
    const mean = COLUMNS.filter((c) => c !== 'image').indexOf('mean');
    for (const byIndex of Object.values(file.images))
      for (const byField of Object.values(byIndex))
        for (const cells of Object.values(byField)) if (typeof cells[mean] === 'number') cells[mean] = FORGED_MEAN;
    writeFileSync(path, JSON.stringify({ ...file, product: version }));
    return path;
  };

  it('computes every row from the images, notes the file it did not read, and reruns from the user cache', async () => {
    copyImagesAfresh();
    const version = (await runCli(['--version'])).stdout.trim();
    const forged = await forgeCacheBeside(join(dir, 'table.csv'), version);
    const forgedBytes = readFileSync(forged);
    copyImagesAfresh();
    const honest = await stats(fields, 'series', '--index', 'ndvi');
    assert.equal(honest.code, 0, honest.stderr);

    const first = await stats(fields, 'series', '--index', 'ndvi', '--csv', 'table.csv', '--json');
    assert.equal(first.code, 0, first.stderr);
    const report = jsonOf<StatsJson>(first);
    assert.deepEqual(
      { measured: report.measured, cached: report.cached },
      { measured: 2, cached: 0 },
      'every image read',
    );
    assert.ok(
      report.rows.some((row) => typeof row.mean === 'number'),
      'the fields have means',
    );
    assert.ok(!report.rows.some((row) => row.mean === FORGED_MEAN), 'no forged mean is printed');
    assert.equal(readFileSync(join(dir, 'table.csv'), 'utf8'), honest.stdout, 'the table is the images’ own');
    assert.ok(
      report.notes?.some((note) => note.includes(forged) && /not read/.test(note)),
      `--json notes the forged file: ${JSON.stringify(report.notes)}`,
    );
    assert.match(first.stderr, /table\.csv\.stats-cache\.json .*not read/);
    assert.ok(readFileSync(forged).equals(forgedBytes), 'the file beside the table is left as it was');

    // The user's cache folder is owner-only, its file too; nothing else is written beside the table.
    const folder = join(cacheHome(), 'sat-imagery');
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    const kept = readdirSync(join(folder, 'stats'));
    assert.equal(kept.length, 1, kept.join(', '));
    assert.equal(statSync(join(folder, 'stats', kept[0] as string)).mode & 0o777, 0o600);

    // Nothing changed: no image is read again, the same bytes are written, the note is said again.
    const again = await stats(fields, 'series', '--index', 'ndvi', '--csv', 'table.csv');
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /table\.csv\.stats-cache\.json .*not read/);
    assert.match(again.stderr, /\(0 images read, 2 from the cache\)/);
    assert.equal(readFileSync(join(dir, 'table.csv'), 'utf8'), honest.stdout);
  });
});
