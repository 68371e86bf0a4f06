// Errors of the statistics: what is wrong with which input, said so a person can act on it.

export type StatsErrorKind = 'bad-expression' | 'missing-bands' | 'no-georeference' | 'no-images' | 'bad-input';

export class StatsError extends Error {
  constructor(
    readonly kind: StatsErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'StatsError';
  }
}
