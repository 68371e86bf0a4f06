// plan (and so apply) resolves a dataset's settings with nobody asked (#38): a setting the imagery
// file leaves open takes the default its question offers, as the command line took it, the window
// of a dataset without dates is the last 30 days and its thinning every date, and each default
// taken is said on the log in the command line's words. The ports here fail the test on any
// question, so a prompt shown (the wizard) cannot pass unseen. Against the simulator.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDeclaration } from '../../../../src/workflows/declared/declared-file';
import { makePlan } from '../../../../src/workflows/declared/declared-plan';
import type { Plan } from '../../../../src/workflows/declared/declared-plan';
import { accountOnce } from '../../../../src/pricing/account-snapshot';
import { readAoiOrThrow } from '../../../../src/workflows/engine/aoi-input';
import { isWorkflowError } from '../../../../src/request/workflow-error';
import { defaultSeriesFields } from '../../../../src/workflows/series/series-plan';
import { FIELD } from '../../fixtures/cli-fixture';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

/** Midnight, so the default window is whole days an imagery file can name. */
const NOW = Date.UTC(2026, 5, 15);
const OPEN = { name: 'open', area: 'field.geojson', model: 'Stratus2' };
/** What the questions offer for FIELD and Stratus2: the defaults written out. */
const GIVEN = {
  ...OPEN,
  satelliteConstellations: ['Sentinel2'],
  epsgProjection: 32632,
  resolution: 10,
  bandnames: 'rgb',
};
const NOTES = [
  'Using --satellite-constellations Sentinel2 (the default).',
  'Using --epsg-projection 32632 (the default).',
  'Using --resolution 10 m (the default).',
  'Using --bandnames rgb (the default).',
];

describe("plan: a dataset's open settings take their defaults, nobody asked", function () {
  this.timeout(60_000);
  const fixture = useSimulatorClient({
    simulator: { demoData: true, imageryEveryDay: true, clock: () => NOW },
    tempPrefix: 'declared-plan-defaults-',
  });
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'declared-plan-defaults-'));
    writeFileSync(join(dir, 'field.geojson'), FIELD);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The plan of one dataset, every question failing the run (an empty script), and its log. */
  const planOf = async (dataset: Record<string, unknown>): Promise<{ plan: Plan; asked: string[]; log: string[] }> => {
    const path = join(dir, 'imagery.json');
    writeFileSync(path, JSON.stringify({ datasets: [dataset] }));
    const run = scriptedPorts(fixture.client, {}, { now: new Date(NOW) });
    const log: string[] = [];
    const ports = { ...run.ports, log: (message: string) => log.push(message) };
    const { plan } = await makePlan(ports, await loadDeclaration(path), { version: 1, images: [], orders: [] });
    return { plan, asked: run.asked, log };
  };
  const keys = (plan: Plan) => plan.units.map((u) => `${u.kind} ${u.date} ${u.key}`).sort();

  it('settings left open: the units of the defaults written out, nothing asked, each default said', async () => {
    const dates = ['2026-06-10', '2026-06-12'];
    const open = await planOf({ ...OPEN, dates });
    assert.deepEqual(open.asked, []);
    assert.deepEqual(open.log, NOTES);
    const given = await planOf({ ...GIVEN, dates });
    assert.deepEqual(given.log, [], 'nothing left open: nothing said');
    assert.equal(open.plan.units.length, 2);
    assert.deepEqual(keys(open.plan), keys(given.plan));
  });

  it('no dates and no window: the last 30 days, every date found, nothing asked', async () => {
    // Settings left open too: a run whose settings are all given takes the window without a question.
    const open = await planOf(OPEN);
    assert.deepEqual(open.asked, []);
    assert.deepEqual(open.log, NOTES, 'the window and the thinning are taken silently');
    const window = await planOf({ ...GIVEN, from: '2026-05-16', to: '2026-06-15' });
    assert.ok(open.plan.units.length > 1, JSON.stringify(open.plan.units));
    assert.deepEqual(keys(open.plan), keys(window.plan));
  });

  it('the model left open is refused, naming --model and the models, never guessed', async () => {
    const run = scriptedPorts(fixture.client, {}, { now: new Date(NOW) });
    const { aoi } = readAoiOrThrow({ name: 'field.geojson', text: FIELD, format: 'geojson' });
    const models = await fixture.client.listModels({ signal: run.ports.signal });
    const { model: _model, ...noModel } = GIVEN;
    await assert.rejects(
      defaultSeriesFields({
        ports: run.ports,
        aoi,
        aoiMode: aoi.format,
        options: noModel,
        models,
        account: accountOnce(run.ports),
      }),
      (error: Error) =>
        isWorkflowError(error) &&
        error.kind === 'invalid-option' &&
        /^Missing --model \(one of: .*Stratus2/.test(error.message),
    );
    assert.deepEqual(run.asked, []);
  });
});
