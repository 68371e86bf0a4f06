// Imagery as code in a real extension host against the simulator: the Plan code lens on an
// imagery file opens its plan in the cost panel (each declared date to buy, with its price),
// Apply… there buys exactly those dates (the simulator charges each once), and the plan made after
// it says "no changes"; an Apply… whose fresh plan buys other dates is refused with nothing sent;
// a ticked uncertain date is held to the file's budget.maxCredits; a file the schema refuses
// shows its problem in the Problems view.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { formatCredits } from '../../src/common/format';
import { Commands } from '../../src/ui/constants';
import type { PlanImageryOptions, PlanImageryResult } from '../../src/ui/commands/planImagery';
import { allDiagnosticsOf, renderedCostPanel, useSimulator } from './vsc-helpers';

const DEMO_FIELD = join(__dirname, '..', '..', '..', 'scripts', 'demo-workspace', 'field.wkt');
/** The simulator's clock: imagery every day, and the demo orders (one covers the demo field since
 * six months before it), so these dates are covered on any day the suite runs. */
const NOW = Date.UTC(2026, 5, 15, 12);
const DATES = ['2026-06-10', '2026-06-12'];
const COMPOSITE = '/api/satelliteimages/process/composite';

function imagery(dates: string[]): string {
  const dataset = {
    name: 'rgb',
    area: 'field.wkt',
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    resolution: 20,
    bandnames: 'rgb',
    epsgProjection: 4326,
    dates,
  };
  return JSON.stringify({ datasets: [dataset], budget: { maxCredits: 1000 } }, null, 2);
}

/** Runs the Plan code lens of the file as a click does, with a budget in place of the modal; the
 * command's promise comes wrapped (an async function returning it would wait for it). */
async function clickPlan(
  uri: vscode.Uri,
  options: PlanImageryOptions = { maxCost: 1000 },
): Promise<{ running: Thenable<PlanImageryResult | undefined> }> {
  await vscode.window.showTextDocument(uri); // the lens is asked of an open document, as the editor asks it
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
  const lens = lenses.find((l) => l.command?.command === Commands.planImagery);
  assert.ok(lens?.command, `a Plan lens on ${uri.fsPath}: ${JSON.stringify(lenses.map((l) => l.command?.title))}`);
  assert.match(lens.command.title, /Plan/);
  return {
    running: vscode.commands.executeCommand<PlanImageryResult | undefined>(
      lens.command.command,
      ...(lens.command.arguments ?? []),
      options,
    ),
  };
}

const rows = (texts: Record<string, string>) =>
  Object.keys(texts)
    .filter((k) => /^unit-\d+$/.test(k))
    .sort()
    .map((k) => texts[k]!);

