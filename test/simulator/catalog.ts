// What the simulated service offers: models with their constellations and bands, the
// resolutions and projections it accepts, and its prices. The specification document and the
// validation both read from here so they cannot drift apart.

export interface ModelInfo {
  model: string;
  /** The display label: shown in dashboards, refused as a value (tests the client's mapping). */
  label: string;
  constellations: Array<{ name: string; optional: boolean }>;
  bands: string[];
  /** EUR per km² of a composite download. */
  pricePerKm2: number;
}

const s2Bands = ['B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B8A', 'B11', 'B12'];

export const MODELS: ModelInfo[] = [
  {
    model: 'Stratus2',
    label: 'Stratus-2',
    constellations: [
      { name: 'Sentinel2', optional: false },
      { name: 'Sentinel1', optional: true },
      { name: 'Landsat89', optional: true },
    ],
    bands: s2Bands,
    pricePerKm2: 0.2,
  },
  {
    model: 'Stratus2Fast',
    label: 'Stratus-2 Fast',
    constellations: [
      { name: 'Sentinel2', optional: false },
      { name: 'Sentinel1', optional: true },
    ],
    bands: s2Bands,
    pricePerKm2: 0.18,
  },
  {
    model: 'Stratus3',
    label: 'Stratus-3',
    constellations: [
      { name: 'Sentinel2', optional: false },
      { name: 'Sentinel1', optional: true },
      { name: 'Landsat89', optional: true },
    ],
    bands: ['B1', ...s2Bands.slice(0, 7), 'B8A', 'B9', 'B10', 'B11', 'B12'],
    pricePerKm2: 0.2,
  },
  {
    model: 'Stratus2NoSnow',
    label: 'Stratus-2 No Snow',
    constellations: [
      { name: 'Sentinel2', optional: false },
      { name: 'Sentinel1', optional: true },
    ],
    bands: s2Bands,
    pricePerKm2: 0.2,
  },
  {
    model: 'Nimbus1',
    label: 'Nimbus-1',
    constellations: [{ name: 'Sentinel1', optional: false }],
    bands: s2Bands,
    pricePerKm2: 0.2,
  },
];

export const CONSTELLATIONS = ['Sentinel1', 'Sentinel2', 'Landsat89'];
export const ALL_BANDS = ['B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B8A', 'B9', 'B10', 'B11', 'B12'];
export const RESOLUTIONS = [10, 20, 40, 80, 160, 320, 640, 1280];
export const RGB_BANDS = ['B4', 'B3', 'B2'];

/** Order (tasking) prices: EUR per km² per delivered image, and per km² per storage month. */
export const ORDER_PRICE_PER_KM2_IMAGE = 0.02;
export const STORAGE_PRICE_PER_KM2_MONTH = 0.002;
/** Tiles are sold with a large rebate over composites. */
export const TILE_REBATE = 0.25;

export function findModel(model: unknown): ModelInfo | undefined {
  return MODELS.find((m) => m.model === model);
}

export function isValidEpsg(value: unknown): boolean {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  if (value === 4326 || value === 47000) return true;
  const zone = value % 100;
  const family = value - zone;
  return (family === 32600 || family === 32700) && zone >= 1 && zone <= 60;
}

/** Coarser output costs less: the price scales with the pixel count relative to 10 m. */
export function resolutionFactor(resolution: number): number {
  return Math.max(0.01, (10 / resolution) ** 2 * 0.8 + 0.2);
}
