// The statistics against an independent reference: GDAL rasterises the same fields (centre and
// all-touched), PROJ reprojects them, numpy computes the figures; ours must agree to 1e-9, in UTM
// and in EPSG:4326, with INT16 and scaled UINT16 bands, nodata, holes, MultiPolygons, a field
// partly outside, one outside, one smaller than a pixel. Exact weights against shapely's areas.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeStats, coverageOf, measureOf, readFields } from '../../../src/stats/index';
import type { PixelRule, StatsRow } from '../../../src/stats/index';
import { fieldsFor, python, referenceStats, starRing, writeFields, makeImages } from './stats-fixture';
import { readFileSync } from 'node:fs';
import { gdalPixel } from '../fixtures/gdal';

const STATS = ['mean', 'median', 'std', 'min', 'max', 'p10', 'p25', 'p75', 'p90'] as const;

describe('stats: against rasterio + numpy', function () {
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'stats-ref-'));
    makeImages(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const cases: { image: string; size: [number, number]; indices: string[] }[] = [
    { image: 'utm-2024-05-01.tif', size: [200, 150], indices: ['ndvi', 'evi', 'B8'] },
    { image: 'geo.tif', size: [160, 120], indices: ['ndvi', 'B8'] },
    { image: 'index-20240701.tif', size: [160, 120], indices: ['[B8_B4]'] },
  ];
  for (const { image, size, indices } of cases) {
    for (const rule of ['centre', 'all-touched'] as const) {
      it(`${image}, ${rule}: ${indices.join(', ')} equal the reference to 1e-9`, async () => {
        const path = join(dir, image);
        const fieldsPath = join(dir, `${image}.geojson`);
        await writeFields(path, fieldsFor(...size), fieldsPath);
        const rows = await ours(fieldsPath, path, rule, indices);
        for (const index of indices) {
          const reference = referenceStats(path, fieldsPath, rule, index);
          for (const ref of reference) {
            const row = rows.find((r) => r.field === ref.field && r.index === measureOf(index).name);
            assert.ok(row, `a row for ${ref.field} ${index}`);
            const what = `${image} ${rule} ${index} field ${ref.field}`;
            assert.equal(row.valid_pixels, ref.valid_pixels, `${what}: valid pixels`);
            assert.equal(row.nodata_pixels, ref.nodata_pixels, `${what}: nodata pixels`);
            assert.equal(
              row.valid_fraction,
              ref.total > 0 ? ref.valid_pixels / ref.total : undefined,
              `${what}: valid fraction`,
            );
            for (const stat of STATS) {
              if (ref[stat] === undefined) assert.equal(row[stat], undefined, `${what}: ${stat} is empty`);
              else
                assert.ok(
                  Math.abs((row[stat] as number) - (ref[stat] as number)) <= 1e-9,
                  `${what}: ${stat} ${row[stat]} vs ${ref[stat]}`,
                );
            }
          }
        }
        // The cases the fixture means to cover are covered.
        const of = (id: string): StatsRow =>
          rows.find((r) => r.field === id && r.index === measureOf(indices[0] as string).name) as StatsRow;
        assert.equal(
          of('tiny').valid_pixels,
          rule === 'centre' ? 0 : 1,
          'a field smaller than a pixel: no centre pixel, one touched',
        );
        assert.equal(of('outside').valid_pixels, 0);
        assert.ok(
          (of('edge').valid_fraction as number) > 0.2 && (of('edge').valid_fraction as number) < 0.8,
          'the edge field is partly outside',
        );
        assert.ok(of('nodata').nodata_pixels > 0 || image !== 'utm-2024-05-01.tif', 'the nodata field meets nodata');
      });
    }
  }

  it('a sub-pixel field: no centre pixel (count 0, no values, no error), a value under exact', async () => {
    const path = join(dir, 'utm-2024-05-01.tif');
    const fieldsPath = join(dir, 'tiny.geojson');
    await writeFields(
      path,
      fieldsFor(200, 150).filter((f) => f.id === 'tiny'),
      fieldsPath,
    );
    const [centre] = await ours(fieldsPath, path, 'centre', ['B8']);
    assert.deepEqual(
      [centre?.valid_pixels, centre?.nodata_pixels, centre?.valid_fraction, centre?.mean],
      [0, 0, undefined, undefined],
    );
    const [exact] = await ours(fieldsPath, path, 'exact', ['B8']);
    assert.ok(
      Math.abs((exact?.valid_pixels as number) - 0.09) < 1e-6,
      `0.3 × 0.3 of a pixel, got ${exact?.valid_pixels}`,
    );
    assert.equal(exact?.valid_fraction, 1);
    assert.equal(typeof exact?.mean, 'number');
  });

  it('exact weights equal shapely polygon ∩ pixel areas to 1e-9', () => {
    const polygons = [
      [starRing(5.3, 4.7, 4.1, 11)],
      [starRing(7.2, 6.6, 6.3, 12, 12), starRing(7.5, 6.1, 2.2, 13).reverse()],
      [
        [
          [0.2, 0.2],
          [3.7, 0.2],
          [3.7, 2.9],
          [0.2, 2.9],
          [0.2, 0.2],
        ],
      ],
      [
        [
          [1.25, 1.25],
          [1.55, 1.25],
          [1.55, 1.5],
          [1.25, 1.5],
          [1.25, 1.25],
        ],
      ],
      [
        [
          [0, 0],
          [4, 0],
          [4, 3],
          [0, 0],
        ],
      ],
    ];
    const file = join(dir, 'exact.json');
    writeFileSync(file, JSON.stringify(polygons));
    const reference = JSON.parse(python('exact', file)) as Record<string, number>[];
    polygons.forEach((polygon, p) => {
      const coverage = coverageOf([polygon], 'exact');
      const ref = reference[p] as Record<string, number>;
      for (let y = 0; y < coverage.height; y++) {
        for (let x = 0; x < coverage.width; x++) {
          const key = `${coverage.x0 + x},${coverage.y0 + y}`;
          const ours = coverage.weights[y * coverage.width + x] as number;
          assert.ok(Math.abs(ours - (ref[key] ?? 0)) <= 1e-9, `polygon ${p} pixel ${key}: ${ours} vs ${ref[key] ?? 0}`);
        }
      }
      const area = Object.values(ref).reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(coverage.total - area) <= 1e-9, `polygon ${p} total`);
    });
  });

  it('exact statistics weight each pixel by its share (a half-covered pixel counts half)', async () => {
    const path = join(dir, 'geo.tif');
    const fieldsPath = join(dir, 'half.geojson');
    // On the EPSG:4326 image (a linear grid, no projection to round through): pixel (100, 60) whole and the left half of (101, 60).
    await writeFields(
      path,
      [
        {
          id: 'half',
          polygons: [
            [
              [
                [100, 60],
                [101.5, 60],
                [101.5, 61],
                [100, 61],
                [100, 60],
              ],
            ],
          ],
        },
      ],
      fieldsPath,
    );
    const [row] = await ours(fieldsPath, path, 'exact', ['B8']);
    assert.ok(Math.abs((row?.valid_pixels as number) - 1.5) < 1e-6, `1.5 pixels, got ${row?.valid_pixels}`);
    // The two pixels as GDAL reads them, in the file's SCALE 0.0002 and OFFSET 0.05.
    const [a, b] = [gdalPixel(path, 100, 60)[1], gdalPixel(path, 101, 60)[1]].map(
      (raw) => (raw as number) * 0.0002 + 0.05,
    ) as [number, number];
    assert.equal(row?.min, Math.min(a, b));
    assert.equal(row?.max, Math.max(a, b));
    assert.ok(Math.abs((row?.mean as number) - (a + b * 0.5) / 1.5) < 1e-9, `${row?.mean} vs ${(a + b * 0.5) / 1.5}`);
    const mean = (a + b * 0.5) / 1.5;
    assert.ok(
      Math.abs((row?.std as number) - Math.sqrt(((a - mean) ** 2 + 0.5 * (b - mean) ** 2) / 1.5)) < 1e-9,
      'weighted population std',
    );
  });

  async function ours(
    fieldsPath: string,
    image: string,
    rule: PixelRule,
    indices: string[],
    write?: Parameters<typeof writeFields>[1],
  ): Promise<StatsRow[]> {
    if (write) await writeFields(image, write, fieldsPath);
    const fields = readFields(readFileSync(fieldsPath, 'utf8'), fieldsPath, 'geojson');
    const result = await computeStats({
      fields,
      images: [{ path: image }],
      measures: indices.map((i) => measureOf(i)),
      rule,
      imageLabel: (p) => p,
    });
    assert.deepEqual(result.failures, []);
    return result.rows;
  }
});
