// Errors of the statistics: what is wrong with which input, said so a person can act on it.
import type { GeometryProblem } from '../geometry/types';

export type StatsErrorKind =
  'bad-expression' | 'missing-bands' | 'no-georeference' | 'no-images' | 'bad-input' | 'invalid-geometry'; // the area file has errors, each in `problems` at its place: nothing was read

export class StatsError extends Error {
  constructor(
    readonly kind: StatsErrorKind,
    message: string,
    /** For 'invalid-geometry': every problem, each at its position. */
    readonly problems: GeometryProblem[] = [],
  ) {
    super(message);
    this.name = 'StatsError';
  }
}
