import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { downloadComposite } from '../../../../src/workflows/composite/download-composite-workflow';
import type { DownloadCompositeOptions } from '../../../../src/workflows/composite/download-composite-workflow';
import { WorkflowError } from '../../../../src/request/workflow-error';
import { findAvailableDates } from '../../../../src/workflows/dates/find-dates-workflow';
import { outputs } from '../../fixtures/ledger-helpers';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { BACK, scriptedPorts } from '../../fixtures/workflow-ports';

// A field inside the demo orders near Aarhus (a recurring Stratus2 order covers it).
const FIELD = {
  name: 'field.wkt',
  text: 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))',
  format: 'wkt' as const,
};
// Far from every order.
const ELSEWHERE = {
  name: 'elsewhere.wkt',
  text: 'POLYGON((20.1 50.1, 20.12 50.1, 20.12 50.12, 20.1 50.12, 20.1 50.1))',
  format: 'wkt' as const,
};

describe('workflow: download composite (against the simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 5 } },
    tempPrefix: 'composite-',
  });
  let date: string;
  let options: DownloadCompositeOptions;
  const paths = () => fixture.sim.requests.map((r) => `${r.method} ${r.path}`);
  const cheap = { settings: { confirmCostAbove: 1000 } };
  /** Ports that cancel the run once the image's first bytes arrive. */
  const cancelledOnFirstBytes = () =>
    scriptedPorts(
      fixture.client,
      {},
      {
        ...cheap,
        onProgress: (update, self) => {
          if ((update.bytes ?? 0) > 0) self.controller.abort();
        },
      },
    );

  before(async () => {
    const run = scriptedPorts(fixture.client, {});
    const dates = await findAvailableDates(run.ports, FIELD, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    assert.ok(
      dates.coverage && dates.coverage.full.length > 0,
      'the simulator has whole-area dates in the last 30 days',
    );
    date = dates.coverage.full[0]!;
  });
  beforeEach(() => {
    options = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      date,
      epsgProjection: 4326,
      resolution: 20,
      bandnames: 'rgb',
      outputDirectory: fixture.out,
      skipConfirmation: true,
    };
  });

  it('runs end to end from options without a prompt, with one profile in every step', async () => {
    const run = scriptedPorts(fixture.client, {}, cheap);
    const result = await downloadComposite(run.ports, FIELD, options);
    assert.equal(result.outcome, 'completed');
    assert.deepEqual(run.asked, []);
    assert.deepEqual(paths(), [
      'GET /api/tasking/models',
      // The run's one account read: the maximum composite area (split before asking anything), the
      // balance compared with the estimate (cost gate) and the one before the billed call.
      'GET /api/account/info',
      'POST /api/satelliteimages/process/composite/available',
      'POST /api/satelliteimages/process/composite/estimate',
      // Priced again right before the billed call, with its exact body (buying/fresh-price.ts).
      'POST /api/satelliteimages/process/composite/estimate',
      'POST /api/satelliteimages/process/composite',
    ]);
    const [, , check, estimate, fresh, processed] = fixture.sim.requests;
    const { Resolution: _r, ...checkedFields } = estimate!.body as Record<string, unknown>;
    assert.deepEqual(check!.body, checkedFields);
    assert.deepEqual(processed!.body, estimate!.body);
    assert.deepEqual(fresh!.body, processed!.body);
    assert.equal((processed!.body as { Date: string }).Date, `${date}T00:00:00Z`);
    assert.equal(result.files.length, 1);
    const bytes = await readFile(result.files[0]!);
    assert.equal(bytes.length, result.bytes);
    assert.ok(
      bytes.subarray(0, 2).toString('latin1') === 'II' || bytes.subarray(0, 2).toString('latin1') === 'MM',
      'a TIFF file',
    );
    // The STAC Item beside it: the file's own georeferencing, the request without the key.
    assert.deepEqual(result.stacItems, [result.files[0]!.replace(/\.tif$/, '.json')]);
    const item = JSON.parse(await readFile(result.stacItems![0]!, 'utf8')) as {
      id: string;
      properties: Record<string, unknown>;
      assets: { image: { href: string } };
    };
    assert.equal(item.assets.image.href, `./${basename(result.files[0]!)}`);
    assert.equal(item.properties.datetime, `${date}T00:00:00Z`);
    const shape = item.properties['proj:shape'] as number[];
    assert.ok(shape.length === 2 && shape.every((n) => n > 0), JSON.stringify(shape));
    assert.deepEqual((item.properties['sat-imagery:request'] as Record<string, unknown>).Date, `${date}T00:00:00Z`);
    assert.ok(!JSON.stringify(item).includes('demo-key'));
  });

  it('runs through its prompts, with back navigation, and shows the estimate before processing', async () => {
    const run = scriptedPorts(fixture.client, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      // Back from the date to the constellations, then on.
      date: { sequence: [BACK, (q: { items: { value: string }[] }) => q.items[0]!.value] },
      epsgProjection: 4326,
      resolution: 40,
      bandnames: 'rgb',
      output: 'keep',
    });
    const result = await downloadComposite(run.ports, FIELD, { outputDirectory: fixture.out });
    assert.equal(result.outcome, 'completed');
    assert.deepEqual(run.asked, [
      'model',
      'satelliteConstellations',
      'date',
      'satelliteConstellations',
      'date',
      'epsgProjection',
      'resolution',
      'bandnames',
      'output',
    ]);
    // The search ran once: going back without changing model or constellations keeps it.
    assert.equal(paths().filter((p) => p.endsWith('/search/available')).length, 1);
    assert.equal(run.estimates.length, 1);
    assert.equal(run.estimates[0]!.kind, 'composite');
    assert.deepEqual((await outputs(fixture.out)).length, 2, 'the image and its STAC Item');
  });

  it('an invalid geometry sends no request', async () => {
    const run = scriptedPorts(fixture.client, {}, cheap);
    const broken = {
      name: 'broken.wkt',
      text: 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12))',
      format: 'wkt' as const,
    };
    await assert.rejects(downloadComposite(run.ports, broken, options), (error: unknown) => {
      assert.ok(error instanceof WorkflowError);
      assert.equal(error.kind, 'invalid-geometry');
      assert.ok(error.problems.length > 0 && error.problems[0]!.range.start.line === 0);
      return true;
    });
    assert.deepEqual(fixture.sim.requests, []);
  });

  it('refuses a display-label model before sending anything with it', async () => {
    const run = scriptedPorts(fixture.client, {}, cheap);
    await assert.rejects(
      downloadComposite(run.ports, FIELD, { ...options, model: 'Stratus-2' }),
      /'Stratus-2' is a display label.*use 'Stratus2'/,
    );
    assert.deepEqual(paths(), ['GET /api/tasking/models']);
  });

  it('says which condition failed when no order covers the area, and estimates nothing', async () => {
    const run = scriptedPorts(fixture.client, {}, cheap);
    const result = await downloadComposite(run.ports, ELSEWHERE, options);
    assert.equal(result.outcome, 'not-available');
    assert.match(result.reason!, /no order of this account covers the whole area/);
    assert.ok(result.fixes?.includes('order-area'));
    assert.ok(!paths().some((p) => p.endsWith('/estimate') || p.endsWith('/composite')));
  });

  it('offers another date when asked interactively, and goes back to the date step', async () => {
    let first = true;
    const run = scriptedPorts(
      fixture.client,
      { date: (q: { items: { value: string }[] }) => q.items[0]!.value, output: 'keep' },
      {
        ...cheap,
        notify: (_m, actions) =>
          first ? ((first = false), actions.find((a) => a === 'Pick another date')) : undefined,
      },
    );
    // Order coverage fails for ELSEWHERE every time: the second refusal ends the run.
    const { date: _d, ...withoutDate } = options;
    const result = await downloadComposite(run.ports, ELSEWHERE, withoutDate);
    assert.equal(result.outcome, 'not-available');
    assert.deepEqual(run.asked, ['date', 'output', 'date', 'output']);
    assert.equal(result.availabilityChecks, 2);
    assert.equal(run.notices.length, 2);
  });

  for (const code of [1002, 1006]) {
    it(`turns service code ${code} from the process call into "not available" with its fix`, async () => {
      fixture.sim.schedule({ path: '/api/satelliteimages/process/composite', status: 400, code });
      const run = scriptedPorts(fixture.client, {}, cheap);
      const result = await downloadComposite(run.ports, FIELD, options);
      assert.equal(result.outcome, 'not-available');
      assert.match(result.reason!, new RegExp(`service code ${code}`));
      assert.deepEqual(await outputs(fixture.out), []);
    });
  }

  it('rides fixture.out a 429 storm and 5xx answers with the fixture.client retries', async () => {
    fixture.sim.schedule(
      { path: '/api/satelliteimages/process/composite/available', status: 429, times: 3 },
      { path: '/api/satelliteimages/process/composite/estimate', status: 503, times: 2 },
    );
    const run = scriptedPorts(fixture.client, {}, cheap);
    const result = await downloadComposite(run.ports, FIELD, options);
    assert.equal(result.outcome, 'completed');
    assert.equal(paths().filter((p) => p.endsWith('/composite/available')).length, 4);
    // Two 503s and the estimate shown, then the one asked right before the billed call.
    assert.equal(paths().filter((p) => p.endsWith('/composite/estimate')).length, 4);
  });

  it('refuses to skip the confirmation above the budget, and sends no process request', async () => {
    const run = scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 0.0001 } });
    await assert.rejects(downloadComposite(run.ports, FIELD, options), /needs a confirmation.*interactively/);
    assert.ok(!paths().includes('POST /api/satelliteimages/process/composite'));
  });

  it('a setting changed after the availability check runs the check again with the final payload', async () => {
    const run = scriptedPorts(
      fixture.client,
      {},
      {
        settings: { confirmCostAbove: 1000, defaults: { bandnames: 'rgb' } },
        confirm: (_model, call) => {
          if (call === 1) run.settings.defaults.bandnames = 'B2,B3,B4,B8';
          return { action: 'proceed' };
        },
      },
    );
    const { bandnames: _b, skipConfirmation: _s, ...fromSettings } = options;
    const result = await downloadComposite(run.ports, FIELD, fromSettings);
    assert.equal(result.outcome, 'completed');
    const checks = fixture.sim.requests.filter((r) => r.path.endsWith('/composite/available'));
    assert.deepEqual(
      checks.map((r) => (r.body as { Bandnames: string }).Bandnames),
      ['rgb', 'B2,B3,B4,B8'],
    );
    const processed = fixture.sim.requests.find((r) => r.path === '/api/satelliteimages/process/composite');
    assert.equal((processed!.body as { Bandnames: string }).Bandnames, 'B2,B3,B4,B8');
    assert.equal(run.estimates.length, 2);
  });

  it('"change" in the cost panel asks again and checks the new settings', async () => {
    const run = scriptedPorts(
      fixture.client,
      { resolution: { sequence: [10, 80] }, output: 'keep' },
      { confirm: (_m, call) => ({ action: call === 1 ? 'change' : 'proceed' }) },
    );
    const { resolution: _r, skipConfirmation: _s, ...rest } = options;
    const result = await downloadComposite(run.ports, FIELD, rest);
    assert.equal(result.outcome, 'completed');
    const estimates = fixture.sim.requests
      .filter((r) => r.path.endsWith('/composite/estimate'))
      .map((r) => (r.body as { Resolution: number }).Resolution);
    // The one shown at 10 m, the one shown at 80 m, and 80 m's again right before the billed call.
    assert.deepEqual(estimates, [10, 80, 80]);
    assert.equal(result.availabilityChecks, 2);
  });

  it('cancel in the middle of a download aborts it, leaves no file, and says the image may have been charged', async () => {
    fixture.sim.configure({ imageBytes: 64 * 1024 * 1024, trickleBytesPerSecond: 4 * 1024 * 1024 });
    const run = cancelledOnFirstBytes();
    const result = await downloadComposite(run.ports, FIELD, options);
    // The service ran it (its bytes were flowing): the person is told, not just "cancelled".
    assert.equal(result.outcome, 'may-have-been-charged');
    assert.match(result.charge?.reason ?? '', /cancelled before the answer arrived/);
    assert.deepEqual(result.files, []);
    assert.deepEqual(await outputs(fixture.out), []);
  });

  it('a composite cancelled while it arrived is held by the next run, which says its answer had begun to arrive', async () => {
    fixture.sim.configure({ imageBytes: 64 * 1024 * 1024, trickleBytesPerSecond: 4 * 1024 * 1024 });
    const cancelled = cancelledOnFirstBytes();
    assert.equal((await downloadComposite(cancelled.ports, FIELD, options)).outcome, 'may-have-been-charged');
    const charged = () => fixture.sim.requests.filter((r) => r.charged).length;
    const chargedBefore = charged();
    const rerun = await downloadComposite(scriptedPorts(fixture.client, {}, cheap).ports, FIELD, options);
    assert.equal(rerun.outcome, 'may-have-been-charged');
    // The same words as a run killed while the image arrived: the ledger keeps what the run left.
    assert.match(
      rerun.charge?.reason ?? '',
      /^This composite was sent by an earlier run and may have been charged \(its answer had begun to arrive when the run ended\); it is not sent again unless you choose to resend it \(resend it with resendUncertain: \['composite'\]\)\.$/,
    );
    assert.equal(charged(), chargedBefore, 'nothing bought again unasked');
    assert.deepEqual(await outputs(fixture.out), []);
  });
});

