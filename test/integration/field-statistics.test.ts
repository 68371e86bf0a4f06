// Show Field Statistics in a real extension host: a time series bought from the simulator (UTM,
// B4 and B8), two fields drawn over the demo field, the command on the series folder. The panel's
// rows are the rows src/stats computes for the same inputs, the page receives them and draws a
// line per field, a second opening reads no image (the folder's row cache), a point opens its
// image in the viewer with the field outlined, the CSV export writes the table (never through a
// link) and the PNG export the chart.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import * as vscode from 'vscode';
import { computeStats, listImages, measureOf, readFields, toCsv } from '../../src/stats/index';
import { Commands } from '../../src/ui/constants';
import type { StatsPanel } from '../../src/ui/webview/stats/stats-panel';
import type { SeriesResult } from '../../src/workflows/series/series-types';
import { viewerOpenedBy, viewerShows } from './viewer-helpers';
import { nextEvent, useSimulator } from './vsc-helpers';

// Two fields inside the demo field (scripts/demo-workspace/field.wkt), named by `name`.
const FIELDS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'west' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [10.2212, 56.1072],
            [10.2244, 56.1075],
            [10.224, 56.1102],
            [10.2209, 56.1099],
            [10.2212, 56.1072],
          ],
        ],
      },
    },
    {
      type: 'Feature',
      properties: { name: 'east' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [10.225, 56.1076],
            [10.2283, 56.1079],
            [10.2279, 56.1108],
            [10.2247, 56.1105],
            [10.225, 56.1076],
          ],
        ],
      },
    },
  ],
};

