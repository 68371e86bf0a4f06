// The estimate panel inside a real extension host: it renders the simulator's estimate in the
// real webview (the page reports the text of its data-testid elements back), and each decision
// (Proceed, Cancel, Change, closing, a newer estimate, an aborted workflow) resolves as it says.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readAoi } from '../../src/geometry';
import { Views } from '../../src/ui/constants';
import type { ExtensionServices } from '../../src/ui/extension-services';
import { EstimatePanel, lastPanel, showEstimateBusy, showEstimatePanel } from '../../src/ui/webview/estimate/index';
import { toShowMessage } from '../../src/ui/webview/estimate/view-model';
import { orderEstimateModel } from '../../src/workflows/orders/order-estimate-model';
import type { CompositeEstimateModel, EstimateModel, TileSelectionModel } from '../../src/pricing/estimate-view-model';
import { compositeUnits } from '../../src/pricing/estimate-view-builders';
import { purchasePlan } from '../../src/pricing/purchase-plan';
import {
  orderCreateRequest,
  orderEstimateRequest,
  recurringCancellationDeadline,
  todayOf,
} from '../../src/workflows/orders/order-payload';
import { nextEvent, useSimulator } from './vsc-helpers';

const AOI_WKT = 'POLYGON((10.02 56.02, 10.12 56.02, 10.12 56.09, 10.02 56.09, 10.02 56.02))';

function services(): Pick<ExtensionServices, 'context'> {
  const extension = vscode.extensions.getExtension('sat-imagery-team.sat-imagery');
  assert.ok(extension);
  return { context: { extensionUri: extension.extensionUri } as vscode.ExtensionContext };
}

/** Digits only, so "EUR 1,234.50" and "1.234,50 EUR" both read 123450 whatever the page's locale. */
const cents = (text: string | undefined) => Number((text ?? '').replace(/\D/g, ''));

/** The page's report once it shows `title` (and passes `accept`, e.g. its map is drawn). */
async function renderedTitle(
  title: string,
  accept: (texts: Record<string, string>) => boolean = () => true,
): Promise<Record<string, string>> {
  const panel = lastPanel();
  assert.ok(panel, 'no estimate panel');
  const shown = panel.lastRendered;
  if (shown?.title === title && accept(shown)) return shown;
  return nextEvent(panel.onDidRender, (texts) => texts.title === title && accept(texts), 20_000);
}

function composite(title: string): CompositeEstimateModel {
  const read = readAoi(AOI_WKT, 'wkt');
  assert.ok(read.ok);
  const aoi = read.aoi;
  return {
    kind: 'composite',
    title,
    settings: [{ label: 'Model', value: 'Stratus3' }],
    warnings: [],
    budget: undefined,
    aoi: {
      polygons: aoi.polygons,
      billedBoxes: aoi.billedBoxes,
      areaKm2: aoi.areaKm2,
      billedAreaKm2: aoi.billedAreaKm2,
    },
    payload: { Wkt: aoi.wkt, Model: 'Stratus3' },
    plan: purchasePlan({ units: compositeUnits('2026-06-01', 12.5), credits: 12.5 }),
    credits: 12.5,
    areaEstimateKm2: undefined,
    fileSizeMB: undefined,
    timeSeconds: undefined,
  };
}

