// apply and series resolve their settings with nobody asked (#38), and send what they sent when a
// question the file or the flags left open went through the wizard and the command line's answer:
// the billed bodies below were recorded from the simulator's request log on the code before (an
// imagery file naming only the model and the dates; series with --model and --dates), and the
// defaults are said on stderr in the same words. Run as processes against the simulator.
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { FIELD, useCliSimulator } from '../../fixtures/cli-fixture';
import { notesOf } from '../../fixtures/cli-helpers';

const KEY = 'cli-apply-defaults-key-R2m8';
const NOW = Date.UTC(2026, 5, 15, 12);
const DATES = ['2026-06-10', '2026-06-12'];
const PROCESS = '/api/satelliteimages/process/composite';

/** The billed bodies apply and series sent for DATES before, the defaults taken by the wizard's
 * steps through the command line's non-interactive answers. */
const BEFORE = DATES.map((date) => ({
  GeoJson: JSON.parse(FIELD) as unknown,
  Date: `${date}T00:00:00Z`,
  Resolution: 10,
  EpsgProjection: 32632,
  Model: 'Stratus2',
  SatelliteConstellations: ['Sentinel2'],
  Bandnames: 'rgb',
}));
const NOTES = [
  'Using --satellite-constellations Sentinel2 (the default).',
  'Using --epsg-projection 32632 (the default).',
  'Using --resolution 10 m (the default).',
  'Using --bandnames rgb (the default).',
];

describe('CLI: apply and series send the bodies they sent when the wizard took the defaults', function () {
  this.timeout(120_000);
  const imagery = { datasets: [{ name: 'open', area: 'field.geojson', model: 'Stratus2', dates: DATES }] };
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-apply-defaults-',
    simulator: { seed: 7, clock: () => NOW, imageryEveryDay: true },
    files: { 'field.geojson': FIELD, 'imagery.json': JSON.stringify(imagery) },
  });
  const billed = () =>
    cli.sim.requests
      .filter((r) => r.charged && r.path === PROCESS)
      .map((r) => r.body as { Date: string })
      .sort((a, b) => a.Date.localeCompare(b.Date));
  const notes = (stderr: string) => [...new Set(notesOf(stderr).filter((note) => note.startsWith('Using ')))];

  beforeEach(() => cli.sim.clearLog());

  it('apply of a dataset naming only its model and dates', async () => {
    const run = await cli.run('apply', cli.file('imagery.json'), '--yes', '--max-cost', '1000');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(billed(), BEFORE);
    assert.deepEqual(notes(run.stderr), NOTES);
  });

  it('series with only --model and --dates', async () => {
    const run = await cli.run(
      'series',
      cli.file('field.geojson'),
      ...['--model', 'Stratus2', '--dates', DATES.join(',')],
      ...['--output-directory', join(cli.dir, 'series'), '--yes', '--max-cost', '1000'],
    );
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(billed(), BEFORE);
    assert.deepEqual(notes(run.stderr), NOTES);
  });
});
