import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { downloadComposite } from '../../../../src/workflows/composite/download-composite-workflow';
import { findAvailableDates } from '../../../../src/workflows/dates/find-dates-workflow';
import { WorkflowError } from '../../../../src/request/workflow-error';
import { MANIFEST_NAME } from '../../../../src/ledger/batch-manifest';
import type { CompositeEstimateModel } from '../../../../src/pricing/estimate-view-model';
import { selectSeriesDates } from '../../../../src/workflows/series/series-dates';
import type { DownloadSeriesOptions } from '../../../../src/workflows/series/series-types';
import { downloadSeries } from '../../../../src/workflows/series/series-workflow';
import { ITEM_COLLECTION_NAME } from '../../../../src/files/stac-names';
import { epsgOf, gdalinfo, gdalinfoStacItems } from '../../fixtures/gdal';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';
import { validateStacItem } from '../../fixtures/stac-schemas';

// Two separate squares near Aarhus: dates with imagery of only one of them are partial.
const AREA = {
  name: 'two.wkt',
  text: 'MULTIPOLYGON(((10.02 56.02, 10.05 56.02, 10.05 56.04, 10.02 56.04, 10.02 56.02)),((10.2 56.12, 10.23 56.12, 10.23 56.14, 10.2 56.14, 10.2 56.12)))',
  format: 'wkt' as const,
};
const PROCESS = '/api/satelliteimages/process/composite';
const AVAILABLE = '/api/satelliteimages/process/composite/available';
const ESTIMATE = '/api/satelliteimages/process/composite/estimate';

