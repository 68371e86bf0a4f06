// The Field alerts view in a real extension host, on the simulator's scripted season (25 fields ×
// 20 weekly dates, four harvests and six clouds: test/simulator/season.ts). Its first sixteen
// dates bought as a time series and measured with Show Field Statistics (field-stats.csv): the
// view lists exactly the scripted events up to then. The last four dates bought into the same
// folder bring its table up to date, and the two harvests they hold are notified as new, once;
// the view then lists exactly every scripted event. A click on an alert opens the chart at its
// field and date (the page's texts), and from there the image of that date with the field
// outlined; the map colours the fields by their change since their previous valid date. An
// imagery file whose dataset declares a field table notifies the alerts its apply (Apply… under
// the Plan lens) brought, once.
import * as assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as vscode from 'vscode';
import { DEFAULT_SEASON, seasonDates } from '../simulator/index';
import { Commands } from '../../src/ui/constants';
import type { PlanImageryResult } from '../../src/ui/commands/planImagery';
import type { FieldAlertsNode } from '../../src/ui/tree/field-alerts-provider';
import type { StatsPanel } from '../../src/ui/webview/stats/stats-panel';
import type { SeriesResult } from '../../src/workflows/series/series-types';
import { DEFAULT_SEASON_ALERTS, seasonAreaGeoJson, seasonFieldsGeoJson } from '../unit/fixtures/season-files';
import { viewerOpenedBy, viewerShows } from './viewer-helpers';
import { nextEvent, renderedCostPanel, useSimulator } from './vsc-helpers';

const FIRST = 16; // dates 2026-05-04 … 2026-08-17
const TABLE = 'alerts-season/season/field-stats.csv';

