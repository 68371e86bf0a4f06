// A server that repeats the key it was sent (in an error message, a field error, a Location
// header, a Content-Disposition file name) must not get it into anything the client hands on: a
// thrown error (message, fields, stack, cause), a log line, a returned result or a file name. The
// simulator echoes the key on request (ScheduledFault.echoKey).
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../../../src/api/client';
import type { FullImageryClient } from '../../../src/api/client';
import { REDACTED_KEY } from '../../../src/api/redact';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { AARHUS_FIELD, compositeBody, discoveredDates, isoDaysAgo } from '../../simulator/test-helpers';
import { ORDER, refusal } from './api-test-helpers';
import { testClock } from '../fixtures/test-clock';

const KEY = 'sk-echo-4f1c2a9e7b';

/** Every text an error carries: its fields, its stack, and the same for its causes. */
function everything(value: unknown, depth = 0): string {
  if (depth > 5 || value === undefined || value === null) return '';
  if (!(value instanceof Error)) return JSON.stringify(value) ?? String(value);
  const fields = Object.getOwnPropertyNames(value).map((name) =>
    name === 'cause' ? '' : JSON.stringify((value as unknown as Record<string, unknown>)[name]),
  );
  return `${value.message}\n${value.stack ?? ''}\n${fields.join('\n')}\n${everything((value as { cause?: unknown }).cause, depth + 1)}`;
}

describe('client: a server echoing the key leaves it nowhere', () => {
  let sim: Simulator;
  let client: FullImageryClient;
  let out: string;
  const lines: string[] = [];

  before(async () => {
    sim = await startSimulator({ clock: testClock, demoData: true, keys: { valid: [KEY, 'demo-key'] } });
    client = createClient({
      baseUrl: sim.url,
      getApiKey: () => KEY,
      retry: { maxAttempts: 1 },
      log: (level, message) => lines.push(`${level} ${message}`),
    });
  });
  after(async () => {
    await client.close();
    await sim.close();
  });
  beforeEach(async () => {
    lines.length = 0;
    out = await mkdtemp(join(tmpdir(), 'echo-'));
  });
  afterEach(() => rm(out, { recursive: true, force: true }));

  it('in the error message', async () => {
    sim.schedule({ method: 'GET', path: '/api/tasking/models', echoKey: 'message', status: 400, code: 992 });
    const err = await refusal(client.listModels());
    assert.equal(sim.requests.at(-1)?.outcome, 'fault:echo-key');
    assert.ok(err.message.includes(`The key ${REDACTED_KEY} may not do this.`), err.message);
    assert.ok(!everything(err).includes(KEY), everything(err));
    assert.ok(!lines.join('\n').includes(KEY));
  });

  it('in a field error of a billed call', async () => {
    sim.schedule({ method: 'POST', path: '/api/tasking/orders', echoKey: 'field-error' });
    const err = await refusal(client.createOrder(ORDER));
    assert.equal(err.kind, 'validation');
    assert.deepEqual(err.fieldErrors, { Model: [`The model is not enabled for the key ${REDACTED_KEY}.`] });
    assert.ok(!everything(err).includes(KEY), everything(err));
  });

  it('in the Location of a redirect', async () => {
    sim.schedule({ method: 'GET', path: '/api/tasking/models', echoKey: 'location' });
    const err = await refusal(client.listModels());
    assert.equal(err.kind, 'protocol');
    assert.match(err.message, /redirected to https:\/\/\[api-key\]\.echo\.invalid/);
    assert.ok(!everything(err).includes(KEY), everything(err));
  });

  it('in the file name of an image: neither the file, the result nor the log has it', async () => {
    const now = sim.state.now();
    const [date] = await discoveredDates(sim, AARHUS_FIELD, isoDaysAgo(now, 60), isoDaysAgo(now, 0));
    sim.schedule({ method: 'POST', path: '/api/satelliteimages/process/composite', echoKey: 'file-name' });
    const result = await client.downloadComposite(compositeBody(date!) as never, {
      directory: out,
      fallbackName: 'fallback.tif',
    });
    const files = await readdir(out);
    assert.equal(files.length, 1);
    assert.ok(files[0]!.startsWith(`${REDACTED_KEY}-composite_`), files[0]);
    assert.ok(!JSON.stringify(result).includes(KEY));
    assert.ok(!lines.join('\n').includes(KEY));
  });

  it('the key being tried is redacted too, and a host can share its redactor', async () => {
    const { KeyRedactor } = await import('../../../src/api/redact');
    const shared = new KeyRedactor();
    const tried = createClient({
      baseUrl: sim.url,
      getApiKey: () => 'sk-tried-0000',
      redactor: shared,
      retry: { maxAttempts: 1 },
    });
    sim.schedule({ method: 'GET', path: '/api/account/info', echoKey: 'message', status: 401, code: 401 });
    const err = await refusal(tried.getApiKeyInfo());
    await tried.close();
    assert.equal(err.kind, 'auth');
    assert.ok(!everything(err).includes('sk-tried-0000'));
    assert.equal(shared.redact('log: sk-tried-0000'), `log: ${REDACTED_KEY}`);
  });
});
