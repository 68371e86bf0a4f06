// Billed calls whose answer was lost, in the real extension host against the simulator: the
// "may have been charged" notification says so with the balance before and after and offers the
// Orders list and the account (its button really opens the account); a batch's "Retry failed"
// sends the failed unit again and never the one that may have been charged.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { NotifyPort } from '../../src/workflows/engine/ports';
import type { BatchResult, CompositeResult, DatesResult, TilesResult } from '../../src/workflows/engine/results';
import { useSimulator } from './vsc-helpers';

const FIELD = 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))';
const AREA = 'POLYGON((10.02 56.02, 10.18 56.02, 10.18 56.08, 10.02 56.08, 10.02 56.02))';
const COMPOSITE = '/api/satelliteimages/process/composite';
const MINI = '/api/satelliteimages/process/minitile';

interface Shown {
  message: string;
  actions: string[];
}

/** Stands in for VS Code's notifications: records each warning and presses `press` on it. */
function recorder(press: (shown: Shown) => string | undefined): {
  port: NotifyPort;
  shown: Shown[];
  next: () => Promise<Shown>;
} {
  const shown: Shown[] = [];
  const waiting: Array<(s: Shown) => void> = [];
  const record = async (message: string, ...actions: string[]) => {
    const entry = { message, actions };
    shown.push(entry);
    waiting.shift()?.(entry);
    return press(entry);
  };
  return { port: { info: record, warn: record }, shown, next: () => new Promise((resolve) => waiting.push(resolve)) };
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) assert.fail(`not seen within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('billed calls whose answer was lost, in VS Code', () => {
  const env = useSimulator({ demoData: true });
  let dir: string;
  let out: string;
  let original: NotifyPort;
  const base = {
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    epsgProjection: 4326,
    bandnames: 'rgb',
    skipConfirmation: true,
  };
  const file = (name: string, text: string): vscode.Uri => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return vscode.Uri.file(path);
  };
  const wholeAreaDate = async (uri: vscode.Uri): Promise<string> => {
    const dates = await vscode.commands.executeCommand<DatesResult>('satImagery.findAvailableDates', uri, {
      model: base.model,
      satelliteConstellations: base.satelliteConstellations,
    });
    assert.ok(dates.coverage && dates.coverage.full.length > 0, 'no whole-area date');
    return dates.coverage.full[0]!;
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-billed-'));
    await vscode.workspace
      .getConfiguration('satImagery')
      .update('confirmCostAbove', 100_000, vscode.ConfigurationTarget.Global);
    original = env.api.services.notify;
  });
  after(async () => {
    env.api.services.notify = original;
    await vscode.workspace
      .getConfiguration('satImagery')
      .update('confirmCostAbove', undefined, vscode.ConfigurationTarget.Global);
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    out = mkdtempSync(join(dir, 'out-'));
    env.sim.clearLog();
  });

  it('a composite reset after processing: "may have been charged" with the balance, Orders and Account, and no second POST', async () => {
    const uri = file('field.wkt', FIELD);
    const date = await wholeAreaDate(uri);
    const notes = recorder((s) => (s.actions.includes('Show Account') ? 'Show Account' : undefined));
    env.api.services.notify = notes.port;
    const shownNext = notes.next();
    const before = env.sim.state.account.CreditAmount;
    env.sim.schedule({ method: 'POST', path: COMPOSITE, reset: 'after-processing' });
    env.sim.clearLog();
    const result = await vscode.commands.executeCommand<CompositeResult>('satImagery.downloadComposite', uri, {
      ...base,
      date,
      resolution: 20,
      outputDirectory: out,
    });
    assert.equal(result.outcome, 'may-have-been-charged');
    const shown = await shownNext;
    const after = env.sim.state.account.CreditAmount;
    assert.ok(after < before, 'the simulator charged the composite');
    assert.match(
      shown.message,
      /^The composite may have been charged: the request was sent but its answer was lost, and it was not sent again\./,
    );
    assert.ok(shown.message.includes(`before: ${before} credits, now: ${after} credits`), shown.message);
    assert.deepEqual(shown.actions, ['Show Orders', 'Show Account']);
    const posts = env.sim.requests.filter((r) => r.method === 'POST' && r.path === COMPOSITE);
    assert.deepEqual(
      posts.map((r) => !!r.charged),
      [true],
      'sent once, charged once',
    );
    // "Show Account" re-reads the account from the service.
    const sentAt = env.sim.requests.length;
    await until(
      () => env.sim.requests.slice(sentAt).some((r) => r.path === '/api/account/info' || r.path === '/api/apikey/info'),
      'Show Account reading the account',
    );
  });

  it("a batch's Retry failed sends the failed unit again, never the one that may have been charged", async () => {
    const uri = file('area.wkt', AREA);
    const minis = await vscode.commands.executeCommand<TilesResult>('satImagery.searchTiles', uri, {
      only: 'minitiles',
      skipConfirmation: true,
    });
    const picked = minis.tiles.filter((t) => minis.selected.slice(0, 2).includes(String(t.Guid)));
    assert.equal(picked.length, 2);
    const footprints = picked.map((t) => String(t.DataGeogWkt).replace(/^POLYGON\s*/i, ''));
    const date = await wholeAreaDate(file('minis.wkt', `MULTIPOLYGON(${footprints.join(',')})`));
    const notes = recorder((s) => (s.actions.includes('Retry failed') ? 'Retry failed' : undefined));
    env.api.services.notify = notes.port;
    const shownNext = notes.next();
    // One unit loses its answer after the server ran it; the other is refused (not charged).
    env.sim.schedule(
      { method: 'POST', path: MINI, reset: 'after-processing' },
      { method: 'POST', path: MINI, status: 400, code: 992 },
    );
    env.sim.clearLog();
    const options = {
      ...base,
      resolution: 20,
      date,
      outputDirectory: out,
      concurrency: 1,
      tileGuids: picked.map((t) => String(t.Guid)),
    };
    const result = await vscode.commands.executeCommand<BatchResult>('satImagery.processMiniTiles', undefined, options);
    assert.equal(result.outcome, 'may-have-been-charged');
    assert.equal(result.uncertain.length, 1);
    assert.equal(result.failed.length, 1);
    const uncertain = result.uncertain[0]!.id;
    const failed = result.failed[0]!.id;
    const shown = await shownNext;
    assert.match(shown.message, /1 of 2 failed/);
    assert.match(shown.message, /1 of 2 \(.+\) may have been charged/);
    assert.deepEqual(shown.actions, ['Retry failed', 'Resend…', 'Show Orders', 'Show Account']);
    // The button reruns the command: the failed unit goes out again and completes.
    const sentFor = (id: string) =>
      env.sim.requests.filter(
        (r) => r.method === 'POST' && r.path === MINI && (r.body as { MiniTileGuid?: string }).MiniTileGuid === id,
      );
    await until(() => sentFor(failed).some((r) => r.status === 200), 'the failed unit sent again');
    await until(
      () => notes.shown.length > 1 || env.sim.requests.filter((r) => r.path === MINI).length >= 3,
      'the rerun finished',
    );
    assert.equal(sentFor(uncertain).length, 1, 'the unit that may have been charged was not sent again');
    assert.equal(sentFor(uncertain).filter((r) => r.charged).length, 1);
  });
});
