#!/usr/bin/python3
"""The field-statistics benchmark's files and its reference (Debian's rasterio + numpy).

  stats_reference.py make DIR SIZE DATES FIELDS   GDAL-written INT16 DEFLATE tiled images + fields
  stats_reference.py run DIR                      NDVI statistics of every field on every image:
                                                  the fields rasterised once per grid (pixel
                                                  centres) and only the pixels inside them sorted
                                                  by field, once; each image's two bands read once
                                                  and taken at those pixels; numpy statistics
"""
import glob
import json
import sys

import numpy as np
import rasterio
from rasterio.features import rasterize
from rasterio.transform import from_origin
from rasterio.warp import transform_geom

CRS = "EPSG:32633"


def make(folder, size, dates, fields):
    rng = np.random.default_rng(7)
    transform = from_origin(500000, 5000000, 10, 10)
    y, x = np.mgrid[0:size, 0:size]
    base = (np.sin(x / 97.0) * np.cos(y / 131.0) * 700).astype(np.int16)
    for d in range(dates):
        data = np.empty((4, size, size), dtype=np.int16)
        for b in range(4):
            data[b] = 1500 + base * (b + 1 + d) // 4 + rng.integers(-256, 256, size=(size, size), dtype=np.int16)
        with rasterio.open(f"{folder}/image-2024-{(d // 28) + 4:02d}-{(d % 28) + 1:02d}.tif", "w", driver="GTiff", width=size,
                           height=size, count=4, dtype="int16", crs=CRS, transform=transform, nodata=-32768, tiled=True,
                           blockxsize=256, blockysize=256, compress="deflate", predictor=2) as dst:
            dst.write(data)
            for b, name in enumerate(["B2", "B3", "B4", "B8"], start=1):
                dst.set_band_description(b, name)
    # Fields of 1–50 ha (squares of 100–707 m, 10–70 pixels), one per cell of a grid, not overlapping.
    cells = int(np.ceil(np.sqrt(fields)))
    cell = size * 10 / cells
    features = []
    for k in range(fields):
        side = np.sqrt(rng.uniform(1, 50) * 10000)
        side = min(side, cell * 0.9)
        x0 = 500000 + (k % cells) * cell + rng.uniform(0, cell - side)
        y0 = 5000000 - (k // cells) * cell - rng.uniform(0, cell - side)
        ring = [[x0, y0], [x0 + side, y0 - side * 0.1], [x0 + side * 1.05, y0 - side], [x0, y0 - side], [x0, y0]]
        geometry = transform_geom(CRS, "EPSG:4326", {"type": "Polygon", "coordinates": [ring]})
        features.append({"type": "Feature", "properties": {"id": f"f{k}"}, "geometry": geometry})
    with open(f"{folder}/fields.geojson", "w") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f)


def fields_on_grid(features, src):
    """The pixels inside fields on this image's grid, grouped field by field: the fields
    rasterised (pixel centres), then only the pixels inside a field sorted by their field."""
    shapes = [(transform_geom("EPSG:4326", src.crs, f["geometry"]), k + 1) for k, f in enumerate(features)]
    labels = rasterize(shapes, out_shape=(src.height, src.width), transform=src.transform, fill=0, dtype="int32").ravel()
    inside = np.flatnonzero(labels)
    pixels = inside[np.argsort(labels[inside], kind="stable")]
    bounds = np.searchsorted(labels[pixels], np.arange(1, len(features) + 2))
    return pixels, bounds


def run(folder):
    with open(f"{folder}/fields.geojson") as f:
        features = json.load(f)["features"]
    rows = 0
    grids = {}
    for image in sorted(glob.glob(f"{folder}/*.tif")):
        with rasterio.open(image) as src:
            # Images on one grid (CRS, transform, size) share its fields' pixels: worked out once.
            grid = (src.crs.to_string(), tuple(src.transform), src.width, src.height)
            if grid not in grids:
                grids[grid] = fields_on_grid(features, src)
            pixels, bounds = grids[grid]
            b4 = src.read(3).ravel()[pixels].astype(np.float64)
            b8 = src.read(4).ravel()[pixels].astype(np.float64)
        bad = (b4 == -32768) | (b8 == -32768)
        b4 *= 1e-4
        b8 *= 1e-4
        with np.errstate(divide="ignore", invalid="ignore"):
            ndvi = (b8 - b4) / (b8 + b4)
        ndvi[bad] = np.nan
        for k in range(len(features)):
            v = ndvi[bounds[k]:bounds[k + 1]]
            v = v[np.isfinite(v)]
            if v.size:
                np.mean(v), np.std(v), v.min(), v.max(), np.percentile(v, [10, 25, 50, 75, 90])
            rows += 1
    print(json.dumps({"rows": rows}))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    else:
        run(sys.argv[2])
