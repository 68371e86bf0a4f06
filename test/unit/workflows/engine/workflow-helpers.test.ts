import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readAoi } from '../../../../src/geometry/index';
import type { Aoi } from '../../../../src/geometry/types';
import { judgeAvailability } from '../../../../src/workflows/composite/availability';
import { dateCoverage } from '../../../../src/workflows/engine/date-coverage';
import { assertSameAsEstimate } from '../../../../src/workflows/composite/download-composite-workflow';
import { BatchManifest } from '../../../../src/ledger/batch-manifest';
import {
  addMonths,
  orderEstimateRequest,
  recurringCancellationDeadline,
} from '../../../../src/workflows/orders/order-payload';
import { BACK } from '../../../../src/workflows/engine/ports';
import { compositeRequest, diffProfiles, freezeProfile } from '../../../../src/request/request-profile';
import { runWizard } from '../../../../src/workflows/engine/wizard';
import type { WizardStep } from '../../../../src/workflows/engine/wizard';
import { runPool } from '../../../../src/workflows/engine/worker-pool';

const field = 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))';

function aoiOf(text: string): Aoi {
  const read = readAoi(text, 'auto');
  if (!read.ok) throw new Error(read.problems[0]?.message);
  return read.aoi;
}

const fields = {
  date: '2026-11-01',
  aoiMode: 'wkt' as const,
  model: 'Stratus2',
  satelliteConstellations: ['Sentinel2'],
  epsgProjection: 4326,
  resolution: 10,
  bandnames: 'rgb',
};

