// The first run in the real host: the walkthrough is not opened by the test host's activation,
// opens when asked as the first activation elsewhere does, and only once (a global state flag).
// Its steps "Price and download an image" and "Look at it" wait for context keys the product sets
// when the thing happened: a composite cancelled at its cost panel sets none, one bought after
// Proceed sets its key; the viewer on a file it cannot read sets none, on an image it draws sets
// its key. (The page itself, its steps checked off by what a person does and left open by a cancel:
// the UI walk, test/ui/walk.test.mjs; package.json's wiring: the unit test walkthrough-contribution.)
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Commands, ContextKeys } from '../../src/ui/constants';
import type { CompositeResult } from '../../src/workflows/engine/results';
import { buildGeoTiff } from '../simulator/geotiff-image';
import { viewerOpenedBy, viewerShows } from './viewer-helpers';
import { extensionApi, nextEvent, renderedCostPanel, useSimulator } from './vsc-helpers';

const DEMO_FIELD = join(__dirname, '..', '..', '..', 'scripts', 'demo-workspace', 'field.wkt');
/** The simulator's clock, with imagery every day: the date below is covered on any day the suite runs. */
const NOW = Date.UTC(2026, 5, 15, 12);
const DATE = '2026-06-10';

/** The tabs VS Code's Welcome editor shows a walkthrough in (an input the API does not type). */
function walkthroughTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => /welcome|walkthrough|get started/i.test(tab.label));
}

describe('The first run', () => {
  after(async () => {
    await vscode.window.tabGroups.close(walkthroughTabs());
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('opens the walkthrough once: the test host did not, the first call does, the second does not', async () => {
    const api = await extensionApi();
    assert.deepEqual(walkthroughTabs(), [], 'the test host opened the walkthrough at activation');
    assert.equal(await api.openWalkthroughOnce(), true);
    for (let i = 0; i < 50 && walkthroughTabs().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(walkthroughTabs().length, 1, 'the walkthrough shows');
    await vscode.window.tabGroups.close(walkthroughTabs());
    assert.equal(await api.openWalkthroughOnce(), false);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(walkthroughTabs(), [], 'the walkthrough opened a second time');
  });
});

describe("The walkthrough's steps wait for what happened", function () {
  this.timeout(120_000);
  const env = useSimulator({ seed: 7, clock: () => NOW, imageryEveryDay: true, demoData: true });
  let dir: string;
  /** Every key a step's thing happened for while `action` ran (set now or earlier in the window). */
  async function marksDuring(action: () => Promise<unknown>): Promise<string[]> {
    const marks: string[] = [];
    const listening = env.api.walkthroughKeys.onDidMark((key) => marks.push(key));
    try {
      await action();
    } finally {
      listening.dispose();
    }
    return marks;
  }

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-first-run-'));
    copyFileSync(DEMO_FIELD, join(dir, 'field.wkt'));
  });
  after(async () => {
    (await env.api.estimatePanel())?.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
  });

  /** Download Composite on the field up to its cost panel, then the panel's `decision`. */
  async function composite(decision: 'cancel' | 'proceed'): Promise<CompositeResult> {
    const running = vscode.commands.executeCommand<CompositeResult>(
      Commands.downloadComposite,
      vscode.Uri.file(join(dir, 'field.wkt')),
      {
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        date: DATE,
        epsgProjection: 4326,
        resolution: 20,
        bandnames: 'rgb',
        outputDirectory: join(dir, 'images'),
      },
    );
    const { panel } = await renderedCostPanel(
      env.api,
      (t) => t['proceed:disabled'] === undefined && /\d/.test(t.credits ?? ''),
      'Download Composite',
      60_000,
    );
    panel.receive({ type: decision });
    return running;
  }

  it('a composite cancelled at its cost panel marks no step; one bought after Proceed marks its download', async () => {
    const charged = () => env.sim.requests.filter((r) => r.charged).length;
    let cancelled: CompositeResult | undefined;
    const beforeCancel = await marksDuring(async () => (cancelled = await composite('cancel')));
    assert.equal(cancelled?.outcome, 'cancelled');
    assert.equal(charged(), 0, 'nothing bought');
    assert.deepEqual(
      beforeCancel.filter((k) => k === ContextKeys.compositeDownloaded),
      [],
      'a cancelled download marked the step',
    );

    let bought: CompositeResult | undefined;
    const marked = await marksDuring(async () => (bought = await composite('proceed')));
    assert.equal(bought?.outcome, 'completed', JSON.stringify(bought));
    assert.equal(bought?.files.length, 1);
    assert.equal(charged(), 1, 'one image bought');
    assert.deepEqual(
      marked.filter((k) => k === ContextKeys.compositeDownloaded),
      [ContextKeys.compositeDownloaded],
    );
    assert.ok(env.api.walkthroughKeys.set().includes(ContextKeys.compositeDownloaded), 'the context key is set');
  });

  it('the viewer on a file it cannot read marks no step; on an image it draws, "Look at it"', async () => {
    const foreign = join(dir, 'notes.tif');
    writeFileSync(foreign, 'This is a text file named like an image.\n');
    const open = (file: string) =>
      viewerOpenedBy(
        file,
        () => env.api.imageViewers(),
        () => vscode.commands.executeCommand(Commands.openImage, vscode.Uri.file(file)),
      );
    const failed = await marksDuring(async () => {
      const viewer = await open(foreign);
      await viewerShows(viewer, (t) => t['failure-message'] !== undefined);
    });
    assert.deepEqual(
      failed.filter((k) => k === ContextKeys.imageShown),
      [],
      'a file the viewer cannot read marked the step',
    );

    const image = join(dir, 'field-2026-06-10.tif');
    writeFileSync(
      image,
      buildGeoTiff({
        bbox: { west: 10.1, south: 56.05, east: 10.15, north: 56.08 },
        epsg: 4326,
        resolution: 10,
        bands: ['B4', 'B3', 'B2'],
        dataType: 'int16',
        date: DATE,
        seed: 1,
      }),
    );
    const shown = nextEvent(env.api.walkthroughKeys.onDidMark, (k) => k === ContextKeys.imageShown, 30_000);
    const viewer = await open(image);
    await viewerShows(viewer, (t) => /^Showing/.test(t['view-status'] ?? ''));
    await shown;
    assert.ok(env.api.walkthroughKeys.set().includes(ContextKeys.imageShown), 'the context key is set');
  });
});
