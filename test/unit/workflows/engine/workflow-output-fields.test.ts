// Every output field of a composite and of tiles, on the wire against the simulator: sent,
// defaulted from the settings, validated before sending; the UTM zone offered; UploadUrl PUT to
// a loopback receiver of the test; AllowPartialImage turning a partly covered date into one
// that is offered and processed.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { outputs } from '../../fixtures/ledger-helpers';
import { downloadComposite } from '../../../../src/workflows/composite/download-composite-workflow';
import type { DownloadCompositeOptions } from '../../../../src/workflows/composite/download-composite-workflow';
import { processTiles } from '../../../../src/workflows/tiles/process-tiles-workflow';
import type { ProcessTilesOptions } from '../../../../src/workflows/tiles/process-tiles-workflow';
import { searchTiles } from '../../../../src/workflows/tiles/search-tiles-workflow';
import { findAvailableDates } from '../../../../src/workflows/dates/find-dates-workflow';
import { WorkflowError } from '../../../../src/request/workflow-error';
import { useSimulatorClient } from '../../fixtures/simulator-client-fixture';
import { scriptedPorts } from '../../fixtures/workflow-ports';

const FIELD = {
  name: 'field.wkt',
  text: 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))',
  format: 'wkt' as const,
};
// Two fields far apart inside the demo order: the simulator's imagery differs between them.
const TWO_FIELDS = {
  name: 'two.wkt',
  text: 'MULTIPOLYGON(((10.02 56.02, 10.04 56.02, 10.04 56.04, 10.02 56.04, 10.02 56.02)),((10.26 56.16, 10.28 56.16, 10.28 56.18, 10.26 56.18, 10.26 56.16)))',
  format: 'wkt' as const,
};
const PROCESS = '/api/satelliteimages/process/composite';
const AVAILABLE = '/api/satelliteimages/process/composite/available';

interface Received {
  method: string;
  url: string;
  bytes: Buffer;
}

