// One field's values under one index on one image, gathered pixel by pixel as the strips of the
// image are read: the values (and their weights under the exact rule), and the valid and nodata
// area in pixels.
import { summarise } from './summary';
import type { Summary } from './summary';

export class Accumulator {
  private values: Float64Array;
  private weights: Float64Array | undefined;
  private count = 0;
  valid = 0;
  nodata = 0;

  constructor(capacity: number, weighted: boolean) {
    this.values = new Float64Array(Math.max(1, capacity));
    this.weights = weighted ? new Float64Array(Math.max(1, capacity)) : undefined;
  }

  add(value: number, weight: number): void {
    if (this.count === this.values.length) this.grow();
    this.values[this.count] = value;
    if (this.weights) this.weights[this.count] = weight;
    this.count++;
    this.valid += weight;
  }

  private grow(): void {
    const values = new Float64Array(this.values.length * 2);
    values.set(this.values);
    this.values = values;
    if (this.weights) {
      const weights = new Float64Array(values.length);
      weights.set(this.weights);
      this.weights = weights;
    }
  }

  summary(): Summary | undefined {
    return summarise(this.values.subarray(0, this.count), this.weights?.subarray(0, this.count));
  }
}
