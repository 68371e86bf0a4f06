// Each field's share of valid pixels, against GDAL: rasterio (GDAL, PROJ) writes an image with
// nodata where we know it, reprojects the same fields and rasterises them with GDAL's default rule
// (a pixel counts when its centre is inside), and numpy counts; ours must give the same fractions,
// for a field all in nodata, one partly in it, one with a hole, one of two parts, one partly off the
// image (its pixels off the image hold no data), the whole area and the whole image.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RasterFile, measureAreaValidity, pixelToLonLat } from '../../../src/raster/index';
import type { LonLatPolygon } from '../../../src/raster/index';

/** Debian's Python, which has rasterio. */
const PYTHON = '/usr/bin/python3';

const REFERENCE = `
import json, sys
import numpy as np
import rasterio
from rasterio.features import geometry_mask
from rasterio.transform import from_origin
from rasterio.warp import transform_geom

MARGIN = 64

def make(path):
    rng = np.random.default_rng(7)
    h, w = 150, 200
    data = rng.integers(1, 10000, size=(2, h, w), dtype=np.int16)
    data[:, 40:100, 0:60] = -32768                       # a block of nodata
    data[0, 100:120, 100:140] = -32768                   # band 1 alone: still valid
    speckle = rng.random((h, w)) < 0.3
    speckle[:, :120] = False
    data[:, speckle] = -32768                            # scattered nodata in the east
    with rasterio.open(path, "w", driver="GTiff", tiled=True, blockxsize=64, blockysize=64, compress="deflate",
                       width=w, height=h, count=2, dtype="int16", crs="EPSG:32633",
                       transform=from_origin(500000, 5000000, 10, 10), nodata=-32768) as dst:
        dst.write(data)

def shares(path, fields_path):
    with rasterio.open(path) as src:
        data = src.read()
        valid = np.any(data != src.nodata, axis=0)
        h, w = valid.shape
        t = src.transform
        # A grid larger than the image, so that a field's pixels off the image count (as nodata).
        big = rasterio.Affine(t.a, t.b, t.c - MARGIN * t.a, t.d, t.e, t.f - MARGIN * t.e)
        padded = np.zeros((h + 2 * MARGIN, w + 2 * MARGIN), dtype=bool)
        padded[MARGIN:MARGIN + h, MARGIN:MARGIN + w] = valid
        def share(geometries):
            inside = geometry_mask([transform_geom("EPSG:4326", src.crs, g) for g in geometries],
                                   out_shape=padded.shape, transform=big, invert=True, all_touched=False)
            return float(padded[inside].sum()) / float(inside.sum())
        fields = json.load(open(fields_path))["features"]
        out = {"image": float(valid.sum()) / valid.size, "area": share([f["geometry"] for f in fields]),
               "fields": {f["properties"]["id"]: share([f["geometry"]]) for f in fields}}
        print(json.dumps(out))

if sys.argv[1] == "make":
    make(sys.argv[2])
else:
    shares(sys.argv[2], sys.argv[3])
`;

function python(...args: string[]): string {
  return execFileSync(PYTHON, ['-c', REFERENCE, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Polygons drawn in the image's pixels (column, row), off pixel centres. */
const FIELDS: { id: string; polygons: number[][][][] }[] = [
  { id: 'dark', polygons: [[rect(5.3, 45.2, 50.7, 90.6)]] },
  { id: 'half', polygons: [[rect(30.2, 20.4, 90.8, 70.3)]] },
  {
    id: 'holed',
    polygons: [
      [
        [
          [100.2, 90.3],
          [150.6, 95.1],
          [145.2, 130.8],
          [98.7, 125.4],
          [100.2, 90.3],
        ],
        rect(115.4, 105.2, 130.6, 115.9),
      ],
    ],
  },
  { id: 'speckled', polygons: [[rect(125.3, 10.2, 190.1, 60.7)], [rect(160.4, 70.6, 195.2, 88.3)]] },
  { id: 'edge', polygons: [[rect(-20.4, 130.2, 30.6, 170.4)]] },
];

function rect(x0: number, y0: number, x1: number, y1: number): number[][] {
  return [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ];
}

describe('raster: each field’s share of valid pixels against GDAL', function () {
  this.timeout(60_000);
  let dir: string;
  let image: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'field-validity-'));
    image = join(dir, 'image.tif');
    python('make', image);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the area, each field and the image: the same fractions as rasterio + numpy', async () => {
    const raster = await RasterFile.open(image);
    try {
      const meta = raster.metadata;
      const onGround = (polygon: number[][][]): LonLatPolygon =>
        polygon.map((ring) => ring.map(([x, y]) => pixelToLonLat(meta, x as number, y as number)));
      const fields = FIELDS.map((f) => ({ id: f.id, polygons: f.polygons.map(onGround) }));
      const collection = {
        type: 'FeatureCollection',
        features: fields.map((f) => ({
          type: 'Feature',
          properties: { id: f.id },
          geometry: { type: 'MultiPolygon', coordinates: f.polygons },
        })),
      };
      const fieldsPath = join(dir, 'fields.geojson');
      writeFileSync(fieldsPath, JSON.stringify(collection));
      const reference = JSON.parse(python('shares', image, fieldsPath)) as {
        image: number;
        area: number;
        fields: Record<string, number>;
      };
      const ours = await measureAreaValidity(raster, { polygons: fields.flatMap((f) => f.polygons), fields });
      assert.deepEqual(ours.sampled, [200, 150], 'read at full resolution: a small image is not decimated');
      const close = (a: number | undefined, b: number, what: string) =>
        assert.ok(a !== undefined && Math.abs(a - b) < 1e-12, `${what}: ours ${a}, GDAL ${b}`);
      close(ours.image, reference.image, 'the image');
      close(ours.area, reference.area, 'the area');
      for (const f of ours.fields) close(f.fraction, reference.fields[f.field] as number, `field ${f.field}`);
      // The fixture covers what it means to: a field all in nodata, one partly in it, one partly off the image.
      const share = (id: string) => ours.fields.find((f) => f.field === id)?.fraction;
      assert.equal(share('dark'), 0);
      assert.ok(share('half')! > 0.2 && share('half')! < 0.8, `half: ${share('half')}`);
      assert.ok(share('edge')! < 0.9, `edge counts its pixels off the image: ${share('edge')}`);
    } finally {
      await raster.close();
    }
  });

  it('a field smaller than a pixel takes the pixel under its centre; one off the image has none', async () => {
    const raster = await RasterFile.open(image);
    try {
      const meta = raster.metadata;
      const tiny = (x: number, y: number): LonLatPolygon => [
        rect(x, y, x + 0.2, y + 0.2).map(([a, b]) => pixelToLonLat(meta, a as number, b as number)),
      ];
      const fields = [
        { id: 'in-nodata', polygons: [tiny(10.3, 50.3)] },
        { id: 'in-data', polygons: [tiny(80.3, 10.3)] },
        { id: 'off', polygons: [tiny(-50.3, -50.3)] },
      ];
      const ours = await measureAreaValidity(raster, { polygons: [], fields });
      assert.deepEqual(
        ours.fields.map((f) => [f.field, f.fraction]),
        [
          ['in-nodata', 0],
          ['in-data', 1],
          ['off', undefined],
        ],
      );
    } finally {
      await raster.close();
    }
  });
});