describe('Plan code lens: imagery as code in VS Code', function () {
  this.timeout(180_000);
  const env = useSimulator({ seed: 7, clock: () => NOW, imageryEveryDay: true, demoData: true });
  /** The Plan lens's cost panel once `ready` holds of its texts. */
  const lensPanel = (ready: Parameters<typeof renderedCostPanel>[1]) =>
    renderedCostPanel(env.api, ready, 'the Plan lens', 60_000);

  /** Apply… pressed in the panel, and the panel once it says what was applied. */
  function applied(panel: { receive(message: unknown): void }, resendUncertain: boolean) {
    panel.receive({ type: 'apply', resendUncertain });
    return lensPanel((t) => /Applied/.test(t['plan-summary'] ?? ''));
  }
  let dir: string;
  const charged = () =>
    env.sim.requests
      .filter((r) => r.charged && r.path === COMPOSITE)
      .map((r) => (r.body as { Date: string }).Date.slice(0, 10))
      .sort();

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-plan-lens-'));
    copyFileSync(DEMO_FIELD, join(dir, 'field.wkt'));
  });
  after(async () => {
    (await env.api.estimatePanel())?.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
  });

  it('plans each declared date as buy in the cost panel, Apply… buys each once, and the next plan says no changes', async () => {
    const file = join(dir, 'imagery.json');
    writeFileSync(file, imagery(DATES));
    env.sim.clearLog();
    const { running } = await clickPlan(vscode.Uri.file(file));
    const { panel, texts } = await lensPanel((t) => 'unit-1' in t && t['apply:disabled'] === undefined);
    assert.deepEqual(
      rows(texts).map((r) => r.slice(0, 3)),
      ['buy', 'buy'],
    );
    assert.deepEqual(
      rows(texts).map((r) => DATES.find((d) => r.includes(d))),
      DATES,
    );
    const plan = panel.shownPlan!;
    assert.deepEqual(
      plan.units.map((u) => `${u.kind} ${u.date}`),
      DATES.map((d) => `buy ${d}`),
    );
    assert.ok(
      plan.units.every((u) => (u.credits ?? 0) > 0),
      JSON.stringify(plan.units),
    );
    assert.equal(plan.total.credits, Math.round(plan.units.reduce((s, u) => s + u.credits!, 0) * 1e6) / 1e6);
    assert.match(texts['plan-total']!, /credit/);
    assert.match(texts['plan-balance']!, /\d/);
    assert.match(texts['plan-budget']!, /1,?000/);
    assert.deepEqual(charged(), [], 'a plan is never billed');

    const estimatesOf = () =>
      env.sim.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/process/composite/estimate')).length;
    assert.equal(estimatesOf(), DATES.length, 'the plan prices each date once');
    const after = await applied(panel, false);
    // Apply…'s own plan asks nothing the plan asked (the window keeps them); each date bought is
    // priced once more, right before its billed call.
    assert.equal(estimatesOf(), 2 * DATES.length, 'one fresh estimate per date bought, none for planning');
    assert.match(after.texts['plan-summary']!, /Applied: 2 bought, 0 uncertain, 0 failed/);
    // What it spent: the total the plan showed, each image priced again right before it was sent.
    assert.ok(
      after.texts['plan-summary']!.includes(
        `${formatCredits(plan.total.credits, undefined)} spent (each priced right before it was sent)`,
      ),
      after.texts['plan-summary'],
    );
    assert.match(after.texts['plan-summary']!, /No changes/);
    assert.equal(after.texts['plan-total'], 'No changes');
    assert.equal(after.texts['apply:disabled'], 'true', 'nothing left to apply');
    assert.deepEqual(
      after.panel.shownPlan!.units.map((u) => `${u.kind} ${u.date}`),
      DATES.map((d) => `have ${d}`),
    );
    assert.deepEqual(charged(), DATES, 'each date charged once');

    after.panel.receive({ type: 'cancel' });
    const result = await running;
    assert.deepEqual(result?.applies, [{ outcome: 'applied', bought: 2, uncertain: 0, failed: 0 }]);
    assert.deepEqual(
      result?.plans.map((p) => p.changes),
      [true, false],
    );
  });

  it('refuses Apply… when the plan changed underneath (other dates to buy): nothing is sent, the new plan is shown', async () => {
    const file = join(dir, 'second.imagery.json');
    writeFileSync(
      file,
      JSON.stringify(
        { datasets: [{ ...JSON.parse(imagery(['2026-06-08'])).datasets[0], name: 'second', folder: 'second' }] },
        null,
        2,
      ),
    );
    env.sim.clearLog();
    const { running } = await clickPlan(vscode.Uri.file(file));
    const { panel } = await lensPanel((t) => 'unit-0' in t && t['apply:disabled'] === undefined);
    assert.deepEqual(
      panel.shownPlan!.units.map((u) => `${u.kind} ${u.date}`),
      ['buy 2026-06-08'],
    );
    // Another date declared after the plan was shown: the plan seen is no longer the one to buy.
    writeFileSync(
      file,
      JSON.stringify(
        {
          datasets: [
            { ...JSON.parse(imagery(['2026-06-08', '2026-06-09'])).datasets[0], name: 'second', folder: 'second' },
          ],
        },
        null,
        2,
      ),
    );
    panel.receive({ type: 'apply', resendUncertain: false });
    const refused = await lensPanel((t) => /changed since you saw it/.test(t['plan-summary'] ?? ''));
    assert.deepEqual(
      refused.panel.shownPlan!.units.map((u) => `${u.kind} ${u.date}`),
      ['buy 2026-06-08', 'buy 2026-06-09'],
    );
    assert.deepEqual(charged(), [], 'nothing was charged');
    refused.panel.receive({ type: 'cancel' });
    const result = await running;
    assert.equal(result?.applies[0]?.outcome, 'refused');
  });

  it('holds a date whose answer was lost as uncertain: Apply… leaves it unless the box is ticked, then sends it once more', async () => {
    const file = join(dir, 'lost.imagery.json');
    writeFileSync(
      file,
      JSON.stringify(
        { datasets: [{ ...JSON.parse(imagery(['2026-06-05'])).datasets[0], name: 'lost', folder: 'lost' }] },
        null,
        2,
      ),
    );
    env.sim.clearLog();
    env.sim.schedule({ method: 'POST', path: COMPOSITE, reset: 'after-processing' });
    const { running } = await clickPlan(vscode.Uri.file(file));
    const { panel } = await lensPanel((t) => 'unit-0' in t && t['apply:disabled'] === undefined);
    const held = await applied(panel, false);
    assert.match(held.texts['plan-summary']!, /0 bought, 1 uncertain/);
    assert.deepEqual(
      held.panel.shownPlan!.units.map((u) => `${u.kind} ${u.date}`),
      ['uncertain 2026-06-05'],
    );
    assert.equal(held.texts['apply:disabled'], 'true', 'nothing to apply unless the box is ticked');
    assert.match(held.texts['resend-uncertain']!, /may have been charged already/);
    assert.deepEqual(charged(), ['2026-06-05'], 'charged once, its answer lost');

    // Apply… without the tick sends nothing; with it, the uncertain date goes once more.
    held.panel.receive({ type: 'apply', resendUncertain: false });
    held.panel.receive({ type: 'apply', resendUncertain: true });
    const resent = await lensPanel((t) => /Applied: 1 bought/.test(t['plan-summary'] ?? ''));
    assert.deepEqual(
      resent.panel.shownPlan!.units.map((u) => `${u.kind} ${u.date}`),
      ['have 2026-06-05'],
    );
    assert.deepEqual(charged(), ['2026-06-05', '2026-06-05'], 'sent again only when ticked, and once');
    resent.panel.receive({ type: 'cancel' });
    const result = await running;
    assert.deepEqual(
      result?.applies.map((a) => `${a.outcome} ${a.bought} ${a.uncertain}`),
      ['applied 0 1', 'applied 1 0'],
    );
  });

  it("holds a ticked uncertain date to the file's budget.maxCredits: above it, nothing is sent again", async () => {
    const file = join(dir, 'capped.imagery.json');
    const write = (maxCredits: number) =>
      writeFileSync(
        file,
        JSON.stringify(
          {
            datasets: [{ ...JSON.parse(imagery(['2026-06-04'])).datasets[0], name: 'capped', folder: 'capped' }],
            budget: { maxCredits },
          },
          null,
          2,
        ),
      );
    write(1000);
    env.sim.clearLog();
    env.sim.schedule({ method: 'POST', path: COMPOSITE, reset: 'after-processing' });
    const first = await clickPlan(vscode.Uri.file(file));
    const planned = await lensPanel((t) => 'unit-0' in t && t['apply:disabled'] === undefined);
    const held = await applied(planned.panel, false);
    assert.match(held.texts['plan-summary']!, /0 bought, 1 uncertain/);
    held.panel.receive({ type: 'cancel' });
    await first.running;
    assert.deepEqual(charged(), ['2026-06-04'], 'charged once, its answer lost');

    // The file's budget now leaves nothing for images: the uncertain date is not sent again.
    write(0);
    const second = await clickPlan(vscode.Uri.file(file));
    const shown = await lensPanel((t) => 'unit-0' in t && 'resend-uncertain' in t);
    assert.deepEqual(
      shown.panel.shownPlan!.units.map((u) => `${u.kind} ${u.date}`),
      ['uncertain 2026-06-04'],
    );
    const stopped = await applied(shown.panel, true);
    assert.match(stopped.texts['plan-summary']!, /Stopped before sending/);
    assert.deepEqual(charged(), ['2026-06-04'], 'not sent again above the budget');
    stopped.panel.receive({ type: 'cancel' });
    const result = await second.running;
    assert.deepEqual(
      result?.applies.map((a) => `${a.outcome} ${a.bought} ${a.uncertain}`),
      ['applied 0 1'],
    );
  });

  it('Forget… takes an order held as uncertain out of the lock; the next plan no longer lists it', async () => {
    const file = join(dir, 'forget.imagery.json');
    writeFileSync(
      file,
      JSON.stringify(
        { datasets: [{ ...JSON.parse(imagery(['2026-06-13'])).datasets[0], name: 'forget', folder: 'forget' }] },
        null,
        2,
      ),
    );
    // An order the file no longer declares, whose create was sent and never answered: held as uncertain.
    const lockFile = join(dir, 'forget.imagery.lock.json');
    const held = {
      order: 'old-order',
      area: 'field.wkt',
      payloadHash: 'a'.repeat(64),
      payload: { Model: 'Stratus2', StartDate: '2026-06-01' },
      at: '2026-06-14T09:30:00.000Z',
    };
    writeFileSync(lockFile, `${JSON.stringify({ version: 1, images: [], orders: [held] }, null, 2)}\n`);
    env.sim.clearLog();
    const { running } = await clickPlan(vscode.Uri.file(file), { maxCost: 1000, skipForgetConfirmation: true });
    const ours = (t: Record<string, string>) => /forget\.imagery\.json/.test(t.title ?? '');
    const shown = await lensPanel((t) => ours(t) && 'order-0' in t && 'forget-0' in t);
    assert.match(shown.texts['order-0']!, /uncertain \(may exist\)\s*old-order/);
    assert.match(shown.texts['order-0']!, /Forget… takes it out of the lock/);
    // A name the plan does not hold as uncertain is ignored: only the order on screen can be forgotten.
    shown.panel.receive({ type: 'forget', order: 'not-held' });
    shown.panel.receive({ type: 'forget', order: 'old-order' });
    const after = await lensPanel((t) => ours(t) && /Forgot order 'old-order'/.test(t['plan-summary'] ?? ''));
    assert.doesNotMatch(after.texts['plan-summary']!, /prices it as create/, 'the file no longer declares it');
    assert.equal('order-0' in after.texts, false, 'the plan made after it lists no order');
    assert.deepEqual(after.panel.shownPlan!.orders, []);
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { orders: unknown[] };
    assert.deepEqual(lock.orders, [], 'the lock no longer holds it');
    assert.deepEqual(
      env.sim.requests
        .filter((r) => r.method !== 'GET')
        .map((r) => r.path)
        .filter((p) => p.includes('/tasking/orders')),
      [],
      'nothing was created or cancelled',
    );
    after.panel.receive({ type: 'cancel' });
    assert.deepEqual((await running)?.forgets, [{ order: 'old-order', outcome: 'forgotten' }]);
  });

  it('a plan on screen whose file no longer plans is marked out of date, Apply… disabled; an Apply… whose fresh plan fails says so, never stays busy', async () => {
    const file = join(dir, 'stale.imagery.json');
    const good = JSON.stringify(
      { datasets: [{ ...JSON.parse(imagery(['2026-06-14'])).datasets[0], name: 'stale', folder: 'stale' }] },
      null,
      2,
    );
    const broken = good.replace('"name": "stale"', '"name": "stale",\n      "Resolution": 20');
    writeFileSync(file, good);
    env.sim.clearLog();
    const uri = vscode.Uri.file(file);
    const first = await clickPlan(uri);
    const ours = (t: Record<string, string>) => /stale\.imagery\.json/.test(t.title ?? '');
    await lensPanel((t) => ours(t) && 'unit-0' in t && t['apply:disabled'] === undefined);
    // A typo saved, and Plan again: the problem is said, and the plan still on screen cannot be applied.
    writeFileSync(file, broken);
    assert.deepEqual(await (await clickPlan(uri)).running, { plans: [], applies: [], forgets: [] });
    const stale = await lensPanel((t) => Object.values(t).some((v) => /has problems/.test(v)));
    assert.equal(stale.texts['apply:disabled'], 'true');
    assert.match(stale.texts['plan-summary'] ?? '', /^Nothing was sent: .*stale\.imagery\.json has problems/);
    assert.ok(
      (await allDiagnosticsOf(uri, (d) => d.some((x) => /Resolution/.test(x.message)))).length > 0,
      'the typo is in the Problems view',
    );
    assert.deepEqual((await first.running)?.applies, [], 'the first plan was never applied');
    // Fixed and planned; the typo saved again after the plan was shown, then Apply…: its fresh
    // plan fails, and the panel says so instead of waiting, busy, for ever.
    writeFileSync(file, good);
    const second = await clickPlan(uri);
    const { panel } = await lensPanel(
      (t) => ours(t) && 'unit-0' in t && t['apply:disabled'] === undefined && !t['plan-summary'],
    );
    writeFileSync(file, broken);
    panel.receive({ type: 'apply', resendUncertain: false });
    const after = await lensPanel((t) => /^Nothing was sent/.test(t['plan-summary'] ?? ''));
    assert.equal(after.texts['apply:disabled'], 'true');
    assert.deepEqual((await second.running)?.applies, []);
    assert.deepEqual(
      env.sim.requests.filter((r) => r.charged),
      [],
    );
    after.panel.receive({ type: 'cancel' });
  });

  it("shows the plan's notes in the panel, as the CLI prints them: a ledger line naming a file outside its folder", async () => {
    const file = join(dir, 'noted.imagery.json');
    writeFileSync(
      file,
      JSON.stringify({
        datasets: [{ ...JSON.parse(imagery(['2026-06-13'])).datasets[0], name: 'noted', folder: 'noted' }],
      }),
    );
    // The ledger a cloned repository brings: a saved image whose file is a path out of the folder.
    mkdirSync(join(dir, 'noted'));
    const line = { v: 1, key: 'a'.repeat(64), state: 'saved', at: '2026-06-10T12:00:00.000Z', id: '2026-06-13' };
    writeFileSync(
      join(dir, 'noted', 'sat-imagery-ledger.jsonl'),
      `${JSON.stringify({ ...line, kind: 'series', file: '../../../etc/passwd', bytes: 1, sha256: 'b'.repeat(64) })}\n`,
    );
    const { running } = await clickPlan(vscode.Uri.file(file));
    const { panel, texts } = await lensPanel((t) => /noted\.imagery\.json/.test(t.title ?? '') && 'note-0' in t);
    assert.deepEqual(panel.shownPlan!.notes?.length, 1, JSON.stringify(panel.shownPlan!.notes));
    assert.match(texts['note-0']!, /^Note: noted\/sat-imagery-ledger\.jsonl: .*etc\/passwd.*ignored/);
    assert.equal('note-1' in texts, false);
    panel.receive({ type: 'cancel' });
    assert.deepEqual((await running)?.applies, []);
  });

  it("shows a fieldStats whose fields file is missing or no fields in the Problems view, at the fields' place, and sends nothing", async () => {
    writeFileSync(
      join(dir, 'not-fields.geojson'),
      '{ "type": "FeatureCollection", "features": [ { "type": "Feature" } ] }',
    );
    for (const [name, fields, says] of [
      ['missing-fields.imagery.json', 'gone.geojson', /no fields file 'gone\.geojson'/],
      ['bad-fields.imagery.json', 'not-fields.geojson', /the fields file does not read as fields: not-fields\.geojson/],
    ] as const) {
      const file = join(dir, name);
      const dataset = JSON.parse(imagery(DATES)).datasets[0];
      writeFileSync(
        file,
        JSON.stringify({ datasets: [{ ...dataset, fieldStats: { fields, indices: ['B4'] } }] }, null, 2),
      );
      env.sim.clearLog();
      const uri = vscode.Uri.file(file);
      const result = await (await clickPlan(uri)).running;
      assert.deepEqual(result, { plans: [], applies: [], forgets: [] }, 'no plan is shown');
      const ours = (d: readonly vscode.Diagnostic[]) => d.filter((x) => x.source === 'Satellite Imagery');
      const [found] = ours(await allDiagnosticsOf(uri, (d) => ours(d).length > 0));
      assert.ok(found, name);
      assert.match(found.message, says);
      const document = await vscode.workspace.openTextDocument(uri);
      assert.equal(document.getText(found.range), `"${fields}"`, 'the fields value is where the problem is');
      // The specification document (free, read by the client) at most: no date search, no estimate.
      assert.deepEqual(
        env.sim.requests.map((r) => r.path).filter((path) => path !== '/api/specification.json'),
        [],
        'nothing asked of the service',
      );
    }
  });

  it("shows an index the dataset's bands cannot give in the Problems view, at the index's place, and sends nothing", async () => {
    const file = join(dir, 'rgb-ndvi.imagery.json');
    const dataset = JSON.parse(imagery(DATES)).datasets[0];
    writeFileSync(
      file,
      JSON.stringify(
        { datasets: [{ ...dataset, fieldStats: { fields: 'field.wkt', indices: ['B4', 'ndvi'] } }] },
        null,
        2,
      ),
    );
    env.sim.clearLog();
    const uri = vscode.Uri.file(file);
    const result = await (await clickPlan(uri)).running;
    assert.deepEqual(result, { plans: [], applies: [], forgets: [] }, 'no plan is shown');
    const ours = (d: readonly vscode.Diagnostic[]) => d.filter((x) => x.source === 'Satellite Imagery');
    const found = ours(await allDiagnosticsOf(uri, (d) => ours(d).length > 0));
    assert.equal(found.length, 1, found.map((d) => d.message).join(' | '));
    assert.match(found[0]!.message, /'ndvi' cannot be measured in this dataset's images: it needs B8, or \[B8_B4\]/);
    const document = await vscode.workspace.openTextDocument(uri);
    assert.equal(document.getText(found[0]!.range), '"ndvi"', 'the index is where the problem is');
    assert.deepEqual(
      env.sim.requests.map((r) => r.path).filter((path) => path !== '/api/specification.json'),
      [],
      'nothing asked of the service',
    );
  });

  it('shows a name the schema refuses in the Problems view once, at its place, and sends nothing', async () => {
    const file = join(dir, 'bad.imagery.json');
    writeFileSync(
      file,
      JSON.stringify({ datasets: [{ ...JSON.parse(imagery(DATES)).datasets[0], colour: 'blue' }] }, null, 2),
    );
    env.sim.clearLog();
    const uri = vscode.Uri.file(file);
    const result = await (await clickPlan(uri)).running;
    assert.deepEqual(result, { plans: [], applies: [], forgets: [] }, 'no plan is shown');
    // VS Code's JSON validation states it from the shipped schema; the plan's own diagnostic of
    // the same typo is left out, so the Problems view lists it once.
    const aboutColour = (d: readonly vscode.Diagnostic[]) => d.filter((x) => /colour/.test(x.message));
    const found = aboutColour(await allDiagnosticsOf(uri, (d) => aboutColour(d).length > 0));
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a second report would have come by now
    const listed = aboutColour(vscode.languages.getDiagnostics(uri));
    assert.equal(listed.length, 1, listed.map((d) => `${d.source}: ${d.message}`).join(' | '));
    assert.notEqual(
      found[0]!.source,
      'Satellite Imagery',
      `stated by VS Code from the shipped schema: ${found[0]!.message}`,
    );
    const line = (await vscode.workspace.openTextDocument(uri)).lineAt(listed[0]!.range.start.line).text;
    assert.match(line, /colour/);
    assert.deepEqual(
      env.sim.requests.filter((r) => r.charged),
      [],
    );
  });
});
