// Show on Map inside a real extension host: the command opens the map of an AOI file from the
// places the menus call it with (a uri) and from the active editor; the real page reports what it
// drew (layers, feature counts, the basemap scales it fetched, whether typed arrays arrived as
// typed arrays). Edits redraw, problems are marked, invalid text keeps the last good drawing, and
// the layers list the account's orders, the workspace's other AOI files and image footprints;
// the AOI's fields are coloured by their latest value from a statistics table of the workspace.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { toCsv } from '../../src/stats/index';
import type { StatsRow } from '../../src/stats/index';
import type { MapPanel } from '../../src/ui/webview/map/map-panel';
import type { DrawnMessage } from '../../src/ui/webview/map/protocol';
import type { TilesResult } from '../../src/workflows/engine/results';
import { writeItemCollection } from '../../src/workflows/stac/stac-collection';
import { stacItem } from '../../src/workflows/stac/stac-item';
import { buildGeoTiff } from '../simulator/geotiff-image';
import { nextEvent, packageJson, useSimulator } from './vsc-helpers';

const folder = () => {
  const first = vscode.workspace.workspaceFolders?.[0];
  assert.ok(first, 'the test host has no workspace folder');
  return first.uri;
};

function idsOf(drawn: DrawnMessage, id: string): string[] {
  const found = drawn.layers.find((l) => l.id === id);
  assert.ok(found, `no '${id}' layer in ${JSON.stringify(drawn.layers.map((l) => l.id))}`);
  return found.ids ?? [];
}

function hasLayer(drawn: DrawnMessage, id: string): boolean {
  return drawn.layers.some((l) => l.id === id);
}

function layer(drawn: DrawnMessage, id: string): number {
  const found = drawn.layers.find((l) => l.id === id);
  assert.ok(found, `no '${id}' layer in ${JSON.stringify(drawn.layers)}`);
  return found.featureCount;
}

/** Map panels the current test opened: closed only once their page has loaded (see afterEach). */
const opened = new Set<MapPanel>();

