// The client's pure parts: envelope reading, file-name sanitising, backoff arithmetic, reading the
// specification document, and local request validation (no network involved).
import * as assert from 'node:assert/strict';
import { normaliseKeys, unwrap } from '../../../src/api/envelope';
import { fileNameFromDisposition, sanitiseFileName } from '../../../src/api/download';
import { backoffDelay, defaultRetryPolicy, parseRetryAfter } from '../../../src/api/retry';
import { readSpecification } from '../../../src/api/specification';
import { validateRequest } from '../../../src/api/schemas/validate';
import { ApiError } from '../../../src/api/errors';
import { describeError } from '../../../src/api/client';
import { checkBaseUrl } from '../../../src/api/transport';
import { refusal } from './api-test-helpers';

const polygon = 'POLYGON((10 56,10.1 56,10.1 56.1,10 56.1,10 56))';

describe('api: envelope', () => {
  it('reads camelCase and PascalCase alike and keeps unknown fields', () => {
    const camel = unwrap({
      succeeded: true,
      data: { tiles: [{ tileGuid: 'a', epsg: 32632, extraField: 1 }] },
      error: null,
    });
    const pascal = unwrap({
      Succeeded: true,
      Data: { Tiles: [{ TileGuid: 'a', Epsg: 32632, ExtraField: 1 }] },
      Error: null,
    });
    assert.deepEqual(camel, pascal);
    assert.deepEqual(camel, { ok: true, data: { Tiles: [{ TileGuid: 'a', Epsg: 32632, ExtraField: 1 }] } });
  });

  it('accepts a bare payload and reports a failed envelope with its error', () => {
    assert.deepEqual(unwrap([{ model: 'Stratus2' }]), { ok: true, data: [{ Model: 'Stratus2' }] });
    const failed = unwrap({ Succeeded: false, Data: { Model: ['bad'] }, Error: { Code: 992, Message: 'Validation' } });
    assert.deepEqual(failed, { ok: false, error: { Code: 992, Message: 'Validation' }, data: { Model: ['bad'] } });
  });

  it('prefers the PascalCase spelling when both arrive', () => {
    assert.deepEqual(normaliseKeys({ data: 1, Data: 2 }), { Data: 2 });
  });
});

describe('api: download file names', () => {
  it('takes filename* over filename and strips separators and ..', () => {
    assert.equal(fileNameFromDisposition(`attachment; filename="a.tif"; filename*=UTF-8''b%20c.tif`), 'b c.tif');
    assert.equal(fileNameFromDisposition('attachment; filename="x\\"y.tif"'), 'x"y.tif');
    assert.equal(sanitiseFileName('../../etc/passwd'), 'passwd');
    assert.equal(sanitiseFileName('..\\..\\win.ini'), 'win.ini');
    assert.equal(sanitiseFileName('..'), undefined);
    assert.equal(sanitiseFileName('a..b:c.tif'), 'a.b_c.tif');
    assert.equal(sanitiseFileName(''), undefined);
  });
});

describe('api: backoff', () => {
  it('grows exponentially with full jitter under the cap', () => {
    const policy = { ...defaultRetryPolicy, baseDelayMs: 100, maxDelayMs: 1000 };
    assert.equal(
      backoffDelay(0, policy, () => 0.999999),
      99,
    );
    assert.equal(
      backoffDelay(3, policy, () => 0.5),
      400,
    );
    assert.equal(
      backoffDelay(10, policy, () => 0.5),
      500,
    );
    assert.equal(
      backoffDelay(2, policy, () => 0),
      0,
    );
  });

  it('reads Retry-After as seconds or as a date', () => {
    assert.equal(parseRetryAfter('2', 0), 2000);
    assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4_000), 6000);
    assert.equal(parseRetryAfter(undefined, 0), undefined);
    assert.equal(parseRetryAfter('soon', 0), undefined);
  });
});

