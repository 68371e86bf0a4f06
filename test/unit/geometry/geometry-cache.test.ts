import * as assert from 'node:assert/strict';
import { AoiCache } from '../../../src/geometry';
import { square } from './geometry-helpers';

const text = JSON.stringify({ type: 'Polygon', coordinates: [square(10, 50, 1)] });

describe('geometry: AoiCache', () => {
  it('parses a document once, whether asked by (uri, version) or by text', () => {
    const cache = new AoiCache();
    const doc = { uri: 'file:///a.geojson', version: 3 };
    const first = cache.read(text, 'auto', doc);
    assert.equal(cache.read(text, 'auto', doc), first);
    assert.equal(cache.read(text, 'auto'), first);
    assert.equal(
      cache.read(text, 'auto', { uri: 'file:///a.geojson', version: 4 }),
      first,
      'a new version with the same text',
    );
    assert.equal(cache.parses, 1);
    assert.equal(cache.hits, 3);
  });

  it('parses again when the text or the format changes', () => {
    const cache = new AoiCache();
    const doc = { uri: 'file:///a.geojson', version: 1 };
    cache.read(text, 'auto', doc);
    const changed = text.replace('[10,50]', '[10,49.9]').replace(/\[10,50\]\]/, '[10,49.9]]');
    const second = cache.read(changed, 'auto', { ...doc, version: 2 });
    assert.ok(second.ok);
    assert.equal(cache.parses, 2);
    cache.read(text, 'geojson');
    assert.equal(cache.parses, 3, 'an explicit format is a different question');
  });

  it('forgets a closed document and keeps only the most recent entries', () => {
    const cache = new AoiCache(2);
    cache.read(text, 'auto', { uri: 'u1', version: 1 });
    cache.forget('u1');
    cache.read(text, 'auto', { uri: 'u1', version: 1 });
    assert.equal(cache.parses, 2);
    const texts = [0, 1, 2].map((k) => JSON.stringify({ type: 'Polygon', coordinates: [square(k, 0, 1)] }));
    for (const t of texts) cache.read(t, 'auto');
    cache.read(texts[2], 'auto');
    assert.equal(cache.parses, 5);
    cache.read(texts[0], 'auto'); // evicted: only two entries are kept
    assert.equal(cache.parses, 6);
  });
});
