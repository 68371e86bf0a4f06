// Percentile stretch per channel (2–98 % by default) from a fine histogram of the valid values,
// and the stretched channels as an RGBA buffer: three channels as colour, one through a ramp,
// nodata transparent.
import { rampColour } from './presets';
import type { RampId } from './presets';
import type { BandValues } from './window';

export interface ChannelStretch {
  /** Raw values mapped to 0 and 255. */
  low: number;
  high: number;
  min: number;
  max: number;
  /** Valid values among the samples the stretch was computed from (every value up to 262,144). */
  validCount: number;
  /** 256 bins over [min, max] of those samples, for a histogram display. */
  histogram: Uint32Array;
}

const FINE_BINS = 4096;
/** Percentiles from about this many evenly spread samples: the same cut-offs, a quarter of the work at 1024². */
const SAMPLES = 262_144;

export function computeStretch(values: BandValues, lowPercent = 2, highPercent = 98): ChannelStretch {
  let min = Infinity;
  let max = -Infinity;
  let validCount = 0;
  const step = Math.max(1, Math.floor(values.length / SAMPLES));
  for (let i = 0; i < values.length; i += step) {
    const v = values[i] as number;
    if (v !== v) continue; // NaN: nodata
    if (v < min) min = v;
    if (v > max) max = v;
    validCount++;
  }
  const histogram = new Uint32Array(256);
  if (validCount === 0) return { low: 0, high: 1, min: Number.NaN, max: Number.NaN, validCount, histogram };
  const fine = new Uint32Array(FINE_BINS);
  const span = max - min || 1;
  for (let i = 0; i < values.length; i += step) {
    const v = values[i] as number;
    if (v !== v) continue;
    // `| 0` is Math.floor here: the scaled value is in [0, FINE_BINS].
    const f = (((v - min) / span) * FINE_BINS) | 0;
    fine[f < FINE_BINS ? f : FINE_BINS - 1]++;
  }
  // The display's 256 bins are runs of 16 fine ones.
  for (let f = 0; f < FINE_BINS; f++) histogram[f >> 4] = (histogram[f >> 4] as number) + (fine[f] as number);
  const at = (percent: number): number => {
    const wanted = (percent / 100) * validCount;
    let seen = 0;
    for (let f = 0; f < FINE_BINS; f++) {
      seen += fine[f] as number;
      if (seen >= wanted) return min + ((f + 0.5) / FINE_BINS) * span;
    }
    return max;
  };
  const low = at(lowPercent);
  const high = Math.max(at(highPercent), low + span / FINE_BINS);
  return { low, high, min, max, validCount, histogram };
}

/** RGBA (row-major, 4 bytes a pixel): 3 channels as red/green/blue, or 1 through a ramp. */
export function renderRgba(
  channels: BandValues[],
  stretches: ChannelStretch[],
  ramp: RampId = 'gray',
): Uint8ClampedArray {
  const n = (channels[0] as BandValues).length;
  const out = new Uint8ClampedArray(n * 4);
  const scale = stretches.map((s) => 255 / (s.high - s.low));
  if (channels.length >= 3) {
    const [r, g, b] = channels as [BandValues, BandValues, BandValues];
    const [sr, sg, sb] = stretches as [ChannelStretch, ChannelStretch, ChannelStretch];
    const [kr, kg, kb] = scale as [number, number, number];
    for (let i = 0, o = 0; i < n; i++, o += 4) {
      const vr = r[i] as number;
      const vg = g[i] as number;
      const vb = b[i] as number;
      if (vr !== vr || vg !== vg || vb !== vb) continue; // nodata stays transparent
      out[o] = (vr - sr.low) * kr;
      out[o + 1] = (vg - sg.low) * kg;
      out[o + 2] = (vb - sb.low) * kb;
      out[o + 3] = 255;
    }
    return out;
  }
  const single = channels[0] as BandValues;
  const s = stretches[0] as ChannelStretch;
  const k = (scale[0] as number) / 255;
  const colour = new Uint8ClampedArray(3);
  for (let i = 0, o = 0; i < n; i++, o += 4) {
    const v = single[i] as number;
    if (v !== v) continue;
    rampColour(ramp, Math.max(0, Math.min(1, (v - s.low) * k)), colour);
    out[o] = colour[0] as number;
    out[o + 1] = colour[1] as number;
    out[o + 2] = colour[2] as number;
    out[o + 3] = 255;
  }
  return out;
}
