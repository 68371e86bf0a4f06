#!/usr/bin/python3
"""An independent reference for the field statistics: Debian's rasterio (GDAL, PROJ) and numpy.

  reference.py make DIR                       GDAL-written GeoTIFFs of known content in DIR
  reference.py stats IMAGE FIELDS RULE INDEX  statistics per field as JSON (centre | all-touched)
  reference.py exact POLYGONS                 shapely areas of polygon ∩ pixel, as JSON

Nothing here shares code with the TypeScript it checks: fields are reprojected with PROJ
(rasterio.warp.transform_geom), rasterised with GDAL (rasterio.features.geometry_mask), and the
statistics are numpy's.
"""
import json
import sys

import numpy as np
import rasterio
from rasterio.features import geometry_mask
from rasterio.transform import Affine, from_origin
from rasterio.warp import transform_geom

MARGIN = 64


def make(folder):
    rng = np.random.default_rng(24)
    profile = dict(driver="GTiff", tiled=True, blockxsize=64, blockysize=64, compress="deflate", predictor=2)
    # UTM 33N, 10 m, INT16 reflectance × 10000 (no SCALE in the file: the service's rule), -32768 nodata.
    h, w = 150, 200
    data = rng.integers(0, 10000, size=(4, h, w), dtype=np.int16)
    data[:, 40:44, 50:60] = -32768
    data[2, 100:103, 20:25] = -32768  # B4 alone missing: NDVI nodata there, B8 valid
    with rasterio.open(f"{folder}/utm-2024-05-01.tif", "w", **profile, width=w, height=h, count=4, dtype="int16",
                       crs="EPSG:32633", transform=from_origin(500000, 5000000, 10, 10), nodata=-32768) as dst:
        dst.write(data)
        for b, name in enumerate(["B2", "B3", "B4", "B8"], start=1):
            dst.set_band_description(b, name)
    # EPSG:4326, UINT16 with the file's own SCALE/OFFSET and nodata 65535, and an index band stored × 32767.
    h, w = 120, 160
    bands = rng.integers(1, 60000, size=(2, h, w), dtype=np.uint16)
    bands[:, 5:9, 5:9] = 65535
    with rasterio.open(f"{folder}/geo.tif", "w", **profile, width=w, height=h, count=2, dtype="uint16",
                       crs="EPSG:4326", transform=from_origin(15.0, 45.2, 0.0001, 0.0001), nodata=65535) as dst:
        dst.write(bands)
        dst.set_band_description(1, "B4")
        dst.set_band_description(2, "B8")
        dst.scales = (0.0001, 0.0002)
        dst.offsets = (-0.1, 0.05)
        dst.update_tags(ACQUISITION_DATE="2024-06-15")
    index = rng.integers(-32767, 32767, size=(1, h, w), dtype=np.int16)
    index[0, 60:62, 60:70] = -32768
    with rasterio.open(f"{folder}/index-20240701.tif", "w", **profile, width=w, height=h, count=1, dtype="int16",
                       crs="EPSG:4326", transform=from_origin(15.0, 45.2, 0.0001, 0.0001)) as dst:
        dst.write(index)
        dst.set_band_description(1, "[B8_B4]")


def physical(src):
    """Each band in physical units, NaN where nodata, by the rules the service documents."""
    out = []
    for b in range(1, src.count + 1):
        raw = src.read(b).astype(np.float64)
        bad = np.zeros(raw.shape, dtype=bool)
        if src.nodata is not None:
            bad |= raw == src.nodata
        if src.dtypes[b - 1] == "int16":
            bad |= raw == -32768
        if src.dtypes[b - 1] == "uint8":
            bad |= raw == 0
        name = src.descriptions[b - 1] or ""
        tags = src.tags(b)
        if src.scales[b - 1] != 1.0 or src.offsets[b - 1] != 0.0 or "SCALE" in tags:
            scale, offset = src.scales[b - 1], src.offsets[b - 1]
        elif name.startswith("[") and src.dtypes[b - 1] == "int16":
            scale, offset = 1 / 32767, 0.0
        elif src.dtypes[b - 1] in ("int16", "uint16"):
            scale, offset = 1 / 10000, 0.0
        else:
            scale, offset = 1.0, 0.0
        values = raw * scale + offset
        values[bad] = np.nan
        out.append(values)
    return dict(zip(src.descriptions, out))


INDICES = {
    "ndvi": lambda b: (b["B8"] - b["B4"]) / (b["B8"] + b["B4"]),
    "evi": lambda b: 2.5 * (b["B8"] - b["B4"]) / (b["B8"] + 6 * b["B4"] - 7.5 * b["B2"] + 1),
    "B8": lambda b: b["B8"],
    "[B8_B4]": lambda b: b["[B8_B4]"],
}


def stats(image, fields_path, rule, index):
    with rasterio.open(image) as src:
        bands = physical(src)
        values = INDICES[index](bands)
        shape = (src.height + 2 * MARGIN, src.width + 2 * MARGIN)
        padded = src.transform * Affine.translation(-MARGIN, -MARGIN)
        crs = src.crs
    big = np.full(shape, np.nan)
    big[MARGIN:-MARGIN, MARGIN:-MARGIN] = values
    inside = np.zeros(shape, dtype=bool)
    inside[MARGIN:-MARGIN, MARGIN:-MARGIN] = True
    with open(fields_path) as f:
        features = json.load(f)["features"]
    rows = []
    for feature in features:
        geometry = transform_geom("EPSG:4326", crs, feature["geometry"])
        mask = ~geometry_mask([geometry], shape, padded, all_touched=(rule == "all-touched"))
        picked = big[mask & inside]
        valid = picked[np.isfinite(picked)]
        row = dict(field=str(feature["properties"]["id"]), valid_pixels=int(valid.size),
                   nodata_pixels=int(picked.size - valid.size), total=int(mask.sum()))
        if valid.size:
            p = np.percentile(valid, [10, 25, 50, 75, 90])
            row.update(mean=float(np.mean(valid)), median=float(p[2]), std=float(np.std(valid)), min=float(valid.min()),
                       max=float(valid.max()), p10=float(p[0]), p25=float(p[1]), p75=float(p[3]), p90=float(p[4]))
        rows.append(row)
    print(json.dumps(rows))


def exact(polygons_path):
    from shapely.geometry import Polygon, box
    with open(polygons_path) as f:
        polygons = json.load(f)
    out = []
    for rings in polygons:
        shape = Polygon(rings[0], rings[1:])
        x0, y0, x1, y1 = shape.bounds
        cells = {}
        for y in range(int(np.floor(y0)), int(np.ceil(y1))):
            for x in range(int(np.floor(x0)), int(np.ceil(x1))):
                area = shape.intersection(box(x, y, x + 1, y + 1)).area
                if area > 0:
                    cells[f"{x},{y}"] = area
        out.append(cells)
    print(json.dumps(out))


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "make":
        make(sys.argv[2])
    elif command == "stats":
        stats(*sys.argv[2:6])
    elif command == "exact":
        exact(sys.argv[2])