describe('workflow: time series (against the simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'series-',
  });
  let full: string[];
  let partial: string[];
  const processed = () =>
    fixture.sim.requests
      .filter((r) => r.path === PROCESS)
      .map((r) => (r.body as { Date: string }).Date.slice(0, 10))
      .sort();
  const bodies = (path: string) =>
    fixture.sim.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);
  const options = (extra: DownloadSeriesOptions = {}): DownloadSeriesOptions => ({
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    epsgProjection: 4326,
    resolution: 80,
    bandnames: 'rgb',
    outputDirectory: fixture.out,
    ...extra,
  });

  before(async () => {
    const found = await findAvailableDates(scriptedPorts(fixture.client, { output: 'keep' }).ports, AREA, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    full = found.coverage!.full;
    partial = found.coverage!.partial;
  });

  it('downloads every 3rd-day date of the window up to maxDates, skips partial ones, prices them in one panel and writes the ItemCollection', async () => {
    assert.ok(partial.length > 0, 'the area has partial dates');
    const expected = selectSeriesDates(full, { every: 3, maxDates: 4 });
    assert.equal(expected.length, 4);
    const run = scriptedPorts(fixture.client, { output: 'keep' });
    const result = await downloadSeries(run.ports, AREA, options({ every: 3, maxDates: 4 }));
    assert.equal(result.outcome, 'completed');
    assert.deepEqual(
      result.dates.filter((d) => d.status === 'done').map((d) => d.date),
      expected,
    );
    assert.deepEqual(
      result.dates.filter((d) => d.status === 'partial').map((d) => d.date),
      [...partial].sort(),
    );
    assert.deepEqual(processed(), expected, 'only the chosen whole-area dates were billed');
    assert.equal(
      fixture.sim.requests.filter((r) => r.path === AVAILABLE).length,
      expected.length,
      'one availability check per date',
    );
    const checked = fixture.sim.requests
      .filter((q) => q.path === AVAILABLE)
      .map((r) => r.body as { Model: string; Date: string });
    assert.deepEqual(
      checked.map((b) => [b.Model, b.Date.slice(0, 10)]).sort(),
      expected.map((d) => ['Stratus2', d]),
      'checked with the final payload',
    );

    // One panel: a plan of each date to buy with its credits, and the total.
    assert.equal(run.estimates.length, 1);
    const shown = run.estimates[0] as CompositeEstimateModel;
    assert.deepEqual(
      shown.plan.units.map((d) => `${d.kind} ${d.date}`),
      expected.map((d) => `buy ${d}`),
    );
    const sum = shown.plan.units.reduce((a, d) => a + d.credits!, 0);
    assert.ok(sum > 0);
    assert.ok(Math.abs(shown.credits! - sum) < 1e-6 && shown.plan.total.credits === shown.credits);
    assert.equal(result.totalCredits, shown.credits);

    // One GeoTIFF per date, named by it, each with its Item; the folder's ItemCollection validates.
    const names = (await readdir(fixture.out)).sort();
    // Named by the date, the model, the resolution and a short hash of the date's request.
    const imageOf = (date: string) =>
      names.find((n) => new RegExp(`^composite-${date}-Stratus2-80m-[0-9a-f]{8}\\.tif$`).test(n))!;
    for (const date of expected) {
      assert.ok(imageOf(date), `${date} has its image: ${names.join(', ')}`);
      assert.ok(names.includes(imageOf(date).replace(/\.tif$/, '.json')), `${date} has its Item`);
    }
    const collection = JSON.parse(await readFile(join(fixture.out, ITEM_COLLECTION_NAME), 'utf8')) as {
      features: { properties: { datetime: string } }[];
    };
    assert.equal(result.itemCollection, join(fixture.out, ITEM_COLLECTION_NAME));
    assert.ok(validateStacItem(collection), JSON.stringify(validateStacItem.errors));
    assert.deepEqual(
      collection.features.map((f) => f.properties.datetime.slice(0, 10)),
      expected,
    );

    // GDAL reads the collection as STAC: its STACIT driver places every date's image by the Items'
    // proj:epsg, proj:shape and proj:transform, and the mosaic is where each image says it is.
    const mosaic = gdalinfoStacItems(fixture.out, ITEM_COLLECTION_NAME);
    const first = gdalinfo(join(fixture.out, imageOf(expected[0]!)));
    assert.deepEqual(mosaic.files.map((f) => f.replace(/^\.\//, '')).sort(), expected.map(imageOf));
    assert.equal(epsgOf(mosaic), epsgOf(first));
    assert.deepEqual(mosaic.size, first.size);
    assert.deepEqual(mosaic.geoTransform, first.geoTransform);
    assert.equal(mosaic.bands.length, 3);
  });

  it('asks nothing when the options fix every setting (the Output step is offered only in a run that asks something)', async () => {
    const dates = [...full].sort().slice(-2);
    const silent = scriptedPorts(fixture.client, {});
    const result = await downloadSeries(silent.ports, AREA, options({ dates }));
    assert.deepEqual(silent.asked, []);
    assert.deepEqual(
      result.dates.map((d) => [d.date, d.status]),
      dates.map((d) => [d, 'done']),
    );
    // With a setting left open, the person is asked it, and then offered the Output step.
    const { bandnames: _open, ...rest } = options({ dates, outputDirectory: join(fixture.out, 'open') });
    const asking = scriptedPorts(fixture.client, { bandnames: 'rgb', output: 'keep' });
    await downloadSeries(asking.ports, AREA, rest);
    assert.deepEqual(asking.asked, ['bandnames', 'output']);
  });

  it("shows a date the availability check turned down in the panel's plan as not available, with the service's reason, unpriced and unbought", async () => {
    const dates = [full[0]!, partial[0]!].sort();
    const run = scriptedPorts(fixture.client, { output: 'keep' });
    const result = await downloadSeries(run.ports, AREA, options({ dates }));
    assert.equal(run.estimates.length, 1);
    const { plan } = run.estimates[0] as CompositeEstimateModel;
    const refused = plan.units.find((u) => u.date === partial[0]);
    assert.equal(refused?.kind, 'unavailable');
    assert.match(refused.reason ?? '', /^not available: .*\S/);
    assert.equal(refused.credits, undefined);
    const bought = plan.units.find((u) => u.date === full[0]);
    assert.deepEqual([bought?.kind, plan.total.credits], ['buy', bought?.credits]);
    assert.deepEqual(processed(), [full[0]], 'only the available date was billed');
    assert.equal(result.totalCredits, plan.total.credits);
  });

  it('takes partial dates too when AllowPartialImage is on, and every Nth date', async () => {
    const expected = selectSeriesDates([...full, ...partial], { nth: 2, maxDates: 3 });
    const result = await downloadSeries(
      scriptedPorts(fixture.client, { output: 'keep' }).ports,
      AREA,
      options({ nth: 2, maxDates: 3, output: { AllowPartialImage: true } }),
    );
    assert.deepEqual(
      result.dates.map((d) => [d.date, d.status]),
      expected.map((d) => [d, 'done']),
    );
    assert.deepEqual(processed(), expected);
  });

  it('sends the output fields of the settings and of the Output step in every availability, estimate and process body, as a single composite would', async () => {
    const dates = [...full].sort().slice(-3);
    const settings = { defaults: { output: { DataType: 'uint8', PixelSelectionMode: 'contained' } } };
    // The resolution is left open so the Output step is offered; its advanced walk keeps what the
    // settings give and adds one field.
    const keep = (q: { defaultValue?: unknown }) => q.defaultValue;
    const script = {
      resolution: 80,
      output: 'advanced',
      'output.DataType': keep,
      'output.PixelSelectionMode': keep,
      'output.UtmDataSelectionMode': keep,
      'output.UtmGridForcePixelResolutionSize': true,
      'output.AllowPartialImage': keep,
      'output.AutomaticOrderCreation': keep,
      'output.FileType': keep,
      'output.UploadUrl': '',
    };
    const { resolution: _open, ...rest } = options({ dates });
    const result = await downloadSeries(scriptedPorts(fixture.client, script, { settings }).ports, AREA, rest);
    assert.equal(result.outcome, 'completed');
    const expected = { DataType: 'uint8', PixelSelectionMode: 'contained', UtmGridForcePixelResolutionSize: true };
    const sent = { availability: bodies(AVAILABLE), estimate: bodies(ESTIMATE), process: bodies(PROCESS) };
    for (const [name, list] of Object.entries(sent)) {
      // A date's estimate is asked twice: in the plan, and right before its billed call.
      const times = name === 'estimate' ? 2 : 1;
      assert.equal(list.length, times * dates.length, `${times} ${name} bodies per date`);
      for (const body of list)
        for (const [key, value] of Object.entries(expected)) assert.deepEqual(body[key], value, `${name}: ${key}`);
    }
    // One frozen profile: the process bodies differ only by their date...
    const sorted = (body: Record<string, unknown>) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(body)
            .filter(([key]) => key !== 'Date')
            .sort(([a], [b]) => a.localeCompare(b)),
        ),
      );
    assert.equal(new Set(sent.process.map(sorted)).size, 1, 'every date sent the same profile');
    // ...and it is the body a single composite sends with the same settings and answers.
    fixture.sim.clearLog();
    const single = await downloadComposite(
      scriptedPorts(fixture.client, script, { settings: { ...settings, confirmCostAbove: 100_000 } }).ports,
      AREA,
      {
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        epsgProjection: 4326,
        bandnames: 'rgb',
        date: dates[0],
        outputDirectory: join(fixture.out, 'single'),
        skipConfirmation: true,
      },
    );
    assert.equal(single.outcome, 'completed');
    assert.equal(sorted(bodies(PROCESS)[0]!), sorted(sent.process[0]!));
  });

  it('takes partial dates when the settings turn AllowPartialImage on', async () => {
    const expected = selectSeriesDates([...full, ...partial], { maxDates: 4 });
    assert.ok(
      expected.some((d) => partial.includes(d)),
      'a partial date among the newest four',
    );
    const settings = { defaults: { output: { AllowPartialImage: true } } };
    const result = await downloadSeries(
      scriptedPorts(fixture.client, {}, { settings }).ports,
      AREA,
      options({ maxDates: 4 }),
    );
    assert.deepEqual(
      result.dates.map((d) => [d.date, d.status]),
      expected.map((d) => [d, 'done']),
    );
    assert.ok(bodies(PROCESS).every((b) => b.AllowPartialImage === true));
  });

  it('applies the budget to the total: above it nothing is billed without a yes, and a no bills nothing', async () => {
    const dates = [...full].sort().slice(-3);
    const priced = scriptedPorts(fixture.client, { output: 'keep' }, { confirm: () => ({ action: 'cancel' }) });
    const declined = await downloadSeries(priced.ports, AREA, options({ dates }));
    assert.equal(declined.outcome, 'cancelled');
    assert.deepEqual(
      declined.dates.map((d) => d.status),
      ['not-sent', 'not-sent', 'not-sent'],
    );
    const total = declined.totalCredits!;
    const one = Math.max(...declined.dates.map((d) => d.credits!));
    assert.ok(total > one);
    // A budget above every single date but under the total: skipping the panel is refused.
    const budget = (one + total) / 2;
    const skip = scriptedPorts(fixture.client, { output: 'keep' }, { settings: { confirmCostAbove: budget } });
    await assert.rejects(
      downloadSeries(skip.ports, AREA, options({ dates, skipConfirmation: true })),
      /needs a confirmation: it costs .*not under the budget/,
    );
    assert.deepEqual(processed(), [], 'nothing billed');
    const under = await downloadSeries(
      scriptedPorts(fixture.client, { output: 'keep' }, { settings: { confirmCostAbove: total + 1 } }).ports,
      AREA,
      options({ dates, skipConfirmation: true }),
    );
    assert.equal(under.outcome, 'completed');
    assert.deepEqual(processed(), dates);
  });

  it('a rerun after a cancel skips finished dates and does not resend one that may have been charged', async () => {
    const dates = [...full].sort().slice(-5);
    fixture.sim.configure({ imageBytes: 4 * 1024 * 1024, trickleBytesPerSecond: 4 * 1024 * 1024 });
    // One worker: the cancel lands once the first date is written and the second one's bytes flow.
    let firstDone: number | undefined;
    const run = scriptedPorts(
      fixture.client,
      { output: 'keep' },
      {
        onProgress: (update, self) => {
          if (!/^1 of 5 dates/.test(update.message ?? '')) return;
          if (firstDone === undefined) firstDone = update.bytes ?? 0;
          else if ((update.bytes ?? 0) > firstDone) self.controller.abort();
        },
      },
    );
    const cancelled = await downloadSeries(run.ports, AREA, options({ dates, concurrency: 1 }));
    fixture.sim.configure({});
    assert.equal(cancelled.outcome, 'cancelled');
    const manifest = JSON.parse(await readFile(join(fixture.out, MANIFEST_NAME), 'utf8')) as {
      units: Record<string, { status: string }>;
    };
    const done = dates.filter((d) => manifest.units[d]?.status === 'done');
    const uncertain = dates.filter((d) => manifest.units[d]?.status === 'may-have-been-charged');
    assert.equal(done.length, 1);
    assert.equal(uncertain.length, 1, 'the date in flight at the cancel may have been charged');
    assert.ok(!(await readdir(fixture.out)).some((f) => f.endsWith('.part')), 'no half file');
    const sentFirst = processed();

    fixture.sim.clearLog();
    const rerun = await downloadSeries(
      scriptedPorts(fixture.client, { output: 'keep' }).ports,
      AREA,
      options({ dates }),
    );
    const rest = dates.filter((d) => !done.includes(d) && !uncertain.includes(d));
    assert.deepEqual(
      rerun.dates.map((d) => [d.date, d.status]),
      dates.map((d) => [d, done.includes(d) ? 'skipped' : uncertain.includes(d) ? 'may-have-been-charged' : 'done']),
    );
    assert.deepEqual(processed(), rest, 'finished and possibly charged dates were not sent again');
    assert.equal(rerun.outcome, 'may-have-been-charged');
    assert.ok(sentFirst.every((d) => done.includes(d) || uncertain.includes(d)));

    fixture.sim.clearLog();
    const resent = await downloadSeries(
      scriptedPorts(fixture.client, { output: 'keep' }).ports,
      AREA,
      options({ dates, resendUncertain: uncertain }),
    );
    assert.deepEqual(processed(), uncertain, 'only the named dates, on request');
    assert.ok(resent.dates.every((d) => d.status === 'done' || d.status === 'skipped'));
    for (const d of resent.dates) assert.ok(d.file && existsSync(d.file));
  });
});

