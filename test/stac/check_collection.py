#!/usr/bin/python3
"""Reads a time series folder's STAC Collection as another tool would, with Debian's rasterio.

  check_collection.py COLLECTION_JSON

Follows the Collection's `item` links, opens each Item's assets by their href (resolved against
the Item's location, as URI references) and checks what the STAC fields say against the file:
proj:shape, proj:transform, proj:epsg and proj:code, raster:bands (data type, nodata, scale and
offset), eo:bands (names and common names), file:size and file:checksum (SHA-256 multihash),
and that the Collection's extent covers its Items. Prints a JSON report; exits 1 when anything
disagrees, naming each difference.
"""
import hashlib
import json
import os
import sys
from urllib.parse import unquote, urljoin, urlparse
from urllib.request import pathname2url

import rasterio

# The eo extension's common names of Sentinel-2 band ids; a computed index band has none.
COMMON_NAMES = {
    "B1": "coastal", "B2": "blue", "B3": "green", "B4": "red", "B5": "rededge071",
    "B6": "rededge075", "B7": "rededge078", "B8": "nir", "B8A": "nir08", "B9": "nir09",
    "B10": "cirrus", "B11": "swir16", "B12": "swir22",
}


def local_path(document, href):
    """The file an href names, resolved against the document that holds it."""
    url = urljoin("file://" + pathname2url(os.path.abspath(document)), href)
    parsed = urlparse(url)
    if parsed.scheme != "file":
        raise ValueError(f"{href} in {document} is not a local file")
    return unquote(parsed.path)


def read_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def sha256_multihash(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return "1220" + digest.hexdigest()


def documented_scale(name, dtype):
    """The service's rule (docs/engineering-notes.md, "What the pixels mean") when the file declares no scale of its own."""
    index = name.startswith("[") and name.endswith("]")
    if index and dtype == "int16":
        return 1 / 32767, 0.0
    if dtype in ("int16", "uint16"):
        return 1 / 10000, 0.0
    return 1.0, 0.0


def close(a, b, tolerance=1e-9):
    return abs(a - b) <= tolerance * max(1.0, abs(a), abs(b))


def check_asset(item_path, item, key, asset, errors):
    where = f"{os.path.basename(item_path)} asset {key}"
    path = local_path(item_path, asset["href"])
    with rasterio.open(path) as src:
        epsg = src.crs.to_epsg()
        shape = [src.height, src.width]
        transform = list(src.transform)[:6]
        names = list(src.descriptions)
        expected_bands = [
            {
                "data_type": src.dtypes[i],
                "nodata": src.nodata,
                "scale": src.scales[i] if (src.scales[i], src.offsets[i]) != (1.0, 0.0) else documented_scale(names[i] or "", src.dtypes[i])[0],
                "offset": src.offsets[i] if (src.scales[i], src.offsets[i]) != (1.0, 0.0) else documented_scale(names[i] or "", src.dtypes[i])[1],
            }
            for i in range(src.count)
        ]
    if asset.get("proj:shape") != shape:
        errors.append(f"{where}: proj:shape {asset.get('proj:shape')} but the file is {shape}")
    stac_transform = asset.get("proj:transform") or []
    if len(stac_transform) not in (6, 9) or not all(close(a, b) for a, b in zip(stac_transform[:6], transform)):
        errors.append(f"{where}: proj:transform {stac_transform} but the file's affine is {transform}")
    for scope, fields in (("asset", asset), ("properties", item["properties"])):
        if fields.get("proj:epsg") != epsg:
            errors.append(f"{where}: {scope} proj:epsg {fields.get('proj:epsg')} but the file is EPSG:{epsg}")
        if fields.get("proj:code") != f"EPSG:{epsg}":
            errors.append(f"{where}: {scope} proj:code {fields.get('proj:code')} but the file is EPSG:{epsg}")
    bands = asset.get("raster:bands") or []
    if len(bands) != len(expected_bands):
        errors.append(f"{where}: {len(bands)} raster:bands but the file has {len(expected_bands)} bands")
    for i, (band, expected) in enumerate(zip(bands, expected_bands)):
        if band.get("data_type") != expected["data_type"] or band.get("nodata") != expected["nodata"]:
            errors.append(f"{where}: band {i + 1} is {band.get('data_type')} nodata {band.get('nodata')}, the file {expected['data_type']} nodata {expected['nodata']}")
        if not (close(band.get("scale", 1.0), expected["scale"]) and close(band.get("offset", 0.0), expected["offset"])):
            errors.append(f"{where}: band {i + 1} scale/offset {band.get('scale')}/{band.get('offset')}, expected {expected['scale']}/{expected['offset']}")
    eo = asset.get("eo:bands") or []
    if [b.get("name") for b in eo] != names:
        errors.append(f"{where}: eo:bands {[b.get('name') for b in eo]} but the file's bands are {names}")
    for band in eo:
        if band.get("common_name") != COMMON_NAMES.get(band.get("name", "")):
            errors.append(f"{where}: {band.get('name')} has common_name {band.get('common_name')}")
    if asset.get("file:size") != os.path.getsize(path):
        errors.append(f"{where}: file:size {asset.get('file:size')} but the file has {os.path.getsize(path)} bytes")
    if asset.get("file:checksum") != sha256_multihash(path):
        errors.append(f"{where}: file:checksum differs from the file's SHA-256")
    return {"file": os.path.basename(path), "epsg": epsg, "shape": shape, "transform": transform, "bands": len(expected_bands)}


def main(collection_path):
    collection = read_json(collection_path)
    errors = []
    if collection.get("type") != "Collection":
        errors.append(f"{collection_path} is not a STAC Collection")
    checked = []
    west, south, east, north = collection["extent"]["spatial"]["bbox"][0][:4]
    first, last = collection["extent"]["temporal"]["interval"][0]
    for link in [l for l in collection.get("links", []) if l.get("rel") == "item"]:
        item_path = local_path(collection_path, link["href"])
        item = read_json(item_path)
        if item.get("collection") != collection.get("id"):
            errors.append(f"{os.path.basename(item_path)}: collection {item.get('collection')} but the Collection is {collection.get('id')}")
        w, s, e, n = item["bbox"][:4]
        if w < west or s < south or e > east or n > north:
            errors.append(f"{os.path.basename(item_path)}: bbox {item['bbox']} is outside the Collection's extent")
        if not first <= item["properties"]["datetime"] <= last:
            errors.append(f"{os.path.basename(item_path)}: datetime outside the Collection's interval")
        for key, asset in item["assets"].items():
            checked.append(check_asset(item_path, item, key, asset, errors))
    print(json.dumps({"id": collection.get("id"), "license": collection.get("license"), "assets": checked, "errors": errors}))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
