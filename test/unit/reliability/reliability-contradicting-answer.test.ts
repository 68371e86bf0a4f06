// An answer that contradicts itself never frees a billed call (issue #38): a composite answered
// HTTP 200 as application/octet-stream whose body is the service's failure envelope (code 1002)
// was charged at the simulator, so the command line must say "may have been charged" (exit 6) and
// a rerun must hold the unit instead of buying it a second time.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { MISANSWER_ENVELOPE_MESSAGE } from '../../simulator/index';
import type { Simulator } from '../../simulator/index';
import { FIELD, useCliSimulator } from '../fixtures/cli-fixture';
import { jsonOf } from '../fixtures/cli-helpers';

const KEY = 'cli-contradicting-key-Qm4x';
const COMPOSITE = '/api/satelliteimages/process/composite';

describe('reliability: a 200 image answer holding a failure envelope, through the command line', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-contradicting-',
    simulator: { seed: 3 },
    files: { 'field.geojson': FIELD },
  });
  let sim: Simulator;
  let date: string;
  const composites = () => sim.requests.filter((r) => r.method === 'POST' && r.path === COMPOSITE);

  before(async () => {
    sim = cli.sim;
    // The dates the simulator has for the field today: the test needs one, whatever the day.
    const dates = await cli.run('dates', cli.file('field.geojson'), '--model', 'Stratus2', '--json');
    date = jsonOf<{ coverage: { full: string[] } }>(dates).coverage.full[0]!;
    assert.ok(date, 'the field has a date with imagery');
  });
  afterEach(() => sim.configure({}));

  it('download: exits 6 with what the service said, and the rerun sends no second billed call', async () => {
    const args = [
      'download',
      cli.file('field.geojson'),
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--date',
      date,
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      join(cli.dir, 'out'),
    ];
    sim.clearLog();
    sim.configure({ imageAnswer: 'envelope-as-octet-stream' });
    const first = await cli.run(...args, '--json');
    assert.equal(first.code, 6, `may have been charged:\n${first.stdout}\n${first.stderr}`);
    const result = jsonOf<{ outcome: string; charge: { reason: string; before: number; after: number } }>(first);
    assert.equal(result.outcome, 'may-have-been-charged');
    // What the service said stays in the words, beside why the call is held.
    assert.ok(result.charge.reason.includes(MISANSWER_ENVELOPE_MESSAGE), result.charge.reason);
    assert.match(result.charge.reason, /error 1002/);
    assert.match(result.charge.reason, /may have been charged; it was not sent again/);
    assert.ok(result.charge.after < result.charge.before, 'the balance shows the charge');
    assert.deepEqual(
      composites().map((r) => [r.outcome, r.charged !== undefined]),
      [['fault:envelope-as-octet-stream', true]],
      'one billed call, charged at the simulator',
    );

    // The service answers properly now: the unit is still held, never bought a second time.
    sim.configure({});
    const rerun = await cli.run(...args);
    assert.equal(rerun.code, 6, `held as possibly charged:\n${rerun.stdout}\n${rerun.stderr}`);
    assert.equal(composites().length, 1, 'no second process call');
    assert.equal(composites().filter((r) => r.charged).length, 1, 'charged once');
  });
});
