// Geometry problems of open AOI documents reach the Problems panel at their positions, follow
// edits, and offer the simple fixes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { diagnosticsOf, extensionApi } from './vsc-helpers';

const unclosedRing = `{
  "type": "Polygon",
  "coordinates": [
    [
      [10.1502, 56.0705],
      [10.1580, 56.0711],
      [10.1584, 56.0668],
      [10.1509, 56.0662]
    ]
  ]
}
`;
// About 1.1 km by 1.3 km: above the minimum billed area, so no billing warning either.
const goodWkt = 'POLYGON ((10.2205 56.1105, 10.2381 56.1112, 10.2387 56.0994, 10.2212 56.0987, 10.2205 56.1105))\n';
/** A band 0.003° wide from (10, 50) to (10.5, 50.5): it fills under 1 % of its bounding box. */
const diagonalWkt = 'POLYGON ((10 50, 10.003 50, 10.503 50.5, 10.5 50.5, 10 50))\n';

/** The quick fix at `range` whose title matches `title`. Code actions are asked with the
 * workbench's copy of the diagnostics, which arrives a moment after the extension host's
 * (diagnosticsOf waits for those): asked again until the fix is offered, for at most 10 s. */
async function quickFix(
  uri: vscode.Uri,
  range: vscode.Range,
  title: RegExp,
): Promise<vscode.CodeAction & { edit: vscode.WorkspaceEdit }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      range,
    );
    const fix = actions.find((a) => a.kind?.contains(vscode.CodeActionKind.QuickFix) && title.test(a.title));
    if (fix?.edit) return fix as vscode.CodeAction & { edit: vscode.WorkspaceEdit };
    assert.ok(
      Date.now() < deadline,
      `no quick fix matching ${title} among [${actions.map((a) => a.title).join(', ')}]`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('geometry diagnostics', () => {
  let folder: vscode.Uri;
  let api: ExtensionApi;

  before(async () => {
    api = await extensionApi();
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root, 'the test host opened no folder');
    folder = vscode.Uri.joinPath(root, 'diagnostics-test');
    await vscode.workspace.fs.createDirectory(folder);
  });

  after(async () => {
    // The fixes leave their documents edited, not saved: reverted first, so closing them saves
    // nothing. A save that landed after the delete made the folder again, with one file in it
    // that the map's test then found among the workspace's AOI files.
    const edited = () =>
      vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.path.startsWith(`${folder.path}/`));
    for (const document of edited()) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(folder, { recursive: true });
    assert.deepEqual(
      edited().map((d) => d.uri.path),
      [],
      'documents of the folder left edited',
    );
  });

  async function open(name: string, text: string): Promise<vscode.TextDocument> {
    const uri = vscode.Uri.joinPath(folder, name);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    return document;
  }

  it('reports an unclosed ring of a .geojson file at its position, with a fix that closes it', async () => {
    const document = await open('ring.geojson', unclosedRing);
    const found = await diagnosticsOf(document.uri, (d) => d.length > 0);
    const ring = found.find((d) => d.code === 'ring-not-closed');
    assert.ok(ring, `no ring-not-closed among ${found.map((d) => d.code).join(', ')}`);
    assert.equal(ring.severity, vscode.DiagnosticSeverity.Error);
    assert.ok(ring.range.start.line >= 3 && ring.range.end.line <= 9, `range ${JSON.stringify(ring.range)}`);

    const fix = await quickFix(document.uri, ring.range, /ring/i);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    await diagnosticsOf(document.uri, (d) => !d.some((x) => x.code === 'ring-not-closed'));
  });

  it('reports a WKT syntax error and clears it when the text is fixed as you type', async () => {
    const document = await open('field.wkt', 'POLYGON ((10.2205 56.1105, 10.2281 56.1112, 10.2287');
    const found = await diagnosticsOf(document.uri, (d) =>
      d.some((x) => x.severity === vscode.DiagnosticSeverity.Error),
    );
    assert.ok(found.length > 0);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), goodWkt);
    assert.ok(await vscode.workspace.applyEdit(edit));
    await diagnosticsOf(document.uri, (d) => d.length === 0);
  });

  it('offers to swap latitude and longitude written the wrong way round', async () => {
    // Tokyo written latitude first: 139.7 cannot be a latitude.
    const swapped = 'POLYGON ((35.60 139.70, 35.61 139.70, 35.61 139.71, 35.60 139.71, 35.60 139.70))\n';
    const document = await open('swapped.wkt', swapped);
    const found = await diagnosticsOf(document.uri, (d) => d.length > 0);
    const problem = found.find((d) => d.code === 'swapped-lat-lon');
    assert.ok(problem, `found ${found.map((d) => d.code).join(', ')}`);
    const fix = await quickFix(document.uri, problem.range, /swap/i);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    await diagnosticsOf(document.uri, (d) => d.length === 0);
    assert.match(document.getText(), /^POLYGON \(\(139\.7 35\.6,/);
  });

  it('reports a polygon across the 180° meridian at the jump, and the split fix makes a valid MultiPolygon', async () => {
    const across =
      '{ "type": "Polygon", "coordinates": [[[170, 10], [-170, 10], [-170, 20], [170, 20], [170, 10]]] }\n';
    const document = await open('fiji.geojson', across);
    const found = await diagnosticsOf(document.uri, (d) => d.length > 0);
    const problem = found.find((d) => d.code === 'antimeridian');
    assert.ok(problem, `found ${found.map((d) => d.code).join(', ')}`);
    assert.equal(document.getText(problem.range), '-170');
    const fix = await quickFix(document.uri, problem.range, /180/);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    await diagnosticsOf(document.uri, (d) => d.length === 0);
    const fixed = JSON.parse(document.getText()) as { type: string; coordinates: number[][][][] };
    assert.equal(fixed.type, 'MultiPolygon');
    assert.equal(fixed.coordinates.length, 2);
    const read = api.services.aoiCache.read(document.getText(), 'geojson');
    assert.ok(read.ok, JSON.stringify(!read.ok && read.problems));
  });

  it('reports a billing rule as a Warning at the polygon, and the split fix bills less', async () => {
    const document = await open('diagonal.wkt', diagonalWkt);
    const found = await diagnosticsOf(document.uri, (d) => d.length > 0);
    const sparse = found.find((d) => d.code === 'billed-sparse');
    assert.ok(sparse, `found ${found.map((d) => d.code).join(', ')}`);
    assert.equal(sparse.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(document.getText(sparse.range), '((10 50, 10.003 50, 10.503 50.5, 10.5 50.5, 10 50))');
    assert.match(sparse.message, /billed area is the box, \d+ km²/);
    assert.ok(
      found.every((d) => d.severity === vscode.DiagnosticSeverity.Warning),
      'a billing rule must not be an error',
    );

    const fix = await quickFix(document.uri, sparse.range, /^Split polygon 1 into \d+ parts/);
    const figures = /billed area (\d+) km² → ([\d.]+) km²/.exec(fix.title);
    assert.ok(figures, fix.title);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    await diagnosticsOf(document.uri, (d) => !d.some((x) => x.code === 'billed-sparse'));
    const read = api.services.aoiCache.read(document.getText(), 'wkt');
    assert.ok(read.ok, JSON.stringify(!read.ok && read.problems));
    assert.ok(read.aoi.polygons.length > 1);
    assert.ok(read.aoi.billedAreaKm2 < Number(figures[1]) / 5, `billed ${read.aoi.billedAreaKm2} km² after the split`);
  });

  it('reports polygons whose boxes overlap as a Warning, and the merge fix leaves one polygon billed once', async () => {
    // Two triangles whose bounding boxes overlap: billed twice over the shared part.
    const a = [
      [10, 50],
      [10.02, 50],
      [10, 50.02],
      [10, 50],
    ];
    const b = [
      [10.02, 50.001],
      [10.02, 50.021],
      [10.001, 50.021],
      [10.02, 50.001],
    ];
    const document = await open(
      'overlap.geojson',
      `${JSON.stringify({ type: 'MultiPolygon', coordinates: [[a], [b]] }, null, 2)}\n`,
    );
    const found = await diagnosticsOf(document.uri, (d) => d.some((x) => x.code === 'billed-boxes-overlap'));
    const overlap = found.find((d) => d.code === 'billed-boxes-overlap')!;
    assert.equal(overlap.severity, vscode.DiagnosticSeverity.Warning);
    assert.deepEqual(JSON.parse(document.getText(overlap.range)), [b], 'at the second polygon');
    const billedBefore = api.services.aoiCache.read(document.getText(), 'geojson');
    assert.ok(billedBefore.ok);

    const fix = await quickFix(
      document.uri,
      overlap.range,
      /^Merge polygons 1 and 2 into their convex hull: billed area [\d.]+ km² → [\d.]+ km²/,
    );
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    await diagnosticsOf(document.uri, (d) => !d.some((x) => x.code === 'billed-boxes-overlap'));

    const read = api.services.aoiCache.read(document.getText(), 'geojson');
    assert.ok(read.ok, JSON.stringify(!read.ok && read.problems));
    assert.equal(read.aoi.polygons.length, 1, document.getText());
    // The new text holds the convex hull of both triangles, closed.
    const ring = read.aoi.polygons[0]![0]!;
    assert.deepEqual(ring[0], ring[ring.length - 1]);
    const corners = ring
      .slice(0, -1)
      .map((p) => `${p[0]} ${p[1]}`)
      .sort();
    assert.deepEqual(corners, ['10 50', '10 50.02', '10.001 50.021', '10.02 50', '10.02 50.021']);
    assert.ok(
      read.aoi.billedAreaKm2 < billedBefore.aoi.billedAreaKm2,
      `billed ${billedBefore.aoi.billedAreaKm2} → ${read.aoi.billedAreaKm2} km²`,
    );
    assert.deepEqual(read.problems, []);
  });

  it('checks .json files holding GeoJSON and leaves other JSON alone', async () => {
    const geo = await open('area.json', unclosedRing);
    assert.ok((await diagnosticsOf(geo.uri, (d) => d.length > 0)).length > 0);
    const other = await open('package-like.json', '{ "name": "x", "coordinates": [1] }\n');
    // A GeoJSON document opened after it is checked, so its diagnostics arriving proves the
    // plain JSON had its turn and got none.
    const later = await open('later.geojson', unclosedRing);
    await diagnosticsOf(later.uri, (d) => d.length > 0);
    assert.deepEqual(
      vscode.languages.getDiagnostics(other.uri).filter((d) => d.source === 'Satellite Imagery'),
      [],
    );
  });

  it('leaves the parsed AOI in the shared cache, so a workflow on the document does not parse it again', async () => {
    const document = await open('cached.geojson', unclosedRing);
    await diagnosticsOf(document.uri, (d) => d.length > 0); // its diagnostics are out: it was read
    const parses = api.services.aoiCache.parses;
    const result = api.services.aoiCache.read(document.getText(), 'geojson', {
      uri: document.uri.toString(),
      version: document.version,
    });
    assert.equal(result.ok, false);
    assert.ok(result.problems.some((p) => p.code === 'ring-not-closed'));
    assert.equal(api.services.aoiCache.parses, parses, 'the document was parsed again');
  });

  it('shows nothing for a valid area', async () => {
    const document = await open('good.wkt', goodWkt);
    const probe = await open('probe.geojson', unclosedRing);
    await diagnosticsOf(probe.uri, (d) => d.length > 0);
    assert.deepEqual(
      vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Satellite Imagery'),
      [],
    );
  });
});
