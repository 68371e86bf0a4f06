import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileOpener } from '../../../../src/files/safe-files';
import { LEDGER_NAME } from '../../../../src/ledger/ledger-journal';
import { PurchaseLedger } from '../../../../src/ledger/purchase-ledger';
import type { DownloadSeriesOptions } from '../../../../src/workflows/series/series-types';
import { downloadSeries } from '../../../../src/workflows/series/series-workflow';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

// The money faults of issue 22 §1, each against the simulator's charge log: a rerun with another
// profile, a file already at a date's name, two runs on one folder at once. Nothing is paid twice,
// and nothing paid for is thrown away.

const FIELD = {
  name: 'field.wkt',
  text: 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))',
  format: 'wkt' as const,
};
const PROCESS = '/api/satelliteimages/process/composite';
/** A pinned "today": every test passes on any day and under faketime. */
const NOW = Date.UTC(2026, 5, 20, 12);
const DATES = ['2026-06-02', '2026-06-05'];

describe('purchase ledger: the money faults (series against the simulator)', function () {
  this.timeout(60_000);
  const fixture = useSimulatorClient({
    simulator: { demoData: true, imageryEveryDay: true, clock: () => NOW, account: { CreditAmount: 1e6 } },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'ledger-',
  });
  const charges = () =>
    fixture.sim.requests.filter((r) => r.method === 'POST' && r.path === PROCESS && r.charged).length;
  const options = (extra: DownloadSeriesOptions = {}): DownloadSeriesOptions => ({
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    epsgProjection: 4326,
    resolution: 20,
    bandnames: 'rgb',
    outputDirectory: fixture.out,
    dates: DATES,
    skipConfirmation: true,
    ...extra,
  });
  const run = (extra: DownloadSeriesOptions = {}) =>
    downloadSeries(
      scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 1e6 } }).ports,
      FIELD,
      options(extra),
    );
  const tifs = async (folder = fixture.out) => (await readdir(folder)).filter((f) => f.endsWith('.tif')).sort();

  for (const [what, other] of [
    ['other bands', { bandnames: 'B8,B4,B3' }],
    ['another EPSG', { epsgProjection: 32632 }],
  ] as const) {
    it(`a rerun with ${what} pays each date once, keeps every paid image, and a second rerun pays nothing`, async () => {
      const first = await run();
      assert.equal(first.outcome, 'completed');
      assert.equal(charges(), 2);
      const second = await run(other);
      assert.equal(charges(), 4, 'each date of the new profile paid once');
      assert.equal(second.outcome, 'completed', JSON.stringify(second.dates));
      assert.equal((await tifs()).length, 4, "the first profile's images and the second's, side by side");
      const third = await run(other);
      assert.equal(charges(), 4, 'the rerun with the same profile pays nothing');
      assert.equal(third.outcome, 'completed');
      const back = await run();
      assert.equal(charges(), 4, 'going back to the first profile pays nothing: its images are in the ledger');
      assert.equal(back.outcome, 'completed');
    });
  }

  it("a file already at a date's name is kept, and the paid image is saved beside it, not deleted", async () => {
    // Learn the names a run gives in a scratch folder, then put a person's file at each of them.
    const scratch = await mkdtemp(join(tmpdir(), 'ledger-names-'));
    try {
      await run({ outputDirectory: scratch });
      const names = await tifs(scratch);
      assert.equal(names.length, 2);
      for (const name of names) await writeFile(join(fixture.out, name), "the person's own file");
      fixture.sim.clearLog();
      const result = await run();
      assert.equal(charges(), 2);
      assert.equal(result.outcome, 'completed', JSON.stringify(result.dates));
      for (const name of names) assert.equal(await readFile(join(fixture.out, name), 'utf8'), "the person's own file");
      assert.equal((await tifs()).length, 4, 'both paid images saved under free names');
      await run();
      assert.equal(charges(), 2, 'the rerun pays nothing');
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it("a folder of today's manifests: read once and carried over into the ledger, nothing bought again", async () => {
    // A folder as the manifest-only code left it: images, their manifest, no ledger.
    fixture.sim.schedule({ method: 'POST', path: PROCESS, reset: 'after-processing' });
    const first = await run({ concurrency: 1 });
    assert.equal(first.outcome, 'may-have-been-charged');
    await rm(join(fixture.out, LEDGER_NAME));
    assert.equal(charges(), 2);
    const again = await run();
    assert.equal(charges(), 2, 'nothing bought again: the done date is on the disk, the lost one held');
    const units = [...(await PurchaseLedger.read(fixture.out)).values()].map((u) => [u.id, u.state, u.migrated]).sort();
    assert.deepEqual(units, [
      [DATES[0], 'lost', true],
      [DATES[1], 'saved', true],
    ]);
    assert.deepEqual(
      again.dates.map((d) => d.status),
      ['may-have-been-charged', 'skipped'],
    );
  });

  it('two runs on one folder at once: the second is refused naming the first, every date charged once', async () => {
    fixture.sim.configure({ latencyMs: 800 });
    const outcomes = await Promise.allSettled([run(), run()]);
    fixture.sim.configure({});
    assert.equal(
      charges(),
      2,
      `charged ${charges()} times for 2 dates: ${outcomes.map((o) => (o.status === 'fulfilled' ? o.value.outcome : String(o.reason))).join(' / ')}`,
    );
    assert.equal((await tifs()).length, 2);
    const done = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    assert.equal(done.length, 1);
    assert.equal(refused.length, 1);
    assert.match(
      String(refused[0]!.reason),
      new RegExp(
        `in use by another run \\(pid ${process.pid} on .+, since .+: Download Time Series of field.wkt\\)\\. Nothing was sent`,
      ),
    );
  });
});

describe("purchase ledger: disk full after a 200 (a write failure through the file writer's seam)", function () {
  this.timeout(60_000);
  const fixture = useSimulatorClient({
    simulator: { demoData: true, imageryEveryDay: true, clock: () => NOW, account: { CreditAmount: 1e6 } },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'ledger-full-',
  });
  const charges = () =>
    fixture.sim.requests.filter((r) => r.method === 'POST' && r.path === PROCESS && r.charged).length;
  const run = (extra: DownloadSeriesOptions = {}) =>
    downloadSeries(scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 1e6 } }).ports, FIELD, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      epsgProjection: 4326,
      resolution: 20,
      bandnames: 'rgb',
      outputDirectory: fixture.out,
      dates: DATES,
      skipConfirmation: true,
      concurrency: 1,
      ...extra,
    });
  const realOpen = fileOpener.open;
  afterEach(() => {
    fileOpener.open = realOpen;
  });

  it('the date is recorded as paid and not saved, says so with its price, and is not bought again unasked', async () => {
    // The first image's writes fail as on a full disk; everything else writes.
    let failed = 0;
    fileOpener.open = async (path, flags, mode) => {
      const handle = await realOpen(path, flags, mode);
      if (!/\.tif(\.[\w-]+)?\.part$/.test(path) || failed++ > 0) return handle;
      const full = () =>
        Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
      return new Proxy(handle, {
        get: (target, name) =>
          name === 'writev' || name === 'write'
            ? full
            : ((Reflect.get(target, name) as unknown as (...a: unknown[]) => unknown)?.bind?.(target) ??
              Reflect.get(target, name)),
      });
    };
    const first = await run();
    fileOpener.open = realOpen;
    assert.equal(charges(), 2, 'both dates paid');
    assert.equal(first.outcome, 'may-have-been-charged');
    const unsaved = first.dates.find((d) => d.date === DATES[0])!;
    assert.equal(unsaved.status, 'may-have-been-charged');
    assert.match(
      unsaved.error ?? '',
      /^2026-06-02 was paid for \(about [\d.]+ credits\) but could not be saved: Could not write .* the disk is full \(ENOSPC\)\. It is held, not bought again unasked; fetching it again costs about [\d.]+ credits again/,
    );
    assert.match(first.charge?.reason ?? '', /1 of 2 dates were paid for but could not be saved/);
    assert.equal((await readdir(fixture.out)).filter((f) => f.endsWith('.part')).length, 0, 'no .part left');
    const units = [...(await PurchaseLedger.read(fixture.out)).values()];
    assert.deepEqual(units.map((u) => [u.id, u.state]).sort(), [
      [DATES[0], 'charged-not-saved'],
      [DATES[1], 'saved'],
    ]);

    const again = await run();
    assert.equal(charges(), 2, 'the rerun buys nothing: the unsaved date is held');
    assert.equal(again.dates.find((d) => d.date === DATES[0])?.status, 'may-have-been-charged');
    assert.match(again.dates.find((d) => d.date === DATES[0])?.error ?? '', /was paid for .* could not be saved/);
    assert.equal(again.dates.find((d) => d.date === DATES[1])?.status, 'skipped');

    const chosen = await run({ resendUncertain: [DATES[0]!] });
    assert.equal(charges(), 3, 'bought again only when named');
    assert.equal(chosen.outcome, 'completed');
    assert.equal((await readdir(fixture.out)).filter((f) => f.endsWith('.tif')).length, 2);
  });
});