describe('Field alerts in VS Code', function () {
  this.timeout(600_000);
  const env = useSimulator({
    demoData: false,
    season: DEFAULT_SEASON,
    clock: () => Date.parse('2026-11-26T12:00:00Z'),
  });
  const root = () => (vscode.workspace.workspaceFolders?.[0]?.uri.fsPath as string) ?? assert.fail('no workspace');
  const dir = () => join(root(), 'alerts-season');
  const folder = () => join(dir(), 'season');
  const config = () => vscode.workspace.getConfiguration('satImagery');
  const sidebar = () => env.api.sidebar;

  /** What the view shows: each alert row as `field date rule`, of this test's table only. */
  function listed(): string[] {
    const provider = sidebar().fieldAlertsProvider;
    return provider
      .getChildren()
      .filter((n): n is Extract<FieldAlertsNode, { kind: 'field' }> => n.kind === 'field' && n.group.table === TABLE)
      .flatMap((n) => provider.getChildren(n))
      .map((n) =>
        n.kind === 'alert' ? `${n.alert.field} ${n.alert.date} ${n.alert.rule}` : `not an alert: ${n.kind}`,
      );
  }

  /** The first alert row under `field`'s row, of this test's table. */
  function firstAlertOf(field: string): FieldAlertsNode {
    const provider = sidebar().fieldAlertsProvider;
    const row = provider
      .getChildren()
      .find((n) => n.kind === 'field' && n.group.table === TABLE && n.group.field === field);
    assert.ok(row, `no row of ${field}`);
    const [alert] = provider.getChildren(row);
    assert.ok(alert, `no alert under ${field}`);
    return alert;
  }

  /** What the view read, when a list is not the one expected. */
  function describeState(): string {
    const state = sidebar().fieldAlerts.state;
    return state.kind === 'loaded'
      ? `tables ${state.tables.map((t) => `${t.name} (${t.rows.length} rows)`).join(', ')}; ${state.alerts.length} alerts`
      : JSON.stringify(state);
  }

  async function buySeries(dates: string[]): Promise<SeriesResult> {
    return vscode.commands.executeCommand<SeriesResult>(
      Commands.downloadTimeSeries,
      vscode.Uri.file(join(dir(), 'area.geojson')),
      {
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        epsgProjection: 32632,
        resolution: 10,
        bandnames: 'B4,B8',
        dates,
        outputDirectory: folder(),
        skipConfirmation: true,
      },
    );
  }

  before(async () => {
    mkdirSync(dir(), { recursive: true });
    writeFileSync(join(dir(), 'fields.geojson'), seasonFieldsGeoJson(DEFAULT_SEASON));
    writeFileSync(join(dir(), 'area.geojson'), seasonAreaGeoJson(DEFAULT_SEASON));
    await config().update('confirmCostAbove', 100_000, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await config().update('confirmCostAbove', undefined, vscode.ConfigurationTarget.Global);
    rmSync(dir(), { recursive: true, force: true });
  });

  it('lists exactly the scripted events; a series that adds dates to the table notifies only the new ones', async () => {
    const dates = seasonDates(DEFAULT_SEASON);
    const first = await buySeries(dates.slice(0, FIRST));
    assert.equal(first.dates.filter((d) => d.status === 'done').length, FIRST, JSON.stringify(first.dates));

    // Show Field Statistics writes the folder's table; the view reads it.
    const panel = await vscode.commands.executeCommand<StatsPanel>(
      Commands.showFieldStatistics,
      vscode.Uri.file(folder()),
      {
        aoi: join(dir(), 'fields.geojson'),
        indices: ['ndvi'],
        rule: 'centre',
        idProperty: 'id',
      },
    );
    assert.equal(panel.content.rows.length, 25 * FIRST);
    await vscode.commands.executeCommand(Commands.refreshFieldAlerts);
    const upTo = DEFAULT_SEASON_ALERTS.filter((e) => (e.split(' ')[1] as string) <= (dates[FIRST - 1] as string));
    assert.deepEqual(listed(), upTo, describeState());

    // The last four dates into the same folder: its table is brought up to date, and the two
    // harvests they hold are notified as new (nothing shown before is told again).
    const notified = nextEvent(sidebar().fieldAlerts.onDidNotify, () => true, 300_000);
    const rest = await buySeries(dates.slice(FIRST));
    assert.equal(rest.dates.filter((d) => d.status === 'done').length, dates.length - FIRST);
    assert.equal(
      await notified,
      '2 new field alerts on 2 fields after the time series: F08 drop on 2026-08-24 and 1 more.',
    );
    assert.equal(env.sim.requests.filter((r) => r.charged).length, dates.length, 'one charge per date');
    assert.deepEqual(listed(), DEFAULT_SEASON_ALERTS, 'every scripted event, no other');

    // A row says its alert in words, with a warning icon.
    const drop = firstAlertOf('F03');
    const item = sidebar().fieldAlertsProvider.getTreeItem(drop);
    assert.equal(item.label, 'Drop on 2026-08-17');
    assert.match(String(item.description), /^ndvi 0\.20, 0\.4\d below its baseline 0\.6\d$/);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'warning');
  });

  it('a click opens the chart at the field and date, and from there the image with the field outlined', async () => {
    const drop = firstAlertOf('F03');
    const command = sidebar().fieldAlertsProvider.getTreeItem(drop).command;
    assert.ok(command);
    const panel = await vscode.commands.executeCommand<StatsPanel>(command.command, ...(command.arguments ?? []));
    const shown = await nextEvent(panel.onDidRender, (r) => (r.texts['focus-text'] ?? '') !== '', 30_000).catch(
      () => panel.lastRendered ?? assert.fail('the page never drew'),
    );
    assert.match(
      shown.texts['focus-text'] ?? '',
      /^F03 on 2026-08-17: ndvi median 0\.2\d*, mean 0\.2\d*, 100 % of the field valid$/,
    );
    assert.match(
      shown.texts['focus-note'] ?? '',
      /^ndvi fell to 0\.20, 0\.4\d below 0\.6\d, the median of its 3 previous valid dates/,
    );
    assert.equal(shown.texts['focus-open'], 'Open the image of 2026-08-17 with F03 outlined');
    assert.match(shown.texts['field-count'] ?? '', /^25 of 25 fields · 1 selected/);
    assert.equal(shown.texts.index, 'ndvi');

    // The page's button asks for that row's image, as a point of the chart does.
    const row = panel.content.rows.findIndex((r) => r.field === 'F03' && r.date === '2026-08-17' && r.index === 'ndvi');
    const image = resolve(folder(), (panel.content.rows[row] as { image: string }).image);
    const viewer = await viewerOpenedBy(
      image,
      () => env.api.imageViewers(),
      () => panel.receive({ type: 'openPoint', row }),
    );
    const texts = await viewerShows(viewer, (t) => (t.outline ?? '') !== '');
    assert.equal(texts.outline, 'Outlined: F03');
  });

  it('the map colours the fields by their change since their previous valid date', async () => {
    const uri = vscode.Uri.file(join(dir(), 'fields.geojson'));
    await vscode.commands.executeCommand('satImagery.showOnMap', uri);
    let panel = await env.api.mapPanel(uri);
    const deadline = Date.now() + 30_000;
    while (!panel && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      panel = await env.api.mapPanel(uri);
    }
    assert.ok(panel, 'no map');
    const title = `Fields by change in ndvi mean since the previous valid date (${TABLE})`;
    const drawn = nextEvent(
      panel.onDidDraw,
      (d) => d.layers.some((l) => l.id === 'fieldValues' && l.title === title && l.featureCount === 25),
      60_000,
    );
    await panel.colourFieldsBy('change');
    await drawn;
  });

  it("an apply that makes a declared field table notifies the table's new alerts, once", async () => {
    // The season's first six dates declared with their field table: F15 is under cloud on the last two.
    const file = join(dir(), 'imagery.json');
    const dataset = {
      name: 'ndvi',
      area: 'area.geojson',
      folder: 'declared/ndvi',
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      bandnames: 'B4,B8',
      dates: seasonDates(DEFAULT_SEASON).slice(0, 6),
      fieldStats: { fields: 'fields.geojson', indices: ['ndvi'], idProperty: 'id' },
    };
    writeFileSync(file, JSON.stringify({ datasets: [dataset] }, null, 2));
    const running = vscode.commands.executeCommand<PlanImageryResult | undefined>(
      Commands.planImagery,
      vscode.Uri.file(file),
      { maxCost: 1000 },
    );
    const { panel } = await renderedCostPanel(
      env.api,
      (t) => 'unit-5' in t && t['apply:disabled'] === undefined,
      'the Plan of imagery.json',
      120_000,
    );
    const notified: string[] = [];
    const listening = sidebar().fieldAlerts.onDidNotify((sentence) => notified.push(sentence));
    try {
      const told = nextEvent(sidebar().fieldAlerts.onDidNotify, () => true, 120_000);
      panel.receive({ type: 'apply', resendUncertain: false });
      assert.equal(
        await told,
        '2 new field alerts on 1 field after the apply of alerts-season/imagery.json: F15 low coverage on 2026-06-01 and 1 more.',
      );
      const after = await renderedCostPanel(
        env.api,
        (t) => /Applied: 6 bought/.test(t['plan-summary'] ?? ''),
        'the apply',
        120_000,
      );
      // The view read the table again: its alerts are listed, and a second refresh tells nothing.
      await sidebar().fieldAlerts.refreshAfter('a second look');
      assert.deepEqual(notified, [
        '2 new field alerts on 1 field after the apply of alerts-season/imagery.json: F15 low coverage on 2026-06-01 and 1 more.',
      ]);
      after.panel.receive({ type: 'cancel' });
    } finally {
      listening.dispose();
    }
    const result = await running;
    assert.deepEqual(result?.applies, [{ outcome: 'applied', bought: 6, uncertain: 0, failed: 0 }]);
  });
});
