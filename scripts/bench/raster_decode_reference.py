#!/usr/bin/python3
"""The raster benchmark's decode-only reference: GDAL (Debian's python3-gdal) opens the file and
reads bands 3-2-1 with ReadAsArray into a 1024-wide buffer (nearest sample, GDAL's default), no
statistics, no PNG. Prints the milliseconds from opening to the array, measured in the process
(the interpreter's start is not counted).

  raster_decode_reference.py FILE WIDTH
"""
import json
import sys
import time

from osgeo import gdal

gdal.UseExceptions()


def main(path, width):
    started = time.perf_counter()
    dataset = gdal.Open(path)
    height = round(width * dataset.RasterYSize / dataset.RasterXSize)
    data = dataset.ReadAsArray(band_list=[3, 2, 1], buf_xsize=width, buf_ysize=height)
    ms = (time.perf_counter() - started) * 1000
    print(json.dumps({"ms": ms, "shape": list(data.shape)}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
