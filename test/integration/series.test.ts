// Download Time Series in a real extension host against the simulator: the command on the demo
// workspace's field, with options and no prompt, returns each date's outcome and leaves one
// GeoTIFF per date, its STAC Item and the folder's ItemCollection on disk. The run is listed in
// the Downloads tree, where each date opens in the image viewer, which steps through the dates.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Commands } from '../../src/ui/constants';
import type { DownloadUnitNode } from '../../src/ui/tree/downloads-provider';
import type { SeriesResult } from '../../src/workflows/series/series-types';
import { viewerOpenedBy, viewerShows } from './viewer-helpers';
import { packageJson, useSimulator } from './vsc-helpers';

const DEMO_FIELD = join(__dirname, '..', '..', '..', 'scripts', 'demo-workspace', 'field.wkt');

const cutOffs = (texts: Record<string, string>) =>
  [0, 1, 2].map((i) => [texts[`stretch-low-${i}`], texts[`stretch-high-${i}`]]);

describe('Download Time Series in VS Code', function () {
  this.timeout(120_000);
  const env = useSimulator({ demoData: true });
  let out: string;
  const config = () => vscode.workspace.getConfiguration('satImagery');

  before(async () => {
    out = mkdtempSync(join(tmpdir(), 'sat-imagery-series-'));
    await config().update('confirmCostAbove', 100_000, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await config().update('confirmCostAbove', undefined, vscode.ConfigurationTarget.Global);
    rmSync(out, { recursive: true, force: true });
  });

  it("downloads a series on the demo field from options, with each date's outcome, files and the collection", async () => {
    env.sim.clearLog();
    const uri = vscode.Uri.file(DEMO_FIELD);
    const options = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      epsgProjection: 4326,
      resolution: 40,
      bandnames: 'rgb',
      every: 2,
      maxDates: 3,
      outputDirectory: out,
      skipConfirmation: true,
    };
    const result = await vscode.commands.executeCommand<SeriesResult>('satImagery.downloadTimeSeries', uri, options);
    assert.equal(result.outcome, 'completed');
    const done = result.dates.filter((d) => d.status === 'done');
    assert.equal(done.length, 3, JSON.stringify(result.dates));
    const billed = env.sim.requests
      .filter((r) => r.path === '/api/satelliteimages/process/composite')
      .map((r) => (r.body as { Date: string }).Date.slice(0, 10))
      .sort();
    assert.deepEqual(
      billed,
      done.map((d) => d.date),
    );
    for (const d of done) {
      assert.ok(
        d.file && existsSync(d.file) && new RegExp(`composite-${d.date}-Stratus2-40m-[0-9a-f]{8}\\.tif$`).test(d.file),
        d.file,
      );
      assert.ok(existsSync(d.file.replace(/\.tif$/, '.json')), `${d.date} has its STAC Item`);
      assert.ok((d.credits ?? 0) > 0);
    }
    // What the run spent (the notification says it): the done dates' estimates, as charged.
    const charged = env.sim.requests.reduce((sum, r) => sum + (r.charged?.credits ?? 0), 0);
    assert.equal(result.creditsSpent, Math.round(done.reduce((s, d) => s + d.credits!, 0) * 1e6) / 1e6);
    assert.equal(result.creditsSpent, Math.round(charged * 1e6) / 1e6);
    const collection = JSON.parse(readFileSync(join(out, 'stac-items.json'), 'utf8')) as {
      type: string;
      features: { properties: { datetime: string } }[];
    };
    assert.equal(collection.type, 'FeatureCollection');
    assert.deepEqual(
      collection.features.map((f) => f.properties.datetime.slice(0, 10)),
      done.map((d) => d.date),
    );

    // The rerun finds everything done: nothing is billed again.
    env.sim.clearLog();
    const again = await vscode.commands.executeCommand<SeriesResult>('satImagery.downloadTimeSeries', uri, options);
    assert.deepEqual(
      again.dates.filter((d) => d.status !== 'partial').map((d) => d.status),
      ['skipped', 'skipped', 'skipped'],
    );
    assert.equal(env.sim.requests.filter((r) => r.path === '/api/satelliteimages/process/composite').length, 0);
    assert.equal(again.creditsSpent, undefined, 'nothing bought: no figure');
  });

  it('lists the series in the Downloads tree with Open Image on each date; the viewer steps to the next date with the same cut-offs', async () => {
    const folder = join(out, 'steps');
    mkdirSync(folder);
    const options = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      epsgProjection: 4326,
      resolution: 40,
      bandnames: 'rgb',
      every: 2,
      maxDates: 3,
      outputDirectory: folder,
      skipConfirmation: true,
    };
    const result = await vscode.commands.executeCommand<SeriesResult>(
      'satImagery.downloadTimeSeries',
      vscode.Uri.file(DEMO_FIELD),
      options,
    );
    const done = result.dates.filter((d) => d.status === 'done');
    assert.equal(done.length, 3, JSON.stringify(result.dates));

    // The run's row lists its dates; each finished one carries Open Image (inline and in its menu).
    const tree = env.api.sidebar.downloadsProvider;
    const run = tree.getChildren().find((n) => n.kind === 'run' && n.run.folder === folder);
    assert.ok(run, 'the series is listed in the Downloads tree');
    const units = tree.getChildren(run) as DownloadUnitNode[];
    assert.deepEqual(
      units.map((u) => u.unit.id),
      done.map((d) => d.date),
    );
    const items = units.map((u) => tree.getTreeItem(u));
    assert.deepEqual(
      items.map((i) => i.contextValue),
      ['download.image', 'download.image', 'download.image'],
    );
    assert.deepEqual(
      items.map((i) => (i.command?.arguments?.[0] as vscode.Uri).fsPath),
      done.map((d) => d.file),
    );
    const menus = packageJson().contributes.menus['view/item/context'] as {
      command: string;
      when: string;
      group: string;
    }[];
    for (const group of ['inline', '1_image']) {
      assert.ok(
        menus.some(
          (m) =>
            m.command === Commands.openImage &&
            m.group.startsWith(group) &&
            m.when === 'view == satImagery.downloads && viewItem == download.image',
        ),
        `Open Image in the ${group} group`,
      );
    }

    // Open Image on the first date's node (as the menu passes it), then step to the next date.
    const viewers = () => env.api.imageViewers();
    const first = await viewerOpenedBy(done[0]!.file!, viewers, () =>
      vscode.commands.executeCommand(Commands.openImage, units[0]),
    );
    const firstTexts = await viewerShows(
      first,
      (t) =>
        t['series-date'] !== undefined && t['stretch-low-2'] !== undefined && /^Showing/.test(t['view-status'] ?? ''),
    );
    assert.equal(firstTexts['series-date'], `${done[0]!.date} · 1 of 3`);
    assert.ok(
      cutOffs(firstTexts)
        .flat()
        .every((v) => /^-?\d+\.\d+$/.test(v ?? '')),
      JSON.stringify(cutOffs(firstTexts)),
    );
    const second = await viewerOpenedBy(done[1]!.file!, viewers, () => first.stepDate(1));
    const secondTexts = await viewerShows(
      second,
      (t) => t['stretch-low-2'] !== undefined && /^Showing/.test(t['view-status'] ?? ''),
    );
    assert.equal(secondTexts['series-date'], `${done[1]!.date} · 2 of 3`);
    assert.deepEqual(cutOffs(secondTexts), cutOffs(firstTexts), 'the next date starts with the cut-offs on screen');
    assert.ok(first.isDisposed, "the next date takes the first one's place");

    // Opened on its own (the tree item's click), the same date gets its own percentiles: the carried
    // cut-offs above were not a coincidence.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const alone = await viewerOpenedBy(done[1]!.file!, viewers, () =>
      vscode.commands.executeCommand(items[1]!.command!.command, ...(items[1]!.command!.arguments ?? [])),
    );
    const aloneTexts = await viewerShows(
      alone,
      (t) => t['stretch-low-2'] !== undefined && /^Showing/.test(t['view-status'] ?? ''),
    );
    assert.notDeepEqual(cutOffs(aloneTexts), cutOffs(firstTexts));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
