// `sat-imagery stats` over 100,000 small fields (round, 32 vertices each: an 88 MB GeoJSON) on one
// small image, as a process under /usr/bin/time: its peak resident memory stays within 1 GiB (it
// was 1.2 GiB, the fields held as an array per vertex, the file parsed twice), and every field has
// its row.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildGeoTiff } from '../../simulator/geotiff-image';
import { buildCli } from '../fixtures/cli-helpers';

const FIELDS = 100_000;
const VERTICES = 32;
const GIB_KB = 1024 * 1024;
const BBOX = { west: 10.0, south: 56.0, east: 10.16, north: 56.09 };

/** Round fields on a grid over the box, each inside its own cell, as one FeatureCollection. */
function fieldsText(): string {
  const side = Math.ceil(Math.sqrt(FIELDS));
  const dx = (BBOX.east - BBOX.west) / side;
  const dy = (BBOX.north - BBOX.south) / side;
  const features: string[] = [];
  for (let i = 0; i < FIELDS; i++) {
    const cx = BBOX.west + ((i % side) + 0.5) * dx;
    const cy = BBOX.south + (Math.floor(i / side) + 0.5) * dy;
    const ring = Array.from({ length: VERTICES }, (_, k) => {
      const angle = (2 * Math.PI * k) / VERTICES;
      return [+(cx + 0.4 * dx * Math.cos(angle)).toFixed(7), +(cy + 0.4 * dy * Math.sin(angle)).toFixed(7)];
    });
    ring.push(ring[0]!);
    features.push(
      JSON.stringify({
        type: 'Feature',
        properties: { id: `f${i}` },
        geometry: { type: 'Polygon', coordinates: [ring] },
      }),
    );
  }
  return `{"type":"FeatureCollection","features":[\n${features.join(',\n')}\n]}\n`;
}

describe('stats: 100,000 fields in memory', function () {
  this.timeout(180_000);
  let dir: string;
  before(() => {
    buildCli();
    dir = mkdtempSync(join(tmpdir(), 'stats-fields-memory-'));
    writeFileSync(
      join(dir, 'image-2025-06-20.tif'),
      buildGeoTiff({
        bbox: BBOX,
        epsg: 32632,
        resolution: 10,
        bands: ['B4', 'B8'],
        dataType: 'int16',
        date: '2025-06-20',
        seed: 3,
      }),
    );
    writeFileSync(join(dir, 'fields.geojson'), fieldsText());
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('measures 100,000 fields of 32 vertices with a peak resident memory of at most 1 GiB', async () => {
    // The row cache goes to the scratch folder's cache, not the user's.
    const { stderr } = await promisify(execFile)(
      '/usr/bin/time',
      [
        '-f',
        'peak-kb %M',
        process.execPath,
        buildCli(),
        'stats',
        'fields.geojson',
        'image-2025-06-20.tif',
        '--csv',
        'table.csv',
      ],
      { cwd: dir, env: { PATH: process.env.PATH ?? '', XDG_CACHE_HOME: join(dir, '.cache') } },
    );
    const peakKb = Number(/peak-kb (\d+)/.exec(stderr)?.[1]);
    assert.ok(peakKb > 0, stderr);
    assert.ok(peakKb <= GIB_KB, `peak ${Math.round(peakKb / 1024)} MiB, above 1 GiB`);
    const rows = readFileSync(join(dir, 'table.csv'), 'utf8').split('\r\n');
    assert.equal(rows.length - 2, FIELDS, 'one row per field');
    assert.match(rows[1]!, /^f0,2025-06-20,ndvi,-?\d/);
  });
});
