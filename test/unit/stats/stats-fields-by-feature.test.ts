// A FeatureCollection's fields are read a feature at a time (stats/feature-texts.ts), and the
// whole file only when a feature has a problem: what a person sees is what the whole file's reading
// said: a problem at its line and column in the file, the problems before a missing id, the last of
// two "features" members as JSON.parse keeps it, text between features refused as invalid JSON, and
// each field's hash (the row cache's key) of its positions as written, a height included.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFields } from '../../../src/stats/index';
import { StatsError } from '../../../src/stats/errors';

const ring = (x: number, height?: number) =>
  [
    [x, 45],
    [x + 0.1, 45],
    [x + 0.1, 45.1],
    [x, 45.1],
    [x, 45],
  ].map((p) => (height === undefined ? p : [...p, height]));
const feature = (id: string, x: number, positions = ring(x)) =>
  JSON.stringify({ type: 'Feature', properties: { id }, geometry: { type: 'Polygon', coordinates: [positions] } });
/** One feature a line, as a person's file has them. */
const collection = (...features: string[]) =>
  `{"type": "FeatureCollection", "features": [\n${features.join(',\n')}\n]}\n`;

function invalid(text: string, said: RegExp): void {
  assert.throws(
    () => readFields(text, 'f.geojson', 'geojson'),
    (error: unknown) => error instanceof StatsError && error.kind === 'invalid-geometry' && said.test(error.message),
  );
}

describe('stats: fields read a feature at a time', () => {
  it('reads every feature: ids and polygons in order', () => {
    const fields = readFields(collection(feature('a', 15), feature('b', 16), feature('c', 17)), 'f.geojson', 'geojson');
    assert.deepEqual(
      fields.map((f) => f.id),
      ['a', 'b', 'c'],
    );
    assert.deepEqual(fields[1]?.polygons, [[ring(16)]]);
  });

  it('a problem in the last feature is said at its line and column in the file', () => {
    const open = ring(17).slice(0, 4);
    invalid(
      collection(feature('a', 15), feature('b', 16), feature('c', 17, open)),
      /^f\.geojson is not a valid area of interest \(line 4, column \d+\): Ring 1 of polygon 3 is not closed/,
    );
  });

  it('a geometry problem is said before a missing id property, as the whole file says them', () => {
    const text = collection(feature('a', 15).replace('"id"', '"name"'), feature('b', 16, ring(16).slice(0, 4)));
    assert.throws(() => readFields(text, 'f.geojson', 'geojson', 'id'), /not closed/);
  });

  it('two "features" members: the last, as JSON.parse keeps it; anything but a comma between features is not JSON', () => {
    const twice = `{"type":"FeatureCollection","features":[${feature('a', 15)}],"features":[${feature('b', 16)}]}`;
    assert.deepEqual(
      readFields(twice, 'f.geojson', 'geojson').map((f) => f.id),
      ['b'],
    );
    invalid(`{"type":"FeatureCollection","features":[${feature('a', 15)} 1, ${feature('b', 16)}]}`, /line 1, column/);
  });

  it("a field's hash is of its positions as written, a height included (the row cache's key)", () => {
    const positions = ring(15, 12.5);
    const [field] = readFields(collection(feature('a', 15, positions)), 'f.geojson', 'geojson');
    const hash = createHash('sha256')
      .update(JSON.stringify(['a', [[positions]]]))
      .digest('hex');
    assert.equal(field?.hash, hash);
    assert.deepEqual(field?.polygons, [[ring(15)]], 'measured by longitude and latitude');
  });
});
