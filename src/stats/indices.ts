// What is measured in each field: a named vegetation/water index from the bands the service
// writes (B2, B3, B4, B5, B8, B11), the service's own index band ([B8_B4]) when the image has it
// instead, one band, or an expression. Resolved per image against its band names, so an image
// lacking the bands fails with the bands it has.
import { StatsError } from './errors';
import { parseExpression } from './expression';
import type { Expression } from './expression';

export interface Measure {
  /** What the table's `index` column says: ndvi, B8, [B8_B4], or the expression's text. */
  name: string;
  /** Ways to compute it, the first whose bands the image has wins. */
  forms: Expression[];
}

const NAMED: Record<string, string[]> = {
  ndvi: ['(B8-B4)/(B8+B4)', '[B8_B4]'],
  ndwi: ['(B3-B8)/(B3+B8)', '[B3_B8]'],
  ndmi: ['(B8-B11)/(B8+B11)', '[B8_B11]'],
  ndre: ['(B8-B5)/(B8+B5)', '[B8_B5]'],
  evi: ['2.5*(B8-B4)/(B8+6*B4-7.5*B2+1)'],
  savi: ['1.5*(B8-B4)/(B8+B4+0.5)'],
};

export const NAMED_INDICES = Object.keys(NAMED);

/** `ndvi`, `B8`, `[B8_B4]` (an --index item), or an expression (--expression). */
export function measureOf(text: string, expression = false): Measure {
  const name = text.trim();
  if (expression) return { name, forms: [parseExpression(name)] };
  const named = NAMED[name.toLowerCase()];
  if (named) return { name: name.toLowerCase(), forms: named.map((f) => parseExpression(f)) };
  if (/^\[?[A-Za-z][A-Za-z0-9]*(_[A-Za-z0-9]+\])?$/.test(name))
    return { name: name.toUpperCase(), forms: [parseExpression(name)] };
  throw new StatsError(
    'bad-expression',
    `'${name}' is no index: use ${NAMED_INDICES.join(', ')}, a band name (B8) or an index band ([B8_B4]), or --expression for arithmetic.`,
  );
}

export interface ResolvedMeasure {
  measure: Measure;
  evaluate: Expression['evaluate'];
  /** 0-based band of the file for each of the expression's bands. */
  fileBands: number[];
}

export function resolveMeasure(measure: Measure, bandNames: readonly string[], path: string): ResolvedMeasure {
  const upper = bandNames.map((n) => n.toUpperCase());
  for (const form of measure.forms) {
    const fileBands = form.bands.map((b) => upper.indexOf(b));
    if (fileBands.every((b) => b >= 0)) return { measure, evaluate: form.evaluate, fileBands };
  }
  const lone =
    measure.forms.length === 1 && measure.forms[0]?.bands.length === 1 ? measure.forms[0].bands[0] : undefined;
  // A name that is no index is read as a band: a typo of an index says both what is there and what could be.
  if (lone !== undefined && lone === measure.name)
    throw new StatsError(
      'missing-bands',
      `${path} has no band ${lone}: it has ${bandNames.join(', ')}; the indices are ${NAMED_INDICES.join(', ')}.`,
    );
  const needs = measure.forms.map((f) => f.bands.join(', ')).join(' or ');
  throw new StatsError(
    'missing-bands',
    `${path} lacks the bands of ${measure.name} (needs ${needs}); it has ${bandNames.join(', ')}.`,
  );
}
