import * as assert from 'node:assert/strict';
import { AoiCache } from '../../../src/geometry';
import { runOrder } from '../../../src/workflows/orders/order-workflow';
import { downloadComposite } from '../../../src/workflows/composite/download-composite-workflow';
import { findAvailableDates } from '../../../src/workflows/dates/find-dates-workflow';
import { searchTiles } from '../../../src/workflows/tiles/search-tiles-workflow';
import type { AoiSource } from '../../../src/workflows/engine/ports';
import { useSimulatorClient } from '../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../fixtures/workflow-ports';

// A large AOI must not be parsed twice: the editor diagnostics read the document into the shared
// AoiCache, and every workflow run on the same document version reuses that read.
describe('workflows read a document once (shared AoiCache)', () => {
  const fixture = useSimulatorClient({ simulator: { demoData: true }, tempPrefix: 'parse-once-' });
  const text = 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))';
  /** The estimate of one winter order of `source`: a workflow that reads the area. */
  const estimateOrder = (source: AoiSource, ports = scriptedPorts(fixture.client, {}).ports) =>
    runOrder(
      ports,
      source,
      {
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        from: '2026-12-01',
        to: '2027-01-31',
        skipConfirmation: true,
      },
      'estimate',
    );

  it('each workflow reuses the diagnostics read of the same document version', async () => {
    const cache = new AoiCache();
    const document = { uri: 'file:///work/field.wkt', version: 3 };
    cache.read(text, 'wkt', document); // what the diagnostics did when the file opened
    assert.equal(cache.parses, 1);
    const source: AoiSource = { text, name: 'field.wkt', format: 'wkt', document, reader: cache };
    const ports = () => scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 1e6 } }).ports;
    const dates = await findAvailableDates(ports(), source, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    const date = dates.coverage!.full[0]!;
    await downloadComposite(ports(), source, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      date,
      epsgProjection: 4326,
      resolution: 20,
      bandnames: 'rgb',
      outputDirectory: fixture.out,
      skipConfirmation: true,
    });
    await estimateOrder(source, ports());
    await searchTiles(ports(), source, { skipConfirmation: true });
    assert.equal(cache.parses, 1, 'no workflow parsed the document again');
    assert.ok(cache.hits >= 4, `every workflow read through the cache (hits: ${cache.hits})`);
  });

  it('a new version of the document is parsed again, once', async () => {
    const cache = new AoiCache();
    const source: AoiSource = {
      text,
      name: 'field.wkt',
      format: 'wkt',
      document: { uri: 'file:///work/field.wkt', version: 1 },
      reader: cache,
    };
    await estimateOrder(source);
    const edited = 'POLYGON((10.1 56.1, 10.13 56.1, 10.13 56.12, 10.1 56.12, 10.1 56.1))';
    const next: AoiSource = { ...source, text: edited, document: { uri: 'file:///work/field.wkt', version: 2 } };
    await estimateOrder(next);
    await estimateOrder(next);
    assert.equal(cache.parses, 2);
  });
});
