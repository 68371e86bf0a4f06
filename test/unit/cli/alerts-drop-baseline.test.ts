// `sat-imagery alerts AREA IMAGES... --drop T --baseline K` through the command line against the
// simulator: a season of two fields over six weekly dates whose NDVI the script writes out by hand
// (test/simulator/season.ts `ndvi`), bought with `series`; each option moves the alerts exactly as
// worked out below, and a value it cannot take is a usage error that names it (exit 11).
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { DEFAULT_SEASON, seasonDates } from '../../simulator/index';
import type { SeasonScript } from '../../simulator/index';
import { jsonOf } from '../fixtures/cli-helpers';
import { useCliSimulator } from '../fixtures/cli-fixture';
import { seasonAreaGeoJson, seasonFieldsGeoJson } from '../fixtures/season-files';
import { testClock } from '../fixtures/test-clock';

const KEY = 'alerts-drop-baseline-key-9Wd3';

/** Two fields, six weekly dates d1..d6 from 2026-05-04; the product measures each mean within 0.005
 * of its value, far from every threshold below (the nearest is 0.02 away). */
const SCRIPT: SeasonScript = {
  ...DEFAULT_SEASON,
  across: 2,
  down: 1,
  count: 6,
  harvests: [],
  clouds: [],
  ndvi: {
    F01: [0.6, 0.6, 0.6, 0.8, 0.62, 0.4],
    F02: [0.6, 0.6, 0.6, 0.48, 0.48, 0.48],
  },
};
const [, , D3, D4, D5, D6] = seasonDates(SCRIPT);

interface AlertsJson {
  alerts: {
    field: string;
    date: string;
    rule: string;
    value: number;
    baseline: number;
    threshold: number;
    baselineDates: string[];
  }[];
  options: { drop: number; baseline: number };
}

describe('alerts: --drop and --baseline through the command line', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-alerts-drop-baseline-',
    simulator: { demoData: false, season: SCRIPT, clock: testClock },
    files: { 'area.geojson': seasonAreaGeoJson(SCRIPT), 'fields.geojson': seasonFieldsGeoJson(SCRIPT) },
  });
  const images = () => join(cli.dir, 'season');
  const alerts = async (...options: string[]) => {
    const run = await cli.run('alerts', cli.file('fields.geojson'), images(), '--json', ...options);
    assert.equal(run.code, 2, `alerts ${options.join(' ')}: ${run.stderr}`);
    return jsonOf<AlertsJson>(run);
  };
  const keys = (result: AlertsJson) => result.alerts.map((a) => `${a.field} ${a.date} ${a.rule}`);

  before(async () => {
    const bought = await cli.run(
      'series',
      cli.file('area.geojson'),
      '--model',
      'Stratus2',
      '--satellite-constellations',
      'Sentinel2',
      '--dates',
      seasonDates(SCRIPT).join(','),
      '--bandnames',
      'B4,B8',
      '--yes',
      '--max-cost',
      '100',
      '--output-directory',
      images(),
    );
    assert.equal(bought.code, 0, bought.stderr);
  });

  it('the defaults (T 0.15, K 3): only F01 on d6; F02 fell by 0.12, no drop', async () => {
    // F01: d4 0.80 above median(0.60, 0.60, 0.60); d5 0.62 vs median(0.60, 0.60, 0.80) = 0.60, above;
    //      d6 0.40 vs median(0.60, 0.80, 0.62) = 0.62: 0.22 > 0.15, a drop.
    // F02: d4 0.48 vs 0.60: 0.12 ≤ 0.15; d5 the same; d6 vs median(0.60, 0.48, 0.48) = 0.48: 0.
    const result = await alerts();
    assert.deepEqual(keys(result), [`F01 ${D6} drop`]);
    assert.deepEqual([result.options.drop, result.options.baseline], [0.15, 3]);
    const [drop] = result.alerts;
    assert.deepEqual(drop!.baselineDates, [D3, D4, D5]);
    assert.ok(Math.abs(drop!.value - 0.4) < 0.005 && Math.abs(drop!.baseline - 0.62) < 0.005, JSON.stringify(drop));
  });

  it('--drop 0.1: F02’s fall of 0.12 on d4 is a drop too, held to 0.1', async () => {
    // F02 d4: 0.60 - 0.48 = 0.12 > 0.10, a drop; d5 vs median(0.60, 0.60, 0.48) = 0.60 is still 0.12
    // below: the same drop, not told again. F01 as with the defaults (d5 is above its baseline).
    const result = await alerts('--drop', '0.1');
    assert.deepEqual(keys(result), [`F01 ${D6} drop`, `F02 ${D4} drop`]);
    assert.equal(result.options.drop, 0.1);
    assert.deepEqual(
      result.alerts.map((a) => a.threshold),
      [0.1, 0.1],
    );
  });

  it('--baseline 1: F01 drops on d5 against d4 alone, where K 3 saw none; d6 is the same drop', async () => {
    // F01 d5: 0.80 - 0.62 = 0.18 > 0.15, a drop; d6 0.40 vs 0.62: still below, the same drop.
    // F02 d4: 0.60 - 0.48 = 0.12, no drop.
    const result = await alerts('--baseline', '1');
    assert.deepEqual(keys(result), [`F01 ${D5} drop`]);
    assert.equal(result.options.baseline, 1);
    assert.deepEqual(result.alerts[0]!.baselineDates, [D4]);
    assert.ok(Math.abs(result.alerts[0]!.baseline - 0.8) < 0.005, JSON.stringify(result.alerts[0]));
  });

  it('a value the option cannot take, or none, is a usage error naming the option (exit 11)', async () => {
    const cases: [string[], RegExp][] = [
      [['--drop=-1'], /^sat-imagery: --drop must be a number of at least 0, not '-1'\.\n$/],
      [
        ['--drop', '-1'],
        /^sat-imagery: Option '--drop' argument is ambiguous\. .*'--drop=-XYZ'\. See sat-imagery --help\.\n$/,
      ],
      [['--drop', 'steep'], /^sat-imagery: --drop must be a number of at least 0, not 'steep'\.\n$/],
      [['--baseline', '0'], /^sat-imagery: --baseline must be a whole number of at least 1, not '0'\.\n$/],
      [['--baseline', '2.5'], /^sat-imagery: --baseline must be a whole number of at least 1, not '2\.5'\.\n$/],
      [['--drop'], /^sat-imagery: Option '--drop <value>' argument missing\. See sat-imagery --help\.\n$/],
      [['--baseline'], /^sat-imagery: Option '--baseline <value>' argument missing\. See sat-imagery --help\.\n$/],
    ];
    for (const [options, said] of cases) {
      const run = await cli.run('alerts', cli.file('fields.geojson'), images(), ...options);
      assert.equal(run.code, 11, `${options.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, said, options.join(' '));
      assert.equal(run.stdout, '', options.join(' '));
    }
  });
});
