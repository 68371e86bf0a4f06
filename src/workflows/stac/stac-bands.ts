// The band objects of a STAC Item's asset: `eo:bands` (each band's name and, for a spectral band,
// the eo extension's common name, by which other tools pick "red" or "nir" without knowing the
// sensor) and `raster:bands` (how a stored number becomes a value: nodata, data type, scale and
// offset, as the raster core reads them from the file, and the share of valid pixels when counted).

/** Sentinel-2-like band ids (docs/engineering-notes.md, "What the pixels mean") and the eo extension's
 * common names (v1.1.0 names the red edge and the second near infrared bands by wavelength). */
const COMMON_NAMES: Readonly<Record<string, string>> = {
  B1: 'coastal',
  B2: 'blue',
  B3: 'green',
  B4: 'red',
  B5: 'rededge071',
  B6: 'rededge075',
  B7: 'rededge078',
  B8: 'nir',
  B8A: 'nir08',
  B9: 'nir09',
  B10: 'cirrus',
  B11: 'swir16',
  B12: 'swir22',
};

/** `[B8_B4]`: the normalised difference of two bands (computed, so no common name). */
const INDEX_BAND = /^\[(\w+)_(\w+)\]$/;

export interface EoBand {
  name: string;
  common_name?: string;
  description?: string;
}

export function eoBand(name: string): EoBand {
  const common = COMMON_NAMES[name.toUpperCase()];
  if (common) return { name, common_name: common };
  const index = INDEX_BAND.exec(name);
  if (index) return { name, description: `normalised difference of ${index[1]} and ${index[2]}` };
  return { name };
}

/** The data types the raster extension names; the raster core reads no other. */
const DATA_TYPES = new Set([
  'int8',
  'int16',
  'int32',
  'int64',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'float16',
  'float32',
  'float64',
]);

/** What the raster core read of the file's bands. */
export interface RasterBandFacts {
  dataType: string;
  /** The stored number that means "no data", when the file (or the service's rule) says one. */
  nodata?: number;
  /** Per band: value = stored × scale + offset (the file's SCALE/OFFSET, else the service's rule). */
  values: readonly { scale: number; offset: number }[];
  /** Per band (0..1): the share of valid pixels, when they were counted. */
  validShares?: readonly number[];
}

const percent = (fraction: number): number => Math.round(fraction * 10000) / 100;

export function rasterBands(facts: RasterBandFacts): Record<string, unknown>[] {
  return facts.values.map((value, b) => {
    const share = facts.validShares?.[b];
    return {
      ...(facts.nodata !== undefined ? { nodata: facts.nodata } : {}),
      data_type: DATA_TYPES.has(facts.dataType) ? facts.dataType : 'other',
      scale: value.scale,
      offset: value.offset,
      ...(share !== undefined ? { statistics: { valid_percent: percent(share) } } : {}),
    };
  });
}

/** The whole image's share of valid pixels, in percent (`sat-imagery:valid_percent`). */
export function validPercent(fraction: number): number {
  return percent(fraction);
}
