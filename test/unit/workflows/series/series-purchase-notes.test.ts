// A purchase says what it bought, run as a new user would from the command line against the
// simulator: a series date sold for the whole area whose image leaves one field without data is
// named with the field and its valid share (text and --json), a run whose images are fine adds
// nothing, and `apply` says so too, and says when the service sent coarser pixels than asked.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AreaCoverage, PixelSize } from '../../../../src/workflows/engine/results';
import { sceneDay } from '../../../simulator/scene';
import { jsonOf } from '../../fixtures/cli-helpers';
import { useCliSimulator } from '../../fixtures/cli-fixture';
import { NORTH, TWO_FIELDS } from '../composite/two-fields';

const KEY = 'cli-purchase-notes-key-8Vw2';
/** The simulator's clock: imagery every day, so the dates below are covered on any day the suite runs. */
const NOW = Date.UTC(2026, 5, 15, 12);
/** Two dates the scene shows without clouds (seed 7): only the nodata box leaves a field empty. */
const DATES = ['2026-06-02', '2026-06-03'];
const SEED = 7;
/** About 4 km × 4.4 km: at 10 m and six bands, above the simulator's samples per image (it sends 20 m). */
const WIDE = 'POLYGON((10.1 56.1, 10.16 56.1, 10.16 56.14, 10.1 56.14, 10.1 56.1))';

const IMAGERY = JSON.stringify({
  datasets: [
    {
      name: 'wide',
      area: 'wide.wkt',
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      resolution: 10,
      epsgProjection: 32632,
      bandnames: 'B2,B3,B4,B8,B11,B12',
      dates: ['2026-06-02'],
    },
  ],
  budget: { maxCredits: 100000 },
});

interface DateJson {
  date: string;
  status: string;
  coverage?: AreaCoverage;
  pixelSize?: PixelSize;
}

describe('CLI: a purchase says what it bought (each field’s valid share, the pixels delivered)', function () {
  this.timeout(180_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-purchase-notes-',
    simulator: { seed: SEED, clock: () => NOW, imageryEveryDay: true, account: { CreditAmount: 1e6 } },
    files: { 'fields.geojson': TWO_FIELDS, 'wide.wkt': WIDE, 'imagery.json': IMAGERY },
  });
  afterEach(() => cli.sim.configure({}));
  beforeEach(() => cli.sim.clearLog());

  it('the dates are clear in the scene (the fixture means what it says)', () => {
    for (const date of [...DATES, '2026-06-08']) assert.equal(sceneDay(date, SEED).cloudCover, 0, date);
  });
  const series = (folder: string, ...more: string[]) =>
    cli.run(
      'series',
      cli.file('fields.geojson'),
      '--model',
      'Stratus2',
      '--dates',
      DATES.join(','),
      '--resolution',
      '20',
      '--yes',
      '--max-cost',
      '1000',
      '--output-directory',
      join(cli.dir, folder),
      ...more,
    );

  it("series: a date that leaves field 'north' without data is named, with the field's and the area's share", async () => {
    // A cloud over 'north' on the first date only: the service sells the date for the whole area.
    cli.sim.configure({ nodataBoxes: [{ ...NORTH, dates: [DATES[0]!] }] });
    const text = await series('north-text');
    assert.equal(text.code, 0, text.stderr + text.stdout);
    assert.match(
      text.stdout,
      new RegExp(
        `^1 of 2 dates leaves a field mostly without data \\(under 50 % valid\\): ${DATES[0]} field 'north' 0 % valid, area \\d+ % valid\\.$`,
        'm',
      ),
    );
    assert.doesNotMatch(text.stdout, /field 'south'/, 'the field with data is not named');
    assert.doesNotMatch(text.stdout, new RegExp(`${DATES[1]} field`), 'nor the date that is fine');
    // --json: every date's area and each field, by name.
    const json = jsonOf<{ dates: DateJson[]; notes?: string[] }>(await series('north-json', '--json'));
    const first = json.dates.find((d) => d.date === DATES[0]);
    assert.equal(first?.status, 'done');
    const north = first?.coverage?.fields.find((f) => f.field === 'north');
    assert.equal(north?.validFraction, 0);
    const area = first?.coverage?.area;
    assert.ok(area !== undefined && area > 0.3 && area < 0.7, `about half the area is valid: ${area}`);
    assert.deepEqual(first?.pixelSize, { asked: 20, delivered: 20 });
    assert.equal(json.notes?.length, 1, JSON.stringify(json.notes));
  });

  it('series: a run whose images are all fine adds no note', async () => {
    const text = await series('fine');
    assert.equal(text.code, 0, text.stderr + text.stdout);
    assert.doesNotMatch(text.stdout, /mostly without data|Delivered/);
    assert.match(text.stdout, new RegExp(`^${DATES[0]}\\s+done`, 'm'));
  });

  it('apply says the pixels delivered when the service sent 20 m for a 10 m request', async () => {
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '100000');
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.equal(cli.sim.requests.filter((r) => r.charged).length, 1, 'one image bought (the simulator charged once)');
    assert.match(run.stdout, /^Delivered 20 m pixels for a 10 m request \(1 of 1 image\)\.$/m);
    assert.match(run.stdout, /^Apply: 1 bought, 0 uncertain, 0 failed\./m);
  });

  it('apply says a field left without data, as the series does', async () => {
    cli.sim.configure({ nodataBoxes: [{ ...NORTH }] });
    const imagery = JSON.stringify({
      datasets: [
        {
          name: 'fields',
          area: 'fields.geojson',
          model: 'Stratus2',
          satelliteConstellations: ['Sentinel2'],
          resolution: 20,
          bandnames: 'rgb',
          dates: ['2026-06-08'],
        },
      ],
      budget: { maxCredits: 1000 },
    });
    writeFileSync(cli.file('fields.imagery.json'), imagery);
    const run = await cli.run('apply', cli.file('fields.imagery.json'), '--yes', '--max-cost', '1000');
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.match(
      run.stdout,
      /^1 of 1 image leaves a field mostly without data \(under 50 % valid\): fields 2026-06-08 field 'north' 0 % valid, area \d+ % valid\.$/m,
    );
  });
});