describe('workflow helpers', () => {
  it('a frozen profile cannot be changed and names each difference from another', () => {
    const aoi = aoiOf(field);
    const a = freezeProfile(aoi, fields);
    assert.throws(() => ((a as { resolution: number }).resolution = 20), TypeError);
    const b = freezeProfile(aoi, { ...fields, resolution: 20, bandnames: 'all' });
    assert.deepEqual(diffProfiles(a, b), ['Bandnames: "rgb" → "all"', 'Resolution: 10 → 20']);
    assert.deepEqual(diffProfiles(a, freezeProfile(aoi, fields)), []);
  });

  it('refuses a process payload that differs from its estimate, naming the field', () => {
    const aoi = aoiOf(field);
    const estimated = compositeRequest(freezeProfile(aoi, fields));
    assert.doesNotThrow(() => assertSameAsEstimate(estimated, compositeRequest(freezeProfile(aoi, fields))));
    assert.throws(
      () => assertSameAsEstimate(estimated, compositeRequest(freezeProfile(aoi, { ...fields, epsgProjection: 47000 }))),
      /EpsgProjection: 4326 → 47000/,
    );
  });

  it('a date covers the AOI only when it is in every DatesByGeog entry', () => {
    const coverage = dateCoverage(
      [
        {
          Model: 'Stratus2',
          DatesByGeog: [
            { Dates: ['2026-11-01', '2026-11-03', '2026-11-05'] },
            { Dates: ['2026-11-03T00:00:00Z', '2026-11-05'] },
          ],
        },
        { Model: 'Other', DatesByGeog: [{ Dates: ['2026-11-07'] }] },
      ],
      'Stratus2',
    );
    const { hits, ...lists } = coverage;
    assert.deepEqual(lists, { full: ['2026-11-05', '2026-11-03'], partial: ['2026-11-01'], parts: 2 });
    assert.deepEqual(
      hits,
      { '2026-11-01': [0], '2026-11-03': [0, 1], '2026-11-05': [0, 1] },
      'which parts list each date',
    );
  });

  it('names the readiness condition that failed and its fix', () => {
    const ready = judgeAvailability(
      { FullyAvailable: true, OrdersCoverPolygon: true, DataAvailableForUser: true },
      '2026-11-01',
    );
    assert.equal(ready.ready, true);
    const noOrder = judgeAvailability(
      { FullyAvailable: true, OrdersCoverPolygon: false, DataAvailableForUser: true },
      '2026-11-01',
    );
    assert.deepEqual([noOrder.ready, noOrder.failed, noOrder.fixes], [false, ['OrdersCoverPolygon'], ['order-area']]);
    assert.match(noOrder.sentence, /no order of this account covers the whole area/);
    const partial = judgeAvailability(
      { FullyAvailable: false, PartiallyAvailable: true, OrdersCoverPolygon: true, DataAvailableForUser: true },
      '2026-11-01',
    );
    assert.deepEqual(partial.fixes, ['other-date']);
    assert.match(partial.sentence, /does not cover the whole area\. Part of the area is covered\./);
    // None of it covered: no imagery of that date here, not "not the whole area".
    const none = judgeAvailability(
      { FullyAvailable: false, PartiallyAvailable: false, OrdersCoverPolygon: true, DataAvailableForUser: true },
      '2026-11-25',
    );
    assert.equal(none.sentence, 'Imagery for 2026-11-25 is not ready: there is no imagery of that date over the area.');
    assert.deepEqual(none.fixes, ['other-date']);
  });

  it('a recurring order must be cancelled before 00:00 UTC on the 1st of the next month', () => {
    assert.equal(recurringCancellationDeadline(new Date('2026-11-22T07:00:00Z')), '2026-12-01T00:00:00.000Z');
    assert.equal(recurringCancellationDeadline(new Date('2026-12-31T23:59:59Z')), '2027-01-01T00:00:00.000Z');
    assert.equal(addMonths('2026-01-31', 1), '2026-02-28');
  });

  it('an order payload sends the tasking GEOMETRYCOLLECTION and refuses bad fields locally', () => {
    const aoi = aoiOf(field);
    const base = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      from: '2026-12-01',
      to: null,
      storageMonths: 1,
      apiRequests: 1,
      imageFrequency: 1,
      referenceDate: '2026-12-01',
    };
    const request = orderEstimateRequest(aoi, base);
    assert.match(String(request.Wkt), /^GEOMETRYCOLLECTION/);
    assert.equal(request.To, null);
    assert.throws(() => orderEstimateRequest(aoi, { ...base, to: '2026-11-01' }), /To \(2026-11-01\) is before From/);
  });

  it('the wizard goes back to the previous asked step, skipping fixed ones', async () => {
    const log: string[] = [];
    const answers: Record<string, unknown[]> = { a: ['a1', 'a2'], c: [BACK, 'c2'] };
    const step = (id: string, fixed = false): WizardStep<Record<string, unknown>> => ({
      id,
      fixed: () => fixed,
      ask: async (state, position) => {
        log.push(`${id}${position.step}/${position.totalSteps}`);
        const value = answers[id]!.shift();
        if (value === BACK) return BACK;
        state[id] = value;
        return true;
      },
    });
    const state: Record<string, unknown> = {};
    assert.equal(await runWizard([step('a'), step('b', true), step('c')], state), true);
    assert.deepEqual(log, ['a1/2', 'c2/2', 'a1/2', 'c2/2']);
    assert.deepEqual(state, { a: 'a2', c: 'c2' });
  });

  it('the worker pool never runs more than its size at once and keeps going past failures', async () => {
    let running = 0;
    let peak = 0;
    const outcomes = await runPool([1, 2, 3, 4, 5, 6], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      if (n === 3) throw new Error('three');
      return n * 2;
    });
    assert.equal(peak, 2);
    assert.deepEqual(
      outcomes.map((o) => o.ok),
      [true, true, false, true, true, true],
    );
  });

  it('the manifest keeps done units across runs with the same profile, and drops them for another', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'manifest-'));
    try {
      const file = join(dir, 'a.tif');
      await writeFile(file, 'x');
      const first = await BatchManifest.open(dir, 'tile', { Date: 'd1' });
      await Promise.all([
        first.record('a', { status: 'done', file, bytes: 1 }),
        first.record('b', { status: 'failed', error: 'boom' }),
      ]);
      const again = await BatchManifest.open(dir, 'tile', { Date: 'd1' });
      assert.equal(again.isDone('a'), true);
      assert.equal(again.isDone('b'), false);
      const other = await BatchManifest.open(dir, 'tile', { Date: 'd2' });
      assert.equal(other.isDone('a'), false);
      assert.equal(JSON.parse(await readFile(first.path, 'utf8')).units.b.error, 'boom');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