function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', bytes: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('workflow: output fields of a composite (against the simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'output-',
  });
  let date: string;
  let options: DownloadCompositeOptions;
  const bodies = (path: string) =>
    fixture.sim.requests.filter((r) => r.path === path).map((r) => r.body as Record<string, unknown>);
  const cheap = { settings: { confirmCostAbove: 1000 } };

  before(async () => {
    const dates = await findAvailableDates(scriptedPorts(fixture.client, {}).ports, FIELD, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    date = dates.coverage!.full[0]!;
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

  it('sends every output field in the availability check, the estimate and the process call', async () => {
    const output = {
      DataType: 'uint8',
      PixelSelectionMode: 'contained',
      UtmDataSelectionMode: 'single_utm',
      UtmGridForcePixelResolutionSize: true,
      FileType: 'tif',
      AllowPartialImage: true,
      AutomaticOrderCreation: false,
    };
    const result = await downloadComposite(scriptedPorts(fixture.client, {}, cheap).ports, FIELD, {
      ...options,
      output,
    });
    assert.equal(result.outcome, 'completed');
    for (const body of [...bodies(AVAILABLE), ...bodies(`${PROCESS}/estimate`), ...bodies(PROCESS)]) {
      for (const [key, value] of Object.entries(output)) assert.deepEqual(body[key], value, key);
    }
    assert.equal(bodies(PROCESS).length, 1);
  });

  it('an output setting changed while the price is shown is checked again and sent; an option given stays over it', async () => {
    const run = scriptedPorts(
      fixture.client,
      {},
      {
        settings: {
          confirmCostAbove: 1000,
          defaults: { output: { DataType: 'int16', PixelSelectionMode: 'intersect' } },
        },
        confirm: (_model, call) => {
          if (call === 1) run.settings.defaults.output = { DataType: 'uint8', PixelSelectionMode: 'intersect' };
          return { action: 'proceed' };
        },
      },
    );
    const { skipConfirmation: _s, ...asked } = options;
    const result = await downloadComposite(run.ports, FIELD, { ...asked, output: { PixelSelectionMode: 'contained' } });
    assert.equal(result.outcome, 'completed');
    assert.deepEqual(
      bodies(AVAILABLE).map((b) => [b.DataType, b.PixelSelectionMode]),
      [
        ['int16', 'contained'],
        ['uint8', 'contained'],
      ],
    );
    assert.deepEqual([bodies(PROCESS)[0]!.DataType, bodies(PROCESS)[0]!.PixelSelectionMode], ['uint8', 'contained']);
    assert.equal(bodies(PROCESS).length, 1);
  });

  it('takes the output fields from the settings, the options over them', async () => {
    const settings = {
      ...cheap.settings,
      defaults: { output: { DataType: 'uint8', PixelSelectionMode: 'contained' } },
    };
    const result = await downloadComposite(scriptedPorts(fixture.client, {}, { settings }).ports, FIELD, {
      ...options,
      output: { PixelSelectionMode: 'intersect' },
    });
    assert.equal(result.outcome, 'completed');
    const [sent] = bodies(PROCESS);
    assert.equal(sent!.DataType, 'uint8');
    assert.equal(sent!.PixelSelectionMode, 'intersect');
    assert.equal(bodies(AVAILABLE)[0]!.DataType, 'uint8', 'availability is asked with the same fields');
  });

  it('refuses a value the specification document does not list, before anything billed', async () => {
    await assert.rejects(
      downloadComposite(scriptedPorts(fixture.client, {}, cheap).ports, FIELD, {
        ...options,
        output: { DataType: 'float32' },
      }),
      (error: unknown) => {
        assert.ok(
          error instanceof WorkflowError &&
            /DataType 'float32' is not one the service lists: int16, uint8/.test(error.message),
          String(error),
        );
        return true;
      },
    );
    assert.equal(bodies(AVAILABLE).length + bodies(PROCESS).length, 0);
  });

  it('refuses a misspelt output field name, listing the accepted ones, and sends no request at all', async () => {
    const output = { Datatype: 'uint8' } as unknown as DownloadCompositeOptions['output'];
    await assert.rejects(
      downloadComposite(scriptedPorts(fixture.client, {}, cheap).ports, FIELD, { ...options, output }),
      (error: unknown) => {
        assert.ok(error instanceof WorkflowError && error.kind === 'invalid-option', String(error));
        assert.match(
          error.message,
          /unknown field 'Datatype'\. Accepted: .*'DataType'.*'UtmGridForcePixelResolutionSize'.*'AutomaticOrderCreation'.*'UploadUrl'\. Nothing was sent\./,
        );
        return true;
      },
    );
    assert.deepEqual(fixture.sim.requests, []);
  });

  for (const bad of ['B2,,B3', 'B2,B13', '[B8-B4]']) {
    it(`a bad band expression (${bad}) sends no request`, async () => {
      await assert.rejects(
        downloadComposite(scriptedPorts(fixture.client, {}, cheap).ports, FIELD, { ...options, bandnames: bad }),
        WorkflowError,
      );
      assert.deepEqual(fixture.sim.requests, []);
    });
  }

  it('more bands than MaxTotalBands are refused locally, with no 1005 round trip', async () => {
    const before = fixture.sim.state.account.MaxTotalBands;
    fixture.sim.state.account.MaxTotalBands = 3;
    try {
      await assert.rejects(
        downloadComposite(scriptedPorts(fixture.client, {}, cheap).ports, FIELD, {
          ...options,
          bandnames: 'B2,B3,B4,[B8_B4]',
        }),
        /4 bands asked, this key allows at most 3/,
      );
      assert.equal(bodies(AVAILABLE).length + bodies(PROCESS).length, 0);
    } finally {
      fixture.sim.state.account.MaxTotalBands = before;
    }
  });

  it('a band expression typed in the wizard is checked as it is typed and sent as typed', async () => {
    let problems: (string | undefined)[] = [];
    const run = scriptedPorts(
      fixture.client,
      {
        bandnames: (q: { items: { label: string; value: string }[] }) =>
          q.items.find((i) => i.label.startsWith('Type or build'))!.value,
        bandExpression: (q: { validate?: (t: string) => string | undefined }) => {
          problems = ['B2,B13', 'B2,B3,B4,B8,[B8_B4]'].map((text) => q.validate!(text));
          return 'B2,B3,B4,B8,[B8_B4]';
        },
        output: 'keep',
      },
      cheap,
    );
    const { bandnames: _b, ...rest } = options;
    const result = await downloadComposite(run.ports, FIELD, rest);
    assert.equal(result.outcome, 'completed');
    assert.match(problems[0]!, /'B13' is not a band name/);
    assert.equal(problems[1], undefined);
    assert.equal(bodies(PROCESS)[0]!.Bandnames, 'B2,B3,B4,B8,[B8_B4]');
  });

  it('offers the UTM zone of the area first and pre-selected, and a typed EPSG code', async () => {
    const run = scriptedPorts(
      fixture.client,
      {
        epsgProjection: (q: { items: { value: number }[]; defaultValue?: number }) => {
          assert.deepEqual(q.items.map((i) => i.value).slice(0, 3), [32632, 47000, 4326]);
          assert.equal(q.defaultValue, 32632);
          return -1;
        },
        epsgCode: 'EPSG:32632',
        output: 'keep',
      },
      cheap,
    );
    const { epsgProjection: _e, ...rest } = options;
    const result = await downloadComposite(run.ports, FIELD, rest);
    assert.equal(result.outcome, 'completed');
    assert.equal(bodies(PROCESS)[0]!.EpsgProjection, 32632);
  });

  it('the Advanced output step sets fields one by one, after the other steps', async () => {
    const run = scriptedPorts(
      fixture.client,
      {
        resolution: 20,
        output: 'advanced',
        'output.DataType': 'uint8',
        'output.PixelSelectionMode': 'contained',
        'output.UtmDataSelectionMode': '(service default)',
        'output.UtmGridForcePixelResolutionSize': true,
        'output.AllowPartialImage': false,
        'output.AutomaticOrderCreation': false,
        'output.FileType': 'tif',
        'output.UploadUrl': '',
      },
      cheap,
    );
    const { resolution: _r, ...rest } = options;
    const result = await downloadComposite(run.ports, FIELD, rest);
    assert.equal(result.outcome, 'completed');
    const sent = bodies(PROCESS)[0]!;
    assert.deepEqual(
      [
        sent.DataType,
        sent.PixelSelectionMode,
        sent.UtmDataSelectionMode,
        sent.UtmGridForcePixelResolutionSize,
        sent.AllowPartialImage,
        sent.FileType,
        sent.UploadUrl,
      ],
      ['uint8', 'contained', undefined, true, undefined, 'tif', undefined],
    );
    assert.ok(run.asked.indexOf('output') > run.asked.indexOf('resolution'));
  });

  it('UploadUrl: the service PUTs the image to the receiver, answers 201, and nothing is saved', async () => {
    const receiver = await startReceiver();
    try {
      const uploadUrl = `${receiver.url}/bucket/field.tif?signature=secret-token`;
      const result = await downloadComposite(scriptedPorts(fixture.client, {}, cheap).ports, FIELD, {
        ...options,
        output: { UploadUrl: uploadUrl },
      });
      assert.equal(result.outcome, 'completed');
      assert.deepEqual(result.files, []);
      assert.equal(result.uploadedTo, `${receiver.url}/bucket/field.tif`, 'reported without the query');
      assert.deepEqual(await outputs(fixture.out), []);
      assert.equal(receiver.received.length, 1);
      assert.equal(receiver.received[0]!.method, 'PUT');
      assert.equal(receiver.received[0]!.url, '/bucket/field.tif?signature=secret-token');
      assert.equal(receiver.received[0]!.bytes.subarray(0, 2).toString('latin1'), 'II', 'a TIFF');
      assert.equal(fixture.sim.requests.find((r) => r.path === PROCESS)!.status, 201);
      assert.equal(bodies(AVAILABLE)[0]!.UploadUrl, undefined, 'availability does not carry the upload address');
    } finally {
      receiver.server.close();
    }
  });

  it('AllowPartialImage: a partly covered date is offered with its share, checked and processed', async () => {
    const dates = await findAvailableDates(scriptedPorts(fixture.client, {}).ports, TWO_FIELDS, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    const partial = dates.coverage!.partial[0];
    assert.ok(partial, 'the two fields have a date that covers one of them');
    fixture.sim.clearLog();
    // Without AllowPartialImage the date is not ready.
    const refused = await downloadComposite(scriptedPorts(fixture.client, {}, cheap).ports, TWO_FIELDS, {
      ...options,
      date: partial,
    });
    assert.equal(refused.outcome, 'not-available');
    let detail: string | undefined;
    const run = scriptedPorts(
      fixture.client,
      {
        date: (q: { items: { value: string; detail?: string }[] }) => {
          detail = q.items.find((i) => i.value === partial)?.detail;
          return partial;
        },
      },
      cheap,
    );
    const { date: _d, ...rest } = options;
    const result = await downloadComposite(run.ports, TWO_FIELDS, { ...rest, output: { AllowPartialImage: true } });
    assert.match(detail!, /partial: covers about 50 % of the area, usable with AllowPartialImage/);
    assert.equal(result.outcome, 'completed');
    assert.match(result.partialNote!, /covers about 50 % of the area/);
    assert.equal(bodies(AVAILABLE).at(-1)!.AllowPartialImage, true);
    assert.equal(result.files.length, 1);
  });
});

describe('workflow: output fields of tiles (against the simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true },
    client: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    tempPrefix: 'tile-output-',
  });
  const AREA = {
    name: 'area.wkt',
    text: 'POLYGON((10.02 56.02, 10.28 56.02, 10.28 56.18, 10.02 56.18, 10.02 56.02))',
    format: 'wkt' as const,
  };
  let tileGuids: string[];
  let date: string;

  before(async () => {
    const found = await searchTiles(scriptedPorts(fixture.client, {}).ports, AREA, {
      only: 'tiles',
      skipConfirmation: true,
    });
    tileGuids = found.selected.slice(0, 1);
    const footprint = String(found.tiles.find((t) => t.Guid === tileGuids[0])!.DataGeogWkt);
    const dates = await findAvailableDates(
      scriptedPorts(fixture.client, {}).ports,
      { name: 't.wkt', text: footprint, format: 'wkt' },
      { model: 'Stratus2', satelliteConstellations: ['Sentinel2'] },
    );
    date = dates.coverage!.full[0]!;
  });
  /** The first tile on its date at 40 m, nothing asked, with `output`. */
  const options = (output: ProcessTilesOptions['output']): ProcessTilesOptions => ({
    model: 'Stratus2',
    satelliteConstellations: ['Sentinel2'],
    date,
    resolution: 40,
    bandnames: 'rgb',
    epsgProjection: 4326,
    tileGuids,
    outputDirectory: fixture.out,
    skipConfirmation: true,
    output,
  });

  it('sends Level, Harmonize, ClipReflectance and the shared fields, and not AutomaticOrderCreation', async () => {
    const settings = {
      defaults: { output: { DataType: 'uint8', AutomaticOrderCreation: true } },
      confirmCostAbove: 1000,
    };
    const run = scriptedPorts(fixture.client, {}, { settings });
    const output = { Level: 1, Harmonize: true, ClipReflectance: true, UtmGridForcePixelResolutionSize: true };
    const result = await processTiles(run.ports, 'tile', AREA, options(output));
    assert.equal(result.outcome, 'completed', JSON.stringify(result.failed));
    const sent = fixture.sim.requests.find((r) => r.path === '/api/satelliteimages/process/tile')!.body as Record<
      string,
      unknown
    >;
    assert.deepEqual(
      [
        sent.Level,
        sent.Harmonize,
        sent.ClipReflectance,
        sent.UtmGridForcePixelResolutionSize,
        sent.DataType,
        sent.AutomaticOrderCreation,
      ],
      [1, true, true, true, 'uint8', undefined],
    );
  });

  it('refuses a misspelt tile output field name, listing Level among the accepted ones, and sends no request', async () => {
    fixture.sim.clearLog();
    const run = scriptedPorts(fixture.client, {});
    const output = { Levl: 1 } as unknown as Record<string, unknown>;
    await assert.rejects(
      processTiles(run.ports, 'tile', AREA, options(output)),
      /unknown field 'Levl'\. Accepted: .*'Level'.*'ClipReflectance'/,
    );
    assert.deepEqual(fixture.sim.requests, []);
  });

  it('refuses Level 3 before sending any tile request', async () => {
    const run = scriptedPorts(fixture.client, {});
    await assert.rejects(processTiles(run.ports, 'tile', AREA, options({ Level: 3 })), /Level/);
    assert.ok(!fixture.sim.requests.some((r) => r.path === '/api/satelliteimages/process/tile'));
  });
});
