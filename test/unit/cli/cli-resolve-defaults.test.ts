// The command line's Resolve (#38): the questions its options leave open take each step's own
// default, said on stderr in the flags' words, and the bodies the service receives are pinned
// here, so that resolving through engine/resolve.ts instead of answering the wizard through an
// ask port leaves every body and every word as it was (the values below were taken from the
// command line before that change). A date, the tiles and the order's days are given; the rest is
// left to the defaults. Against the simulator, through the CLI process.
import * as assert from 'node:assert/strict';
import { FIELD, useCliSimulator } from '../fixtures/cli-fixture';
import { jsonOf, notesOf } from '../fixtures/cli-helpers';

const COMPOSITE_ESTIMATE = '/api/satelliteimages/process/composite/estimate';
const COMPOSITE_AVAILABLE = '/api/satelliteimages/process/composite/available';
const IMAGE_DEFAULTS = [
  'Using --satellite-constellations Sentinel2 (the default).',
  'Using --epsg-projection 32632 (the default).',
  'Using --resolution 10 m (the default).',
  'Using --bandnames rgb (the default).',
];
/** The settings the defaults give an image: the estimate's body but the area and the date. */
const IMAGE_SETTINGS = {
  Resolution: 10,
  EpsgProjection: 32632,
  Model: 'Stratus2',
  SatelliteConstellations: ['Sentinel2'],
  Bandnames: 'rgb',
};

describe('CLI: the defaults a verb takes for the questions its options leave open (bodies pinned)', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: 'cli-resolve-key-Q7p2',
    prefix: 'sat-imagery-cli-resolve-',
    // The simulator's today, pinned: its catalogue of June 2026 must not depend on the machine's day.
    simulator: { seed: 3, clock: () => Date.parse('2026-07-01T12:00:00Z') },
    files: { 'field.geojson': FIELD },
  });
  let area: string;
  let date: string;
  /** The bodies POSTed to `path` by the runs after `from` requests. */
  const bodies = (path: string, from: number) =>
    cli.sim.requests
      .slice(from)
      .filter((r) => r.method === 'POST' && r.path === path)
      .map((r) => r.body);

  before(async () => {
    area = cli.file('field.geojson');
    const dates = await cli.run(
      'dates',
      area,
      '--model',
      'Stratus2',
      '--from',
      '2026-06-01',
      '--to',
      '2026-06-30',
      '--json',
    );
    date = jsonOf<{ coverage: { full: string[] } }>(dates).coverage.full[0]!;
  });

  it('estimate: the composite checked and priced with the default settings, each said', async () => {
    const from = cli.sim.requests.length;
    const run = await cli.run('estimate', area, '--model', 'Stratus2', '--date', date, '--json');
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(notesOf(run.stderr), IMAGE_DEFAULTS);
    const { Resolution: _resolution, ...checked } = IMAGE_SETTINGS;
    const geometry = { GeoJson: JSON.parse(FIELD) };
    assert.deepEqual(bodies(COMPOSITE_AVAILABLE, from), [{ ...geometry, Date: `${date}T00:00:00Z`, ...checked }]);
    assert.deepEqual(bodies(COMPOSITE_ESTIMATE, from), [{ ...geometry, Date: `${date}T00:00:00Z`, ...IMAGE_SETTINGS }]);
  });

  it('tiles process: the batch priced with the default settings, each said, and stopped at the price', async () => {
    const tiles = jsonOf<{ selected: string[] }>(await cli.run('tiles', 'search', area, '--mini-tiles', '--json'));
    const tile = tiles.selected[0]!;
    const from = cli.sim.requests.length;
    const run = await cli.run(
      'tiles',
      'process',
      area,
      '--mini-tiles',
      '--model',
      'Stratus2',
      '--date',
      date,
      '--tile-guids',
      tile,
      '--json',
    );
    assert.equal(run.code, 8, run.stderr);
    assert.deepEqual(notesOf(run.stderr), IMAGE_DEFAULTS);
    const estimates = bodies(COMPOSITE_ESTIMATE, from) as Record<string, unknown>[];
    assert.equal(estimates.length, 1);
    const { Wkt: wkt, ...rest } = estimates[0]!;
    assert.match(String(wkt), /^POLYGON \(\(/);
    assert.deepEqual(rest, { Date: `${date}T00:00:00Z`, ...IMAGE_SETTINGS });
  });

  it('orders estimate: the cadence and the reference date from the defaults, each said', async () => {
    const from = cli.sim.requests.length;
    const run = await cli.run(
      'orders',
      'estimate',
      area,
      '--model',
      'Stratus2',
      '--from',
      '2027-01-01',
      '--to',
      '2027-02-28',
      '--json',
    );
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(notesOf(run.stderr), [
      'Using --satellite-constellations Sentinel2 (the default).',
      'Using --reference-date 2027-01-01 (the default).',
      'Using --image-frequency 1 (the default).',
      'Using --storage-months 1 (the default).',
      'Using --api-requests 1 (the default).',
      'Without --geometry-tile-ordering: Order the area (the default).',
    ]);
    assert.deepEqual(bodies('/api/tasking/orders/estimate', from), [
      {
        Wkt: 'GEOMETRYCOLLECTION (POLYGON ((10.05 56.05, 10.07 56.05, 10.07 56.06, 10.05 56.06, 10.05 56.05)))',
        SatelliteConstellations: ['Sentinel2'],
        Model: 'Stratus2',
        StorageMonths: 1,
        ApiRequests: 1,
        ImageFrequency: 1,
        ReferenceDate: '2027-01-01',
        From: '2027-01-01',
        To: '2027-02-28',
      },
    ]);
  });
});
