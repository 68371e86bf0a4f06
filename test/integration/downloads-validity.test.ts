// The Downloads view says each image's share of valid pixels, and an image paid for with no valid
// pixel as such, not as "done" alone. The simulator's clock is pinned: the dates are its own.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DownloadUnitNode } from '../../src/ui/tree/downloads-provider';
import type { SeriesResult } from '../../src/workflows/series/series-types';
import { useSimulator } from './vsc-helpers';

const DEMO_FIELD = join(__dirname, '..', '..', '..', 'scripts', 'demo-workspace', 'field.wkt');
/** Dates the pinned simulator lists for the demo field. */
const DATES = ['2026-11-04', '2026-11-19'];

describe('Downloads view: the share of valid pixels of each image', function () {
  this.timeout(120_000);
  const env = useSimulator({ demoData: true, clock: () => Date.parse('2026-11-26T12:00:00Z') });
  let out: string;

  before(() => {
    out = mkdtempSync(join(tmpdir(), 'sat-imagery-validity-'));
  });
  after(() => {
    env.sim.configure({});
    rmSync(out, { recursive: true, force: true });
  });

  const unitsOf = async (folder: string, empty: boolean) => {
    env.sim.configure(empty ? { emptyImages: true } : {});
    const options = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      epsgProjection: 32632,
      resolution: 40,
      bandnames: 'rgb',
      dates: DATES,
      outputDirectory: folder,
      skipConfirmation: true,
    };
    await vscode.workspace
      .getConfiguration('satImagery')
      .update('confirmCostAbove', 100_000, vscode.ConfigurationTarget.Global);
    try {
      const result = await vscode.commands.executeCommand<SeriesResult>(
        'satImagery.downloadTimeSeries',
        vscode.Uri.file(DEMO_FIELD),
        options,
      );
      assert.deepEqual(
        result.dates.map((d) => d.status),
        ['done', 'done'],
        JSON.stringify(result.dates),
      );
    } finally {
      await vscode.workspace
        .getConfiguration('satImagery')
        .update('confirmCostAbove', undefined, vscode.ConfigurationTarget.Global);
    }
    const tree = env.api.sidebar.downloadsProvider;
    const run = tree.getChildren().find((n) => n.kind === 'run' && n.run.folder === folder);
    assert.ok(run, 'the series is listed');
    // Said by a screen reader as what it is, not as its tooltip (the folder).
    assert.match(tree.getTreeItem(run).accessibilityInformation?.label ?? '', /^Time series of .+, \d+ of \d+ done · /);
    return (tree.getChildren(run) as DownloadUnitNode[]).map((u) => tree.getTreeItem(u));
  };

  it('says "N % valid" on an image with data and "paid, but no valid pixels" on an empty one', async () => {
    const full = await unitsOf(join(out, 'data'), false);
    for (const item of full) {
      assert.match(String(item.description), /^done · \d+ % valid$/);
      assert.match(String(item.tooltip), /% of the image has valid pixels\.$/);
    }
    const empty = await unitsOf(join(out, 'empty'), true);
    for (const item of empty) {
      assert.equal(item.description, 'done · paid, but no valid pixels: every pixel is nodata');
      assert.equal((item.iconPath as vscode.ThemeIcon).id, 'warning');
      assert.equal(item.contextValue, 'download.image', 'it still opens');
    }
  });
});
