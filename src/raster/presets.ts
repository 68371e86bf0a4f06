// Band-mapping presets that follow the file's own bands: true colour (B4/B3/B2, or the first
// three bands of an unnamed three-band file), false colour (B8/B4/B3), and each band alone
// (index bands through a diverging ramp, others in grey).
import { isIndexBand } from './values';

export type RampId = 'gray' | 'index';

export interface BandMapping {
  id: string;
  label: string;
  /** Band indexes (0-based): three for colour, one for a ramp. */
  bands: number[];
  ramp?: RampId;
  /** The three channels share one stretch (true colour: see linked-stretch.ts). */
  linked?: true;
}

export function presetsFor(bandNames: string[]): BandMapping[] {
  const find = (...names: string[]): number | undefined => {
    for (const name of names) {
      const i = bandNames.indexOf(name);
      if (i >= 0) return i;
    }
    return undefined;
  };
  const presets: BandMapping[] = [];
  const [red, green, blue] = [find('B4'), find('B3'), find('B2')];
  const plain = bandNames.map((n, i) => ({ n, i })).filter(({ n }) => !isIndexBand(n));
  if (red !== undefined && green !== undefined && blue !== undefined)
    presets.push({ id: 'true-colour', label: 'True colour (B4, B3, B2)', bands: [red, green, blue], linked: true });
  else if (plain.length >= 3 && plain.every(({ n }) => /^Band \d+$/.test(n)))
    presets.push({
      id: 'true-colour',
      label: 'Bands 1, 2, 3',
      bands: plain.slice(0, 3).map(({ i }) => i),
      linked: true,
    });
  const nir = find('B8', 'B8A');
  if (nir !== undefined && red !== undefined && green !== undefined)
    presets.push({ id: 'false-colour', label: `False colour (${bandNames[nir]}, B4, B3)`, bands: [nir, red, green] });
  bandNames.forEach((name, i) =>
    presets.push({
      id: `band-${i}`,
      label: isIndexBand(name) ? `${name} (index)` : name,
      bands: [i],
      ramp: isIndexBand(name) ? 'index' : 'gray',
    }),
  );
  return presets;
}

/** Brown → yellow → green, the usual reading of a vegetation index. */
const INDEX_STOPS = [
  [166, 97, 26],
  [223, 194, 125],
  [245, 245, 190],
  [128, 205, 110],
  [26, 130, 50],
];

export function rampColour(ramp: RampId, t: number, out: Uint8ClampedArray): void {
  if (ramp === 'gray') {
    out[0] = out[1] = out[2] = t * 255;
    return;
  }
  const x = t * (INDEX_STOPS.length - 1);
  const i = Math.min(INDEX_STOPS.length - 2, Math.floor(x));
  const f = x - i;
  const a = INDEX_STOPS[i] as number[];
  const b = INDEX_STOPS[i + 1] as number[];
  for (let c = 0; c < 3; c++) out[c] = (a[c] as number) + ((b[c] as number) - (a[c] as number)) * f;
}