describe('workflow: a composite above the maximum area goes in parts', () => {
  // About 10 km × 6.7 km near Aarhus, with a key that allows 20 km² per composite.
  const AREA = {
    name: 'area.wkt',
    text: 'POLYGON((10.02 56.02, 10.18 56.02, 10.18 56.08, 10.02 56.08, 10.02 56.02))',
    format: 'wkt' as const,
  };
  const fixture = useSimulatorClient({
    simulator: { demoData: true, account: { MaxCompositeAreaKm2: 20 } },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'parts-',
  });
  /** AREA read, its parts below the maximum, and a date with imagery in every part (searched
   * with the parts as the polygons of one area). */
  const partsAndDate = async () => {
    const { readAoi, splitAoi } = await import('../../../../src/geometry/index');
    const read = readAoi(AREA.text, 'wkt');
    assert.ok(read.ok);
    const parts = splitAoi(read.aoi, 20);
    const multi = {
      name: 'parts.wkt',
      text: `MULTIPOLYGON(${parts.map((p) => p.wkt.replace(/^POLYGON\s*/i, '')).join(',')})`,
      format: 'wkt' as const,
    };
    const dates = await findAvailableDates(scriptedPorts(fixture.client, {}).ports, multi, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    return { aoi: read.aoi, parts, date: dates.coverage!.full[0]! };
  };

  it('splits below the maximum, writes one file per part with a manifest, and a rerun skips them', async () => {
    const { parts, date } = await partsAndDate();
    assert.ok(parts.length > 1);
    const options = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      date,
      epsgProjection: 4326,
      resolution: 80,
      bandnames: 'rgb',
      outputDirectory: fixture.out,
      skipConfirmation: true,
    };

    const result = await downloadComposite(
      scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 1000 } }).ports,
      AREA,
      options,
    );
    assert.equal(result.outcome, 'completed', JSON.stringify(result.parts?.failed));
    assert.equal(result.parts?.units.length, parts.length);
    assert.equal(result.files.length, parts.length);
    const processed = fixture.sim.requests.filter((r) => r.path === '/api/satelliteimages/process/composite');
    assert.equal(processed.length, parts.length);
    assert.ok(processed.every((r) => r.status === 200));
    assert.ok((await readdir(fixture.out)).includes('sat-imagery-manifest.json'));
    // Every part has its STAC Item beside it, and the folder its ItemCollection.
    const names = await readdir(fixture.out);
    for (const file of result.files)
      assert.ok(names.includes(basename(file).replace(/\.tif$/, '.json')), `${file} has its Item`);
    const collection = JSON.parse(await readFile(join(fixture.out, 'stac-items.json'), 'utf8')) as {
      features: unknown[];
    };
    assert.equal(collection.features.length, parts.length);
    assert.equal(result.parts?.itemCollection, join(fixture.out, 'stac-items.json'));

    fixture.sim.clearLog();
    const again = await downloadComposite(
      scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 1000 } }).ports,
      AREA,
      options,
    );
    assert.deepEqual(
      again.parts?.units.map((u) => u.status),
      Array(parts.length).fill('skipped'),
    );
    assert.equal(fixture.sim.requests.filter((r) => r.path === '/api/satelliteimages/process/composite').length, 0);
  });

  it('splits before the availability and estimate calls: none carries an area above the maximum, and the panel shows the sum of the parts', async () => {
    const { readAoi } = await import('../../../../src/geometry/index');
    const { aoi, parts, date } = await partsAndDate();
    assert.ok(aoi.billedAreaKm2 > 20, "the area is above the key's maximum");
    const folder = await mkdtemp(join(tmpdir(), 'parts-first-'));
    try {
      fixture.sim.clearLog();
      const before = fixture.sim.state.account.CreditAmount;
      const run = scriptedPorts(fixture.client, {});
      const options = {
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        date,
        epsgProjection: 4326,
        resolution: 80,
        bandnames: 'rgb',
        outputDirectory: folder,
      };
      const result = await downloadComposite(run.ports, AREA, options);
      assert.equal(result.outcome, 'completed', JSON.stringify(result.parts?.failed));
      for (const path of [
        '/api/satelliteimages/process/composite/available',
        '/api/satelliteimages/process/composite/estimate',
      ]) {
        const asked = fixture.sim.requests.filter((r) => r.path === path);
        // Each part's estimate is asked twice: for the panel, and right before its billed call.
        const times = path.endsWith('/estimate') ? 2 : 1;
        assert.equal(asked.length, times * parts.length, `${path}: ${times} per part`);
        for (const request of asked) {
          assert.equal(request.status, 200, `${path} answered ${request.outcome}`);
          const area = readAoi(String((request.body as { Wkt: string }).Wkt), 'wkt');
          assert.ok(
            area.ok && area.aoi.billedAreaKm2 <= 20,
            `${path} was sent ${area.ok ? area.aoi.billedAreaKm2 : '?'} km²`,
          );
        }
      }
      assert.equal(
        fixture.sim.requests.filter((r) => r.outcome === 'error:1004').length,
        0,
        'no 1004 from the service',
      );
      // One panel with the parts' sum, which is what the parts then cost.
      assert.equal(run.estimates.length, 1);
      const shown = run.estimates[0]! as { credits?: number; warnings: string[] };
      assert.ok(
        shown.warnings.some((w) => w.includes(`the sum of ${parts.length} parts`)),
        shown.warnings.join(' | '),
      );
      const spent = Math.round((before - fixture.sim.state.account.CreditAmount) * 100) / 100;
      assert.ok(
        shown.credits! > 0 && Math.abs(spent - shown.credits!) < 0.05,
        `priced ${shown.credits}, spent ${spent}`,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("a link planted at the old staging folder's name is never followed: the parts go to the folder itself", async () => {
    const folder = await mkdtemp(join(tmpdir(), 'parts-link-'));
    try {
      const elsewhere = join(folder, 'elsewhere');
      await mkdir(join(elsewhere, 'part-01'), { recursive: true });
      await writeFile(join(elsewhere, 'part-01', 'keep.txt'), 'mine');
      const output = join(folder, 'out');
      await mkdir(output);
      await symlink(elsewhere, join(output, '.sat-imagery-parts'));
      const { date } = await partsAndDate();
      fixture.sim.clearLog();
      const options = {
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        date,
        epsgProjection: 4326,
        resolution: 80,
        bandnames: 'rgb',
        outputDirectory: output,
        skipConfirmation: true,
      };
      const result = await downloadComposite(
        scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 1000 } }).ports,
        AREA,
        options,
      );
      assert.equal(result.outcome, 'completed');
      assert.ok(result.files.length > 1 && result.files.every((f) => dirname(f) === output), result.files.join(', '));
      assert.equal(await readFile(join(elsewhere, 'part-01', 'keep.txt'), 'utf8'), 'mine');
      assert.deepEqual(await readdir(join(elsewhere)), ['part-01']);
      assert.deepEqual(await readdir(join(elsewhere, 'part-01')), ['keep.txt']);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