describe('estimate panel in VS Code', () => {
  const env = useSimulator();

  afterEach(() => lastPanel()?.dispose());

  it("shows the simulator's order estimate, and Proceed resolves proceed and closes the panel", async () => {
    const read = readAoi(AOI_WKT, 'wkt');
    assert.ok(read.ok);
    const today = todayOf(new Date());
    const request = orderEstimateRequest(read.aoi, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      from: today,
      to: null,
      storageMonths: 12,
      apiRequests: 1000,
      imageFrequency: 1,
      referenceDate: today,
    });
    const client = await env.api.services.getClient();
    const estimate = await client.estimateOrder(request);
    const model = orderEstimateModel(
      read.aoi,
      orderCreateRequest(request, false),
      estimate,
      undefined,
      recurringCancellationDeadline(new Date()),
    );
    assert.ok(model.currentMonthOrder !== undefined, 'the simulator gave a current-month cost');

    const decision = showEstimatePanel(services(), model);
    const texts = await renderedTitle(model.title);
    assert.equal(cents(texts['current-month-order']), Math.round(model.currentMonthOrder * 100));
    if (model.nextMonthOrder !== undefined)
      assert.equal(cents(texts['next-month-order']), Math.round(model.nextMonthOrder * 100));
    assert.ok(texts['current-month-order'].includes(model.currency), texts['current-month-order']);
    assert.ok(texts['warning-recurring'], 'a recurring order states its renewal');
    assert.ok(texts['cancellation-deadline']);
    assert.equal(texts['proceed:disabled'], undefined);
    assert.ok(texts.payload.includes('"Model": "Stratus2"'));

    lastPanel()!.receive({ type: 'proceed' });
    assert.deepEqual(await decision, { action: 'proceed' });
    assert.equal(lastPanel(), undefined, 'the panel closed');
  });

  it('Cancel and Change settings resolve as they say', async () => {
    const cancelled = showEstimatePanel(services(), composite('Cancel me'));
    const texts = await renderedTitle('Cancel me');
    assert.match(texts.credits, /^12[.,]5 credits$/);
    lastPanel()!.receive({ type: 'cancel' });
    assert.deepEqual(await cancelled, { action: 'cancel' });

    const changed = showEstimatePanel(services(), composite('Change me'));
    await renderedTitle('Change me');
    lastPanel()!.receive({ type: 'change' });
    assert.deepEqual(await changed, { action: 'change' });
  });

  it('Copy payload puts the whole payload on the clipboard; busy disables the buttons', async () => {
    const model = composite('Copy me');
    const decision = showEstimatePanel(services(), model);
    await renderedTitle('Copy me');
    const panel = lastPanel()!;
    await vscode.env.clipboard.writeText('');
    const copied = nextEvent(panel.onDidRender, (texts) => texts.status === 'Payload copied to the clipboard.');
    panel.receive({ type: 'copyPayload' });
    await copied;
    assert.deepEqual(JSON.parse(await vscode.env.clipboard.readText()), model.payload);
    const busy = nextEvent(panel.onDidRender, (texts) => texts.status === 'Estimating again…');
    showEstimateBusy('Estimating again…');
    const texts = await busy;
    assert.equal(texts['proceed:disabled'], 'true');
    assert.equal(texts['cancel:disabled'], 'true');
    panel.dispose();
    assert.deepEqual(await decision, { action: 'cancel' });
  });

  it('the same estimate sent again (the page said ready again) leaves the page as it is, not drawn anew', async () => {
    const decision = showEstimatePanel(services(), composite('Draw me once'));
    await renderedTitle('Draw me once');
    const panel = lastPanel()!;
    const copied = nextEvent(panel.onDidRender, (texts) => texts.status === 'Payload copied to the clipboard.');
    panel.receive({ type: 'copyPayload' });
    await copied;
    // Every report until the page says it is busy: the host's messages arrive in order, so the
    // estimate sent again on `ready` has reached the page before the busy message.
    const statuses: string[] = [];
    const marked = nextEvent(panel.onDidRender, (texts) => {
      statuses.push(texts.status ?? '');
      return texts.status === 'Marker';
    });
    panel.receive({ type: 'ready' });
    showEstimateBusy('Marker');
    await marked;
    assert.deepEqual(
      statuses.slice(0, -1).filter((status) => status !== 'Payload copied to the clipboard.'),
      [],
      'a report between the estimate sent again and the marker came from a page drawn anew',
    );
    panel.dispose();
    assert.deepEqual(await decision, { action: 'cancel' });
  });

  it('closing the panel is Cancel; a newer estimate replaces the older one in the same panel', async () => {
    const first = showEstimatePanel(services(), composite('First'));
    await renderedTitle('First');
    const panel = lastPanel();
    const second = showEstimatePanel(services(), composite('Second'));
    assert.deepEqual(await first, { action: 'cancel' });
    assert.equal(lastPanel(), panel, 'the same panel is reused');
    await renderedTitle('Second');
    panel!.dispose();
    assert.deepEqual(await second, { action: 'cancel' });
  });

  it('shows the same estimate again after being hidden and shown, still waiting for the decision', async () => {
    const decision = showEstimatePanel(services(), composite('Hide me'));
    await renderedTitle('Hide me');
    const panel = lastPanel()!;
    const document = await vscode.workspace.openTextDocument({ content: 'covering the panel' });
    await vscode.window.showTextDocument(document, { viewColumn: panel.panel.viewColumn, preview: false });
    assert.equal(panel.panel.visible, false);
    const again = nextEvent(panel.onDidRender, (texts) => texts.title === 'Hide me', 20_000);
    panel.panel.reveal();
    const texts = await again;
    assert.match(texts.credits, /^12[.,]5 credits$/);
    panel.receive({ type: 'proceed' });
    assert.deepEqual(await decision, { action: 'proceed' });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('an aborted workflow closes its panel with cancel', async () => {
    const controller = new AbortController();
    const decision = showEstimatePanel(services(), composite('Aborted'), controller.signal);
    await renderedTitle('Aborted');
    controller.abort();
    assert.deepEqual(await decision, { action: 'cancel' });
    assert.equal(lastPanel(), undefined);
  });

  it('a tile selection proceeds with offered tiles only, and never with none', async () => {
    const tile = (guid: string, west: number) => ({
      guid,
      miniTile: false,
      epsg: '32632',
      polygons: [
        [
          [
            [west, 56],
            [west + 0.05, 56],
            [west + 0.05, 56.1],
            [west, 56.1],
            [west, 56],
          ],
        ],
      ],
    });
    const model: TileSelectionModel = {
      kind: 'tiles',
      title: 'Pick tiles',
      aoi: undefined,
      settings: [],
      warnings: [],
      payload: {},
      budget: undefined,
      plan: purchasePlan({
        units: ['a', 'b'].map((guid) => ({ kind: 'buy' as const, label: guid, area: 'tile', date: '' })),
        notPricedYet: 'priced when chosen',
      }),
      tiles: [tile('a', 10), tile('b', 10.05)],
      preselected: ['a'],
    };
    const decision = showEstimatePanel(services(), model);
    const texts = await renderedTitle('Pick tiles', (t) => t['map:layers'] !== undefined);
    assert.equal(texts['map:selected'], 'a');
    assert.match(texts['map:layers'], /\btiles:2\b/);
    const panel = lastPanel()!;
    panel.receive({ type: 'proceed', selectedTiles: ['not-offered'] });
    panel.receive({ type: 'proceed', selectedTiles: ['b', 'not-offered'] });
    assert.deepEqual(await decision, { action: 'proceed', selectedTiles: ['b'] });
  });

  it('draws the area and its billed box on the shared map, after the price is shown', async () => {
    const model = composite('On the map');
    const decision = showEstimatePanel(services(), model);
    const first = await renderedTitle('On the map');
    assert.match(first.credits, /^12[.,]5 credits$/, 'the price is in the first report');
    // The map (OpenLayers on the bundled basemap) reports its layers, then its first complete frame.
    const texts = await renderedTitle('On the map', (t) => t['map:drawn'] === 'true');
    assert.match(texts['map:layers'], /\baoi:1\b/);
    assert.match(texts['map:layers'], /\bbilled:1\b/);
    assert.match(texts['map:layers'], /\btiles:0\b/);
    lastPanel()!.receive({ type: 'cancel' });
    assert.deepEqual(await decision, { action: 'cancel' });
  });

  it('a panel restored after a reload is read-only, with Proceed disabled', async () => {
    const extensionUri = services().context.extensionUri;
    const model: EstimateModel = composite('Restored');
    const webviewPanel = vscode.window.createWebviewPanel(
      Views.estimatePanel,
      'Estimate',
      vscode.ViewColumn.Active,
      EstimatePanel.webviewOptions(extensionUri),
    );
    EstimatePanel.revive(webviewPanel, extensionUri, toShowMessage(model));
    const texts = await renderedTitle('Restored');
    assert.equal(texts['proceed:disabled'], 'true');
    assert.match(texts.note, /run the command again/);
    lastPanel()!.receive({ type: 'proceed' });
    assert.ok(lastPanel(), 'Proceed did not close the read-only panel');
    assert.equal(lastPanel()!.shown?.readOnly, true);
  });
});
