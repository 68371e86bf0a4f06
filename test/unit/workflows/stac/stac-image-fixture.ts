// One image of the demo area as the STAC tests describe it: its place, date and grid (a UTM
// 32N image of 334 × 312 pixels of 10 m) and what it was made with. Each test adds its file name,
// bands and request.
import type { StacImageInput } from '../../../../src/workflows/stac/stac-item';

export const IMAGE_OF_THE_AREA = {
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [10.1, 56.05],
        [10.15, 56.05],
        [10.15, 56.08],
        [10.1, 56.08],
        [10.1, 56.05],
      ],
    ],
  },
  bbox: [10.1, 56.05, 10.15, 56.08],
  date: '2025-06-14',
  epsg: 32632,
  shape: [334, 312],
  transform: [10, 0, 562300, 0, -10, 6214870],
  model: 'Stratus2',
  constellations: ['Sentinel2'],
  resolution: 10,
} satisfies Partial<StacImageInput>;