describe('api: specification facts', () => {
  const doc = {
    openapi: '3.0.1',
    paths: {
      '/api/satelliteimages/search/available': {
        post: {
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Discovery' } } } },
        },
      },
      '/api/tasking/orders/details': {
        post: {
          requestBody: { content: { 'application/json': { schema: { properties: { Guids: { type: 'array' } } } } } },
        },
      },
      '/api/satelliteimages/process/composite': {
        post: {
          requestBody: {
            content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Composite' }] } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Discovery: { properties: { From: { type: 'string' }, Until: { type: 'string' }, Model: { type: 'string' } } },
        Composite: {
          properties: {
            Resolution: { enum: [10, 20, 40] },
            Bandnames: { enum: ['all', 'rgb'] },
            Wkt: { maxLength: 50 },
          },
        },
      },
    },
  };

  it('finds the window end name, the details method and the enums', () => {
    const facts = readSpecification(doc);
    assert.equal(facts.dateWindowEnd, 'Until');
    assert.deepEqual(facts.orderDetails, { method: 'POST', queryName: 'taskOrderGuid', bodyField: 'Guids' });
    assert.deepEqual(facts.requestFields['POST /api/satelliteimages/process/composite'].resolution.enum, [10, 20, 40]);
  });

  it('falls back to the interface document for an empty document', () => {
    const facts = readSpecification({});
    assert.equal(facts.dateWindowEnd, 'To');
    assert.equal(facts.orderDetails.method, 'GET');
  });
});

describe('api: local validation', () => {
  const discovery = {
    From: '2024-05-01T00:00:00Z',
    To: '2024-05-31T00:00:00Z',
    SatelliteConstellations: ['Sentinel2'],
    Model: 'Stratus2',
  };

  it('refuses both Wkt and GeoJson, and neither, with a clear message', async () => {
    const both = await refusal(
      validateRequest(
        'dateDiscovery',
        { ...discovery, Wkt: polygon, GeoJson: { type: 'Polygon', coordinates: [] } },
        'POST x',
      ),
    );
    assert.equal(both.kind, 'local-validation');
    assert.match(both.message, /exactly one of Wkt and GeoJson, not both/);
    const neither = await refusal(validateRequest('dateDiscovery', discovery, 'POST x'));
    assert.match(neither.message, /exactly one of Wkt and GeoJson/);
    await validateRequest('dateDiscovery', { ...discovery, Wkt: polygon }, 'POST x');
  });

  it('checks the date formats per request', async () => {
    const bad = await refusal(
      validateRequest('dateDiscovery', { ...discovery, Wkt: polygon, From: '2024-05-01' }, 'POST x'),
    );
    assert.deepEqual(Object.keys(bad.fieldErrors ?? {}), ['From']);
    const order = {
      Wkt: polygon,
      SatelliteConstellations: ['Sentinel2'],
      Model: 'Stratus2',
      StorageMonths: 1,
      ApiRequests: 10,
      ImageFrequency: 1,
      ReferenceDate: '2024-05-01',
      From: '2024-05-01',
      To: null,
      TileDeduplication: true,
    };
    await validateRequest('orderCreate', order, 'POST x');
    const wrong = await refusal(
      validateRequest('orderCreate', { ...order, From: '2024-05-01T00:00:00Z', To: '2024-02-30' }, 'POST x'),
    );
    assert.deepEqual(Object.keys(wrong.fieldErrors ?? {}).sort(), ['From', 'To']);
  });

  it('names missing and mistyped fields', async () => {
    const err = await refusal(
      validateRequest(
        'composite',
        { Wkt: polygon, Date: '2024-05-01T00:00:00Z', Resolution: 10.5, Model: 'Stratus2' },
        'POST x',
      ),
    );
    assert.deepEqual(Object.keys(err.fieldErrors ?? {}).sort(), [
      'Bandnames',
      'EpsgProjection',
      'Resolution',
      'SatelliteConstellations',
    ]);
  });
});

describe('api: base URL and error description', () => {
  it('requires https except on loopback', () => {
    assert.equal(checkBaseUrl('http://127.0.0.1:3000').origin, 'http://127.0.0.1:3000');
    assert.equal(checkBaseUrl('http://localhost:3000').hostname, 'localhost');
    assert.equal(checkBaseUrl('https://api.clearsky.vision').protocol, 'https:');
    assert.throws(() => checkBaseUrl('http://api.clearsky.vision'), /https/);
    assert.throws(() => checkBaseUrl('ftp://x'), /https/);
  });

  it('offers the right actions', () => {
    assert.deepEqual(describeError(new ApiError({ kind: 'auth', message: 'm', status: 401 })).actions, [
      'check-api-key',
    ]);
    assert.deepEqual(
      describeError(new ApiError({ kind: 'validation', message: 'm', status: 400, code: 1006 })).actions,
      ['estimate-order'],
    );
  });
});