async function drawnWhen(
  api: ExtensionApi,
  uri: vscode.Uri,
  accept: (drawn: DrawnMessage) => boolean,
  timeoutMs = 30_000,
): Promise<DrawnMessage> {
  const deadline = Date.now() + timeoutMs;
  // A drawing without a layer the test asks about is not the one awaited (the helpers assert).
  const wanted = (drawn: DrawnMessage) => {
    try {
      return accept(drawn);
    } catch {
      return false;
    }
  };
  let panel: MapPanel | undefined;
  while (!(panel = await api.mapPanel(uri)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  assert.ok(panel, 'no map panel opened');
  opened.add(panel);
  if (panel.lastDrawn && wanted(panel.lastDrawn)) return panel.lastDrawn;
  return nextEvent(panel.onDidDraw, wanted, Math.max(1, deadline - Date.now()));
}

describe('Show on Map in VS Code', () => {
  const env = useSimulator({ demoData: true });

  afterEach(async () => {
    // A webview closed while it still loads a file of its own (its stylesheet, a basemap scale:
    // the browser logs them ERR_ABORTED) was seen to stall the next webview's files in code-server
    // for about 30 s (the webview service worker's resource timeout), so its page said nothing for
    // 30 s. That was why these tests timed out now and then: each closed its map right after the
    // first report. The page now reads its basemap by message and has its stylesheet in the head,
    // so it loads nothing itself; a map is still closed only once its page has drawn everything,
    // the basemap included ('complete'), so no test's leftovers reach the next.
    for (const panel of opened) {
      if (!panel.isDisposed && panel.lastDrawn?.phase !== 'complete')
        await nextEvent(panel.onDidDraw, (d) => d.phase === 'complete', 30_000).catch(() => undefined);
    }
    opened.clear();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('is contributed to the palette, the editor title, and the explorer and editor context menus', () => {
    const menus = packageJson().contributes.menus as Record<
      string,
      { command?: string; submenu?: string; when?: string }[]
    >;
    const has = (menu: string) =>
      menus[menu].some(
        (item) =>
          item.command === 'satImagery.showOnMap' ||
          (item.submenu === 'satImagery.workflows' &&
            menus['satImagery.workflows'].some((sub) => sub.command === 'satImagery.showOnMap')),
      );
    for (const menu of ['commandPalette', 'editor/title', 'explorer/context', 'editor/context'])
      assert.ok(has(menu), `Show on Map is missing from ${menu}`);
  });

  it('offers Show on Map as a code lens on AOI files', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'field.wkt');
    await vscode.window.showTextDocument(uri);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    const lens = lenses.find((l) => l.command?.command === 'satImagery.showOnMap');
    assert.ok(lens, 'no Show on Map code lens');
    assert.equal(String(lens.command?.arguments?.[0]), uri.toString());
  });

  it('selects the text of a polygon clicked on the map', async () => {
    const text =
      'MULTIPOLYGON (((10.2205 56.1105, 10.2281 56.1112, 10.2287 56.1071, 10.2205 56.1105)), ((10.30 56.10, 10.31 56.10, 10.31 56.11, 10.30 56.10)))';
    const document = await vscode.workspace.openTextDocument({ language: 'wkt', content: text });
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('satImagery.showOnMap', document.uri);
    await drawnWhen(env.api, document.uri, (d) => layer(d, 'aoi') === 2);
    const panel = await env.api.mapPanel(document.uri);
    assert.ok(panel);
    const selected = nextEvent(
      vscode.window.onDidChangeTextEditorSelection,
      (e) => e.textEditor.document === document && !e.selections[0].isEmpty,
    );
    panel.receive({ type: 'reveal', polygon: 1 });
    const event = await selected;
    assert.equal(document.getText(event.selections[0]), '10.30 56.10, 10.31 56.10, 10.31 56.11, 10.30 56.10');
  });

  it('opens from a uri (explorer, title, code lens) with the AOI, its billed box, and typed arrays intact', async () => {
    const uri = vscode.Uri.joinPath(folder(), 'field.geojson');
    const returned = await vscode.commands.executeCommand<string>('satImagery.showOnMap', uri);
    assert.equal(returned, uri.toString());
    // The basemap's fetch is checked in the browser test (test/ui/show-on-map), where frames are
    // painted for certain; here the page's report of its layers is enough.
    const drawn = await drawnWhen(env.api, uri, (d) => d.layers.some((l) => l.id === 'aoi' && l.featureCount === 1));
    assert.equal(drawn.typedArrays, true, 'a packed geometry did not arrive as typed arrays');
    assert.equal(layer(drawn, 'billed'), 1);
    // The map marks what the Problems panel holds for the file (billing warnings included), no more.
    assert.equal(layer(drawn, 'problems'), vscode.languages.getDiagnostics(uri).length);
    // Once all is drawn, the basemap a field near Aarhus needs was read by message: the 1:10m lines
    // of its cell, the 1:50m lakes and rivers (there is no 1:10m water), the large places and the
    // one cell of smaller places around it, no other cell. (The 1:110m files may be read too: here
    // the page can draw its world view once before the map has its size and fits the field.)
    const complete = await drawnWhen(
      env.api,
      uri,
      (d) => d.phase === 'complete' && d.basemapFiles.includes('places/19_14.json'),
    );
    for (const file of ['10m/index.json', '10m/19_14.json', 'water-50m.json', 'places/world.json', 'places/index.json'])
      assert.ok(complete.basemapFiles.includes(file), `${file} not read: ${complete.basemapFiles.join(' ')}`);
    assert.deepEqual(
      complete.basemapFiles.filter((f) => /\/\d+_\d+\.json$/.test(f) && !f.endsWith('/19_14.json')),
      [],
      'a cell far from the field was read',
    );
  });

  it('opens from the active editor (palette, editor context menu), redraws an edit, marks a problem and keeps the last good drawing', async () => {
    const document = await vscode.workspace.openTextDocument({
      language: 'wkt',
      content: 'POLYGON ((10.2205 56.1105, 10.2281 56.1112, 10.2287 56.1071, 10.2212 56.1064, 10.2205 56.1105))',
    });
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('satImagery.showOnMap');
    // The map opens as a tab in the editor's place: the text is edited as a document.
    const replaceAll = async (text: string) => {
      const edit = new vscode.WorkspaceEdit();
      edit.replace(
        document.uri,
        new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)),
        text,
      );
      assert.ok(await vscode.workspace.applyEdit(edit));
    };
    await drawnWhen(env.api, document.uri, (d) => layer(d, 'aoi') === 1);

    await replaceAll(
      'MULTIPOLYGON (((10.2205 56.1105, 10.2281 56.1112, 10.2287 56.1071, 10.2205 56.1105)), ((10.30 56.10, 10.31 56.10, 10.31 56.11, 10.30 56.10)))',
    );
    await drawnWhen(env.api, document.uri, (d) => layer(d, 'aoi') === 2 && layer(d, 'billed') === 2);

    // A bow-tie: self-intersecting, a problem at its place.
    await replaceAll('POLYGON ((10.20 56.10, 10.22 56.12, 10.22 56.10, 10.20 56.12, 10.20 56.10))');
    const withProblem = await drawnWhen(env.api, document.uri, (d) => layer(d, 'problems') > 0);
    assert.ok(layer(withProblem, 'problems') >= 1);

    // Text that does not parse: the last good drawing stays.
    await replaceAll('POLYGON ((10.2 56.1, 10.3');
    await new Promise((r) => setTimeout(r, 1_000));
    const panel = await env.api.mapPanel(document.uri);
    assert.ok(panel?.lastDrawn);
    assert.ok(layer(panel.lastDrawn, 'aoi') >= 1, 'the last good drawing was dropped while the text is invalid');
  });

  it("lists the account's orders, the workspace's other AOI files and the footprints of downloaded images", async () => {
    await env.api.sidebar.orders.refresh(true);
    const orders = env.api.sidebar.orders.items ?? [];
    const withArea = orders.filter((o) => typeof o.Wkt === 'string' && o.Wkt !== '').length;
    assert.ok(withArea > 0, 'the demo account has no order with an area');
    // A downloaded image with its STAC sidecar.
    const image = vscode.Uri.joinPath(folder(), 'imagery', 'field-2026-06-01.tif');
    await vscode.workspace.fs.writeFile(image, new Uint8Array([0x49, 0x49, 42, 0]));
    const item = {
      type: 'Feature',
      stac_version: '1.0.0',
      id: 'field-2026-06-01',
      bbox: [10.1, 56.18, 10.11, 56.19],
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [10.1, 56.18],
            [10.11, 56.18],
            [10.11, 56.19],
            [10.1, 56.19],
            [10.1, 56.18],
          ],
        ],
      },
      properties: { datetime: '2026-06-01T00:00:00Z' },
      links: [],
      assets: {},
    };
    await vscode.workspace.fs.writeFile(
      vscode.Uri.joinPath(folder(), 'imagery', 'field-2026-06-01.json'),
      new TextEncoder().encode(JSON.stringify(item)),
    );

    const uri = vscode.Uri.joinPath(folder(), 'field.geojson');
    await vscode.commands.executeCommand('satImagery.showOnMap', uri);
    const drawn = await drawnWhen(
      env.api,
      uri,
      (d) =>
        ['orders', 'workspace', 'footprints'].every((id) => d.layers.some((l) => l.id === id)) &&
        layer(d, 'footprints') > 0,
    );
    assert.equal(layer(drawn, 'orders'), withArea);
    // field.wkt and fields.geojson; broken.geojson does not parse; field.geojson is the map's own.
    const aoiFiles = (await vscode.workspace.findFiles('**/*.{geojson,wkt,GEOJSON,WKT}')).map((u) => u.path);
    assert.equal(layer(drawn, 'workspace'), 2, `the workspace's AOI files: ${aoiFiles.join(', ')}`);
    assert.equal(layer(drawn, 'footprints'), 1);
  });

  it("draws the downloaded images in place, and adds a tile search's tiles and a series folder's dates as they appear", async () => {
    // Three dates of real GeoTIFFs (UTM 32N, as the service delivers them), each with its STAC Item.
    const series = vscode.Uri.joinPath(folder(), 'series-map-test');
    const bbox = { west: 10.095, south: 56.175, east: 10.125, north: 56.195 };
    const geometry = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [bbox.west, bbox.south],
          [bbox.east, bbox.south],
          [bbox.east, bbox.north],
          [bbox.west, bbox.north],
          [bbox.west, bbox.south],
        ],
      ],
    };
    const dates = ['2026-06-01', '2026-06-11', '2026-06-21'];
    const images: string[] = [];
    for (const [i, date] of dates.entries()) {
      const name = `composite-${date}-Stratus2-10m.tif`;
      const image = vscode.Uri.joinPath(series, name);
      await vscode.workspace.fs.writeFile(
        image,
        buildGeoTiff({
          bbox,
          epsg: 32632,
          resolution: 10,
          bands: ['B4', 'B3', 'B2'],
          dataType: 'int16',
          date,
          seed: 11 + i,
        }),
      );
      const item = stacItem({
        imageFileName: name,
        geometry,
        bbox: [bbox.west, bbox.south, bbox.east, bbox.north],
        date,
        epsg: 32632,
        bands: ['B4', 'B3', 'B2'],
        model: 'Stratus2',
        constellations: ['Sentinel2'],
        resolution: 10,
        request: {},
      });
      await vscode.workspace.fs.writeFile(
        vscode.Uri.joinPath(series, name.replace(/\.tif$/, '.json')),
        new TextEncoder().encode(JSON.stringify(item)),
      );
      images.push(image.fsPath);
    }

    const uri = vscode.Uri.joinPath(folder(), 'field.geojson');
    await vscode.commands.executeCommand('satImagery.showOnMap', uri);
    // The images drawn in place: the three GeoTIFFs (a file that is no GeoTIFF keeps only its footprint).
    const named = (d: DrawnMessage) =>
      (d.layers.find((l) => l.id === 'images')?.ids ?? []).filter((id) => id.startsWith('series-map-test/'));
    // A page VS Code loaded again draws the last refresh's images before it says it is ready and
    // gets everything else: wait for a drawing with the series layer (empty or not) beside them.
    const withImages = await drawnWhen(env.api, uri, (d) => named(d).length === 3 && hasLayer(d, 'series'));
    assert.deepEqual(
      named(withImages),
      dates.map((d) => `series-map-test/composite-${d}-Stratus2-10m.tif`),
    );
    assert.equal(withImages.typedArrays, true, 'the quick-looks did not arrive as typed arrays');
    assert.ok(
      !idsOf(withImages, 'series').some((id) => id.startsWith('series-map-test/')),
      'a series drawn before its collection was written',
    );

    // A search of the demo fields' mini-tiles (free) while the map is open: the tiles layer shows
    // exactly what it found, by id.
    const search = await vscode.commands.executeCommand<TilesResult>(
      'satImagery.searchTiles',
      vscode.Uri.joinPath(folder(), 'fields.geojson'),
      { only: 'minitiles', skipConfirmation: true },
    );
    const tileIds = search.tiles
      .filter((t) => typeof t.Guid === 'string' && typeof t.DataGeogWkt === 'string')
      .map((t) => t.Guid as string);
    assert.ok(tileIds.length > 1, `the search found ${tileIds.length} mini-tiles`);
    const withTiles = await drawnWhen(env.api, uri, (d) =>
      d.layers.some((l) => l.id === 'tiles' && l.featureCount === tileIds.length),
    );
    assert.deepEqual([...idsOf(withTiles, 'tiles')].sort(), [...tileIds].sort().slice(0, 100));

    // The folder's ItemCollection, written by the project's own writer as a series ends: the
    // series layer shows one footprint per date, named by folder and item.
    assert.ok(await writeItemCollection(series.fsPath, images));
    const withSeries = await drawnWhen(env.api, uri, (d) =>
      idsOf(d, 'series').some((id) => id.startsWith('series-map-test/')),
    );
    assert.deepEqual(
      idsOf(withSeries, 'series').filter((id) => id.startsWith('series-map-test/')),
      dates.map((d) => `series-map-test/composite-${d}-Stratus2-10m`),
    );
    // Each new layer is listed with its own checkbox.
    for (const id of ['tiles', 'series', 'images'])
      assert.equal(withSeries.layers.find((l) => l.id === id)?.toggleable, true);
  });

  it("colours the AOI's fields by their latest value from the workspace's statistics table, and by rows a panel gives", async () => {
    const square = (x: number) => [
      [
        [x, 56.1],
        [x + 0.01, 56.1],
        [x + 0.01, 56.11],
        [x, 56.11],
        [x, 56.1],
      ],
    ];
    const ids = ['values-test-north', 'values-test-south', 'values-test-bare'];
    const uri = vscode.Uri.joinPath(folder(), 'values-test.geojson');
    const aoi = {
      type: 'FeatureCollection',
      features: ids.map((id, k) => ({
        type: 'Feature',
        properties: { id },
        geometry: { type: 'Polygon', coordinates: square(10 + k * 0.02) },
      })),
    };
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(JSON.stringify(aoi)));
    const row = (field: string, date: string, mean: number): StatsRow => ({
      field,
      date,
      index: 'ndvi',
      mean,
      median: mean,
      std: 0,
      min: mean,
      max: mean,
      p10: mean,
      p25: mean,
      p75: mean,
      p90: mean,
      valid_pixels: 9,
      nodata_pixels: 0,
      valid_fraction: 1,
      image: `s-${date}.tif`,
    });
    const table = vscode.Uri.joinPath(folder(), 'values-test', 'field-stats.csv');
    const rows = [
      row(ids[0] as string, '2026-05-01', 0.2),
      row(ids[1] as string, '2026-05-01', 0.4),
      row(ids[0] as string, '2026-06-01', 0.7),
    ];
    await vscode.workspace.fs.writeFile(table, new TextEncoder().encode(toCsv(rows)));
    try {
      await vscode.commands.executeCommand('satImagery.showOnMap', uri);
      // Every field is drawn, the bare one (no row) outlined only.
      const drawn = await drawnWhen(env.api, uri, (d) =>
        d.layers.some((l) => l.id === 'fieldValues' && l.featureCount === 3),
      );
      assert.deepEqual(idsOf(drawn, 'fieldValues'), ids);
      assert.equal(
        drawn.layers.find((l) => l.id === 'fieldValues')?.title,
        'Fields by latest ndvi mean (values-test/field-stats.csv)',
      );
      assert.equal(drawn.typedArrays, true, "the field-values message failed the page's check");
      // Rows given by another panel take the table's place: only the south field has one there.
      const panel = await env.api.mapPanel(uri);
      assert.ok(panel);
      await panel.showFieldValues([row(ids[1] as string, '2026-07-01', 0.5)], 'given rows');
      const given = await drawnWhen(env.api, uri, (d) =>
        d.layers.some(
          (l) =>
            l.id === 'fieldValues' && l.title === 'Fields by latest ndvi mean (given rows)' && l.featureCount === 3,
        ),
      );
      assert.deepEqual(idsOf(given, 'fieldValues'), ids);
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder(), 'values-test'), { recursive: true });
      await vscode.workspace.fs.delete(uri);
    }
  });
});