describe('workflow: a time series refuses what a composite refuses, before sending anything', () => {
  // A document that lists its EPSG codes, so a code outside them is refused by the enum.
  const fixture = useSimulatorClient({
    simulator: { demoData: true, specVariant: { epsgEnum: [4326, 32632] } },
    tempPrefix: 'series-checks-',
  });
  const options = (extra: DownloadSeriesOptions = {}): DownloadSeriesOptions => ({
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    epsgProjection: 4326,
    resolution: 80,
    bandnames: 'rgb',
    outputDirectory: fixture.out,
    ...extra,
  });
  // Only the models, the specification document and the key's limits are read: no date search,
  // no availability, no estimate, nothing billed.
  const posted = () => fixture.sim.requests.filter((r) => r.method !== 'GET').map((r) => r.path);
  const refusedWith = (pattern: RegExp) => (error: unknown) => {
    assert.ok(error instanceof WorkflowError && error.kind === 'invalid-option', String(error));
    assert.match(error.message, pattern);
    return true;
  };

  it('an EPSG code the specification document does not list', async () => {
    await assert.rejects(
      downloadSeries(scriptedPorts(fixture.client, {}).ports, AREA, options({ epsgProjection: 3035 })),
      refusedWith(/^EPSG code 3035 is not one the service lists: 4326, 32632\.$/),
    );
    assert.deepEqual(posted(), []);
  });

  it("a band expression with more bands than the key's MaxTotalBands, and one with an unknown band", async () => {
    const before = fixture.sim.state.account.MaxTotalBands;
    fixture.sim.state.account.MaxTotalBands = 3;
    try {
      await assert.rejects(
        downloadSeries(scriptedPorts(fixture.client, {}).ports, AREA, options({ bandnames: 'B2,B3,B4,[B8_B4]' })),
        refusedWith(/4 bands asked, this key allows at most 3 \(MaxTotalBands\)/),
      );
      await assert.rejects(
        downloadSeries(scriptedPorts(fixture.client, {}).ports, AREA, options({ bandnames: 'B2,B13' })),
        refusedWith(/'B13' is not a band name/),
      );
      assert.deepEqual(posted(), []);
    } finally {
      fixture.sim.state.account.MaxTotalBands = before;
    }
  });

  it('an output value the document does not list, from the settings or the options', async () => {
    const settings = { defaults: { output: { DataType: 'float32' } } };
    await assert.rejects(
      downloadSeries(scriptedPorts(fixture.client, {}, { settings }).ports, AREA, options()),
      refusedWith(/^DataType 'float32' is not one the service lists: int16, uint8\.$/),
    );
    await assert.rejects(
      downloadSeries(
        scriptedPorts(fixture.client, {}).ports,
        AREA,
        options({ output: { PixelSelectionMode: 'nearest' } }),
      ),
      refusedWith(/PixelSelectionMode 'nearest' is not one the service lists/),
    );
    assert.deepEqual(posted(), []);
  });

  it("an area above the key's MaxCompositeAreaKm2, with the way on: a file per part, or Download Composite for single dates", async () => {
    const before = fixture.sim.state.account.MaxCompositeAreaKm2;
    fixture.sim.state.account.MaxCompositeAreaKm2 = 2;
    try {
      await assert.rejects(
        downloadSeries(scriptedPorts(fixture.client, {}).ports, AREA, options()),
        refusedWith(
          /^The billed area \(\d+\.\d km²\) is above the key's maximum composite area of 2 km², .*Nothing was sent\. Split the area into files of at most 2 km² each and run the series on each file, or download single dates with Download Composite/,
        ),
      );
      assert.deepEqual(posted(), []);
    } finally {
      fixture.sim.state.account.MaxCompositeAreaKm2 = before;
    }
  });

  it('an UploadUrl from the settings: every date would go to the one address', async () => {
    const settings = { defaults: { output: { UploadUrl: 'https://bucket.example/field.tif' } } };
    await assert.rejects(
      downloadSeries(scriptedPorts(fixture.client, {}, { settings }).ports, AREA, options()),
      refusedWith(/cannot send them all to one UploadUrl.*Nothing was sent\.$/),
    );
    assert.deepEqual(posted(), []);
  });
});
