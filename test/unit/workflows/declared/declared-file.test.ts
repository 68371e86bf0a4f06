// The imagery file: the shipped JSON Schema is the one generated from the zod schema, and every
// problem of a file (syntax, unknown names, bad values, missing or invalid area files, shared
// folders) is reported at its line and column, before anything is sent.
import * as assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeclaredFileError, loadDeclaration } from '../../../../src/workflows/declared/declared-file';
import { imageryJsonSchemaText } from '../../../../src/workflows/declared/json-schema';
import { verifyLock } from '../../../../src/workflows/declared/declared-verify';
import { FIELD } from '../../fixtures/cli-fixture';

const root = join(__dirname, '..', '..', '..', '..', '..');

async function problemsOf(dir: string, text: string): Promise<{ line: number; column: number; message: string }[]> {
  const path = join(dir, 'imagery.json');
  writeFileSync(path, text);
  try {
    await loadDeclaration(path);
  } catch (error) {
    assert.ok(error instanceof DeclaredFileError, String(error));
    return error.problems.map(({ line, column, message }) => ({ line, column, message }));
  }
  assert.fail('the file was accepted');
}

describe('imagery file', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-declared-'));
    mkdirSync(join(dir, 'fields'));
    writeFileSync(join(dir, 'fields', 'a.geojson'), FIELD);
    writeFileSync(
      join(dir, 'fields', 'b.geojson'),
      FIELD.replace('10.05,56.05', '10.04,56.05').replace('10.05,56.05]]', '10.04,56.05]]'),
    );
    writeFileSync(
      join(dir, 'fields', 'open.geojson'),
      '{"type":"Polygon","coordinates":[[[10.05,56.05],[10.07,56.05],[10.07,56.06],[10.05,56.06]]]}',
    );
  });

  it('ships the JSON Schema generated from the zod schema, contributed for imagery.json and *.imagery.json', () => {
    const shipped = readFileSync(join(root, 'schemas', 'imagery.schema.json'), 'utf8');
    assert.equal(
      shipped,
      imageryJsonSchemaText(),
      'schemas/imagery.schema.json differs from the zod schema: ship the generated text',
    );
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      contributes: { jsonValidation: { fileMatch: string[]; url: string }[] };
    };
    assert.deepEqual(manifest.contributes.jsonValidation, [
      { fileMatch: ['imagery.json', '*.imagery.json'], url: './schemas/imagery.schema.json' },
    ]);
    assert.match(readFileSync(join(root, '.vscodeignore'), 'utf8'), /^!schemas\/imagery\.schema\.json$/m);
  });

  it('reads a valid file: each dataset with its area files (a glob, sorted), each with its feature hash', async () => {
    const path = join(dir, 'ok.imagery.json');
    writeFileSync(
      path,
      JSON.stringify({
        datasets: [{ name: 'ndvi', area: 'fields/?.geojson', model: 'Stratus2', resolution: 10, every: 'week' }],
        budget: { maxCredits: 50 },
      }),
    );
    const declaration = await loadDeclaration(path);
    assert.deepEqual(
      declaration.datasetAreas[0]!.map((a) => a.file),
      ['fields/a.geojson', 'fields/b.geojson'],
    );
    assert.match(declaration.datasetAreas[0]![0]!.featureHash, /^[0-9a-f]{64}$/);
    assert.notEqual(declaration.datasetAreas[0]![0]!.featureHash, declaration.datasetAreas[0]![1]!.featureHash);
  });

  it('names a syntax error at its line and column', async () => {
    const problems = await problemsOf(dir, '{\n  "datasets": [\n    { "name": "a", }\n  ]\n}\n');
    assert.equal(problems.length, 1);
    assert.deepEqual([problems[0]!.line, problems[0]!.column], [3, 18], 'at the trailing comma');
  });

  it('names unknown names, bad values and missing or invalid area files, each where it is written', async () => {
    const text = [
      '{',
      '  "datasets": [',
      '    { "name": "ndvi", "area": "fields/a.geojson", "model": "Stratus2", "Resolution": 10 },',
      '    { "name": "rgb", "area": "fields/none-*.geojson", "model": "Stratus2", "every": "fortnight" },',
      '    { "name": "open", "area": "fields/open.geojson", "model": "Stratus2", "output": { "Datatype": "uint8" } }',
      '  ],',
      '  "budget": { "maxCredits": -1 }',
      '}',
    ].join('\n');
    const problems = await problemsOf(dir, text);
    const at = (line: number) => problems.filter((p) => p.line === line).map((p) => p.message);
    assert.deepEqual(at(3), ["unknown name 'Resolution'"]);
    assert.equal(at(4).length, 1);
    assert.match(at(4)[0]!, /^datasets\.1\.every: /);
    assert.match(at(5)[0]!, /unknown name 'Datatype'/);
    assert.match(at(7)[0]!, /^budget\.maxCredits: /);
    assert.equal(problems.length, 4, JSON.stringify(problems));
    // The schema is right: the areas are looked at next.
    const areas = await problemsOf(
      dir,
      text
        .replace('"Resolution"', '"resolution"')
        .replace('"fortnight"', '"week"')
        .replace('"Datatype"', '"DataType"')
        .replace('-1', '1'),
    );
    assert.deepEqual(
      areas.map((p) => p.line),
      [4, 5],
    );
    assert.match(areas[0]!.message, /no area file 'fields\/none-\*\.geojson'/);
    assert.match(areas[1]!.message, /^fields\/open\.geojson:1:\d+ is not a valid area of interest/);
    assert.equal(areas[1]!.column, 31, 'at the area value');
  });

  it('refuses two datasets in one folder, a folder outside the file, and dates with a thinning', async () => {
    const problems = await problemsOf(
      dir,
      JSON.stringify({
        datasets: [
          { name: 'a', area: 'fields/a.geojson', model: 'Stratus2', folder: 'images' },
          { name: 'b', area: 'fields/a.geojson', model: 'Stratus2', folder: 'images/' },
          { name: 'c', area: 'fields/a.geojson', model: 'Stratus2', folder: '../elsewhere' },
          { name: 'a', area: 'fields/a.geojson', model: 'Stratus2', dates: ['2026-11-01'], nth: 2 },
        ],
      }),
    );
    assert.deepEqual(
      problems.map((p) => p.message.replace(/'.*?'/g, 'X').slice(0, 30)),
      [
        'a second dataset named X (the ',
        'the folder X is the folder of ',
        'the folder X is outside the im',
        'nth and every thin the dates a',
      ],
    );
  });

  it("verify reads nothing a lock names outside the imagery file's folder", async () => {
    const image = {
      dataset: 'd',
      area: 'a',
      featureHash: '0'.repeat(64),
      date: '2026-01-01',
      bodyHash: '0'.repeat(64),
      request: {},
      bytes: 1,
      sha256: '0'.repeat(64),
      at: '',
    };
    const checked = await verifyLock(join(dir, 'fields'), {
      version: 1,
      images: [
        { ...image, file: '../fields/a.geojson' },
        { ...image, file: '../../etc/passwd' },
        { ...image, file: '/etc/passwd' },
      ],
      orders: [],
    });
    assert.deepEqual(
      checked.map((c) => c.problem?.replace(/\d+ bytes.*/, 'size')),
      ['size', "outside the imagery file's folder: not read", "outside the imagery file's folder: not read"],
    );
  });
});
