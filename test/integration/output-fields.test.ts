// The output fields in a real extension host against the simulator: the settings
// (satImagery.defaults.output.*) and the command's `output` option reach the wire, UploadUrl from
// the user settings sends the image to a loopback receiver, and the wizard's Output step opens
// "Advanced output…" through real quick picks.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CompositeResult, DatesResult } from '../../src/workflows/engine/results';
import { questionQueue, useSimulator } from './vsc-helpers';

const FIELD = 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))';
const PROCESS = '/api/satelliteimages/process/composite';

describe('output fields in VS Code', () => {
  const env = useSimulator({ demoData: true });
  let dir: string;
  let uri: vscode.Uri;
  let date: string;
  const config = () => vscode.workspace.getConfiguration('satImagery');
  const base = { model: 'Stratus2', satelliteConstellations: ['Sentinel2'], epsgProjection: 4326, bandnames: 'rgb' };
  const sent = () => env.sim.requests.filter((r) => r.path === PROCESS).map((r) => r.body as Record<string, unknown>);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-output-'));
    writeFileSync(join(dir, 'field.wkt'), FIELD);
    uri = vscode.Uri.file(join(dir, 'field.wkt'));
    await config().update('confirmCostAbove', 100_000, vscode.ConfigurationTarget.Global);
    const dates = await vscode.commands.executeCommand<DatesResult>('satImagery.findAvailableDates', uri, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      skipConfirmation: true,
    });
    date = dates.coverage!.full[0]!;
  });
  after(async () => {
    for (const key of ['confirmCostAbove', 'defaults.output.dataType', 'defaults.output.uploadUrl'])
      await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => env.sim.clearLog());
  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it("sends the settings' output fields with the options' over them", async () => {
    await config().update('defaults.output.dataType', 'uint8', vscode.ConfigurationTarget.Global);
    const out = mkdtempSync(join(dir, 'out-'));
    const result = await vscode.commands.executeCommand<CompositeResult>('satImagery.downloadComposite', uri, {
      ...base,
      date,
      resolution: 20,
      outputDirectory: out,
      skipConfirmation: true,
      output: { PixelSelectionMode: 'contained' },
    });
    assert.equal(result.outcome, 'completed');
    assert.deepEqual([sent()[0]!.DataType, sent()[0]!.PixelSelectionMode], ['uint8', 'contained']);
    await config().update('defaults.output.dataType', undefined, vscode.ConfigurationTarget.Global);
  });

  it('UploadUrl from the user settings: the image goes to the receiver and nothing is saved', async () => {
    const received: string[] = [];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(`${req.method} ${req.url}`);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/drop/field.tif`;
      await config().update('defaults.output.uploadUrl', address, vscode.ConfigurationTarget.Global);
      const out = mkdtempSync(join(dir, 'out-'));
      const result = await vscode.commands.executeCommand<CompositeResult>('satImagery.downloadComposite', uri, {
        ...base,
        date,
        resolution: 20,
        outputDirectory: out,
        skipConfirmation: true,
      });
      assert.equal(result.outcome, 'completed');
      assert.equal(result.uploadedTo, address);
      assert.deepEqual(received, ['PUT /drop/field.tif']);
      assert.deepEqual(
        readdirSync(out),
        ['sat-imagery-ledger.jsonl'],
        "nothing saved here but the purchase ledger's record of it",
      );
    } finally {
      await config().update('defaults.output.uploadUrl', undefined, vscode.ConfigurationTarget.Global);
      server.close();
    }
  });

  it('the Output step opens "Advanced output…" in the quick picks and its choice is sent', async () => {
    const out = mkdtempSync(join(dir, 'out-'));
    const questions = await questionQueue(env.api);
    // Resolution left open: the wizard asks it, then offers the Output step.
    const running = vscode.commands.executeCommand<CompositeResult>('satImagery.downloadComposite', uri, {
      ...base,
      date,
      outputDirectory: out,
      skipConfirmation: true,
    });
    let settled = false;
    void running.then(
      () => (settled = true),
      () => (settled = true),
    );
    // Each answer goes when its question shows: the titles name the step, so a wizard that asked
    // something else here fails on the title, not on a time-out.
    const answer = async (title: RegExp, ...commands: string[]) => {
      const shown = await questions.next(String(title));
      assert.match(shown, title);
      for (const command of commands) await vscode.commands.executeCommand(command);
    };
    const accept = 'workbench.action.acceptSelectedQuickOpenItem';
    const down = 'workbench.action.quickOpenSelectNext';
    try {
      await answer(/Resolution/i, accept); // the default
      await answer(/Output/i, down, accept); // "Advanced output…"
      await answer(/DataType|data type/i, down, accept); // the first listed value
      // The rest: their defaults, each as it shows, until the download settles.
      while (!settled) {
        const shown = questions.next('after the data type').then(
          () => true,
          () => false,
        );
        if (await Promise.race([shown, running.then(() => false)])) await vscode.commands.executeCommand(accept);
      }
    } finally {
      questions.dispose();
    }
    const result = await running;
    assert.equal(result.outcome, 'completed');
    assert.equal(sent()[0]!.DataType, 'int16');
  });
});
