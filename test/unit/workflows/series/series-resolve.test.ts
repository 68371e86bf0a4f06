// A series' settings resolve without a prompt (#38): settings and options become the frozen
// settings every date's request is made from, or the list of the questions still open, and
// nothing is asked either way. The interactive path asks only those; `apply` and the command
// line can call the resolve directly. Against the simulator (its models list).
import * as assert from 'node:assert/strict';
import { accountOnce } from '../../../../src/pricing/account-snapshot';
import { resolveSeriesFields } from '../../../../src/workflows/series/series-plan';
import { readAoiOrThrow } from '../../../../src/workflows/engine/aoi-input';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';
import { TWO_FIELDS } from '../composite/two-fields';

const NOW = new Date(Date.UTC(2026, 5, 15, 12));
const AREA = { name: 'fields.geojson', text: TWO_FIELDS, format: 'geojson' as const };
const GIVEN = {
  model: 'Stratus2',
  satelliteConstellations: ['Sentinel2'],
  epsgProjection: 4326,
  resolution: 20,
  bandnames: 'rgb',
  dates: ['2026-06-02', '2026-06-03'],
};

describe('series: resolve, settings and options to frozen settings or open questions (no prompt)', () => {
  const fixture = useSimulatorClient({ simulator: { demoData: true }, tempPrefix: 'series-resolve-' });

  const resolve = async (options: Record<string, unknown>) => {
    // Every question answered "dismiss": a prompt shown would end the run, not pass unseen.
    const run = scriptedPorts(fixture.client, {}, { now: NOW });
    const { aoi } = readAoiOrThrow(AREA);
    const models = await fixture.client.listModels({ signal: run.ports.signal });
    const resolved = await resolveSeriesFields({
      ports: run.ports,
      aoi,
      aoiMode: aoi.format,
      options,
      models,
      account: accountOnce(run.ports),
    });
    return { resolved, asked: run.asked };
  };

  it('every setting given: the frozen settings, nothing asked', async () => {
    const { resolved, asked } = await resolve(GIVEN);
    assert.deepEqual(asked, []);
    assert.ok('fields' in resolved, JSON.stringify(resolved));
    assert.equal(resolved.fields.model, 'Stratus2');
    assert.equal(resolved.fields.resolution, 20);
    assert.equal(resolved.fields.bandnames, 'rgb');
  });

  it('the model and the resolution left open: named as open questions, nothing asked', async () => {
    const { resolved, asked } = await resolve({ ...GIVEN, model: undefined, resolution: undefined });
    assert.deepEqual(asked, []);
    assert.ok('open' in resolved, JSON.stringify(resolved));
    assert.ok(resolved.open.includes('model'), resolved.open.join(', '));
    assert.ok(resolved.open.includes('resolution'), resolved.open.join(', '));
  });
});
