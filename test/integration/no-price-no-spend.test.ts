// Issue 13: nothing billed can be sent without a price and a yes. Every billed command, run from a
// script with skipConfirmation and no budget (confirmCostAbove unset), is refused with the reason
// and sends nothing billed; an option name a command does not know is refused before any request.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DatesResult, TilesResult } from '../../src/workflows/engine/results';
import { useSimulator } from './vsc-helpers';

const FIELD = 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))';
const BILLED = [
  '/api/satelliteimages/process/composite',
  '/api/satelliteimages/process/tile',
  '/api/satelliteimages/process/minitile',
  '/api/tasking/orders',
];

describe('no price, no spend: every billed command with skipConfirmation and no budget, in VS Code', () => {
  const env = useSimulator({ demoData: true });
  let dir: string;
  let uri: vscode.Uri;
  let date: string;
  let tiles: TilesResult;
  let minis: TilesResult;
  const base = {
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    epsgProjection: 4326,
    bandnames: 'rgb',
    resolution: 20,
    skipConfirmation: true,
  };
  const billed = () => env.sim.requests.filter((r) => r.method === 'POST' && BILLED.includes(r.path));

  before(async () => {
    await vscode.workspace
      .getConfiguration('satImagery')
      .update('confirmCostAbove', undefined, vscode.ConfigurationTarget.Global);
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-noprice-'));
    writeFileSync(join(dir, 'field.wkt'), FIELD);
    uri = vscode.Uri.file(join(dir, 'field.wkt'));
    const dates = await vscode.commands.executeCommand<DatesResult>('satImagery.findAvailableDates', uri, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    date = dates.coverage!.full[0]!;
    tiles = await vscode.commands.executeCommand<TilesResult>('satImagery.searchTiles', uri, {
      only: 'tiles',
      skipConfirmation: true,
    });
    minis = await vscode.commands.executeCommand<TilesResult>('satImagery.searchTiles', uri, {
      only: 'minitiles',
      skipConfirmation: true,
    });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(() => env.sim.clearLog());

  const runs: Array<[string, () => [vscode.Uri | undefined, Record<string, unknown>]]> = [
    ['satImagery.downloadComposite', () => [uri, { ...base, date, outputDirectory: dir }]],
    [
      'satImagery.createOrder',
      () => [
        uri,
        {
          model: 'Stratus2',
          satelliteConstellations: ['Sentinel2'],
          from: '2027-01-01',
          to: '2027-01-31',
          skipConfirmation: true,
        },
      ],
    ],
    [
      'satImagery.processTiles',
      () => [
        undefined,
        { ...base, date, outputDirectory: dir, tileGuids: tiles.tiles.map((t) => String(t.Guid)).slice(0, 1) },
      ],
    ],
    [
      'satImagery.processMiniTiles',
      () => [
        undefined,
        { ...base, date, outputDirectory: dir, tileGuids: minis.tiles.map((t) => String(t.Guid)).slice(0, 1) },
      ],
    ],
    ['satImagery.downloadTimeSeries', () => [uri, { ...base, dates: [date], outputDirectory: dir }]],
  ];

  for (const [command, args] of runs) {
    it(`${command}: refused with the reason, nothing billed sent`, async () => {
      const [target, options] = args();
      if (command.endsWith('TimeSeries')) assert.deepEqual(options.dates, [date], 'a date to download');
      if (command.endsWith('Tiles')) assert.equal((options.tileGuids as string[]).length, 1, 'a unit to process');
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand(command, target, options)),
        /needs a confirmation: no budget is set/,
      );
      assert.deepEqual(
        billed().map((r) => r.path),
        [],
      );
    });
  }

  it('an unknown option name is refused with the accepted ones, before any request', async () => {
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('satImagery.downloadComposite', uri, {
          Model: 'Stratus2',
          skipConfirmation: true,
        }),
      ),
      /unknown option 'Model'\. Accepted: .*'model'/,
    );
    assert.deepEqual(
      env.sim.requests.map((r) => r.path),
      [],
    );
  });

  it('the time series refuses an unknown option name too (Dates for dates), before any request', async () => {
    await assert.rejects(
      Promise.resolve(
        vscode.commands.executeCommand('satImagery.downloadTimeSeries', uri, {
          ...base,
          Dates: [date],
          outputDirectory: dir,
        }),
      ),
      /downloadTimeSeries: unknown option 'Dates'\. Accepted: .*'dates'/,
    );
    assert.deepEqual(
      env.sim.requests.map((r) => r.path),
      [],
    );
  });
});