describe('Show Field Statistics in VS Code', function () {
  this.timeout(180_000);
  const env = useSimulator({ demoData: true });
  let out: string;
  let folder: string;
  let aoi: string;
  const config = () => vscode.workspace.getConfiguration('satImagery');

  before(async () => {
    out = mkdtempSync(join(tmpdir(), 'sat-imagery-field-stats-'));
    folder = join(out, 'series');
    aoi = join(out, 'fields.geojson');
    writeFileSync(aoi, JSON.stringify(FIELDS));
    await config().update('confirmCostAbove', 100_000, vscode.ConfigurationTarget.Global);
    const options = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      epsgProjection: 32632,
      resolution: 10,
      bandnames: 'B4,B8',
      every: 2,
      maxDates: 3,
      outputDirectory: folder,
      skipConfirmation: true,
    };
    const result = await vscode.commands.executeCommand<SeriesResult>(
      'satImagery.downloadTimeSeries',
      vscode.Uri.file(join(__dirname, '..', '..', '..', 'scripts', 'demo-workspace', 'field.wkt')),
      options,
    );
    assert.equal(result.dates.filter((d) => d.status === 'done').length, 3, JSON.stringify(result.dates));
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await config().update('confirmCostAbove', undefined, vscode.ConfigurationTarget.Global);
    rmSync(out, { recursive: true, force: true });
  });

  it('shows the rows src/stats computes for the series folder, drawn one line per field; reopened, it reads no image', async () => {
    const panel = await vscode.commands.executeCommand<StatsPanel>(
      Commands.showFieldStatistics,
      vscode.Uri.file(folder),
      { aoi, indices: ['ndvi', 'B4'], rule: 'centre', idProperty: 'name' },
    );
    assert.ok(panel, 'the command returns its panel');
    const drawn = panel.lastRendered ?? (await nextEvent(panel.onDidRender, (r) => r.lines > 0, 30_000));

    // The same inputs through src/stats itself (no cache): the very same rows.
    const direct = await computeStats({
      fields: readFields(readFileSync(aoi, 'utf8'), 'fields.geojson', 'auto', 'name'),
      images: await listImages([folder]),
      measures: [measureOf('ndvi'), measureOf('B4')],
      rule: 'centre',
      imageLabel: (path) => relative(folder, resolve(path)).split(sep).join('/'),
    });
    assert.deepEqual(direct.failures, []);
    assert.equal(direct.rows.length, 2 * 3 * 2, 'two fields, three dates, two indices');
    assert.deepEqual(panel.content.rows, direct.rows);
    assert.ok(
      direct.rows.every((r) => r.valid_pixels > 0 && r.mean !== undefined),
      'each field lies on valid pixels',
    );

    // What the page was sent is those rows, packed.
    const { table } = panel.shown;
    assert.deepEqual(table.fields, ['west', 'east']);
    assert.deepEqual(table.indices, ['ndvi', 'B4']);
    assert.deepEqual(table.dates, [...new Set(direct.rows.map((r) => r.date))]);
    direct.rows.forEach((row, i) => {
      assert.equal(table.fields[table.field[i] as number], row.field);
      assert.equal(table.dates[table.date[i] as number], row.date);
      assert.equal(table.stats[i * 12], row.mean, `mean of row ${i}`);
    });

    // The page drew both fields (selected: the first five) and lists them.
    assert.equal(drawn.lines, 2, JSON.stringify(drawn));
    assert.match(drawn.texts['field-count'] ?? '', /^2 of 2 fields · 2 selected/);
    assert.match(drawn.texts['threshold-note'] ?? '', /less than 50 % of the field valid/);

    // Searching leaves the matching field in the list; by day of year, the seasons are named.
    panel.act({ search: 'EA', view: 'doy' });
    const searched = await nextEvent(
      panel.onDidRender,
      (r) => /^1 of 2 fields/.test(r.texts['field-count'] ?? '') && r.texts.mode === 'doy',
      30_000,
    );
    const years = [...new Set(direct.rows.map((r) => r.date.slice(0, 4)))].sort();
    assert.equal(
      searched.texts.seasons,
      years.length === 1 ? `Season: ${years[0]}` : `Seasons: ${years.join(', ')} (solid, dashed, dotted in that order)`,
    );

    // A point of the chart opens its date's image in the viewer with the field outlined.
    const row = direct.rows.find((r) => r.field === 'east' && r.index === 'ndvi') as (typeof direct.rows)[number];
    const image = resolve(folder, row.image);
    const viewer = await viewerOpenedBy(
      image,
      () => env.api.imageViewers(),
      () => panel.receive({ type: 'openPoint', row: direct.rows.indexOf(row) }),
    );
    const texts = await viewerShows(viewer, (t) => t.outline !== undefined && t.outline !== '').catch(
      (error: Error) => {
        throw new Error(
          `${error.message}; viewer disposed ${viewer.isDisposed}, visible ${viewer.panel.visible}, column ${viewer.panel.viewColumn}, stats panel visible ${panel.panel.visible}`,
        );
      },
    );
    assert.equal(texts.outline, 'Outlined: east');

    // The folder keeps the table beside its cache, as `series --stats` does: the map reads it.
    assert.equal(
      readFileSync(join(folder, 'field-stats.csv'), 'utf8'),
      toCsv(direct.rows),
      'field-stats.csv is the table shown',
    );

    // The CSV export is the long table, image paths relative to where it is written.
    const csv = join(out, 'export.csv');
    assert.equal(await panel.exportCsv(vscode.Uri.file(csv)), csv);
    const base = out;
    assert.equal(
      readFileSync(csv, 'utf8'),
      toCsv(direct.rows.map((r) => ({ ...r, image: relative(base, resolve(folder, r.image)).split(sep).join('/') }))),
    );
    // Through a link it writes nothing, and the link's target is left as it was.
    const target = join(out, 'target.txt');
    writeFileSync(target, 'kept');
    symlinkSync(target, join(out, 'link.csv'));
    assert.equal(await panel.exportCsv(vscode.Uri.file(join(out, 'link.csv'))), undefined);
    assert.equal(readFileSync(target, 'utf8'), 'kept');

    // The PNG export is the chart as the page draws it.
    const png = join(out, 'chart.png');
    assert.equal(await panel.exportPng(await panel.chartPng(), vscode.Uri.file(png)), png);
    assert.deepEqual([...readFileSync(png).subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'a PNG signature');
    assert.ok(readFileSync(png).length > 2000, 'more than an empty canvas');

    // Opened again: every row comes from the folder's cache, shown where the first panel was,
    // which it replaces (no editor group more for each run).
    const column = panel.panel.viewColumn;
    const again = await vscode.commands.executeCommand<StatsPanel>(
      Commands.showFieldStatistics,
      vscode.Uri.file(folder),
      { aoi, indices: ['ndvi', 'B4'], rule: 'centre', idProperty: 'name' },
    );
    assert.equal(again.content.measured, 0);
    assert.deepEqual(again.content.rows, direct.rows);
    assert.equal(panel.isDisposed, true, 'the panel of the same fields and images is replaced');
    assert.equal(again.panel.viewColumn, column);
    // Closed only once its page has loaded: a webview closed while its script still loads holds up
    // the next one for 30 s (common/protocol.ts).
    if (!again.lastRendered) await nextEvent(again.onDidRender, () => true, 30_000);
    again.dispose();
  });
});
