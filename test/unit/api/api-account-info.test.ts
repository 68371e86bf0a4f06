// Issue 13, section 3: the account's limits come from /api/account/info or /api/apikey/info,
// whichever the specification document lists (the newer one first when it lists both), with the
// other tried on a 404, so limits, credits and the concurrency gate work with either version. The
// newer answer documents no balance: the older endpoint fills it in when the document lists it,
// else it stays unknown, and the cost gate then refuses nothing but says so.
import * as assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client';
import { downloadComposite } from '../../../src/workflows/composite/download-composite-workflow';
import { findAvailableDates } from '../../../src/workflows/dates/find-dates-workflow';
import { scriptedPorts } from '../fixtures/workflow-ports';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../../simulator';
import type { Simulator } from '../../simulator';
import { testClock } from '../fixtures/test-clock';

const ACCOUNT = '/api/account/info';
const APIKEY = '/api/apikey/info';

describe('client: account limits from either service version (against the simulator)', () => {
  let sim: Simulator | undefined;
  afterEach(async () => sim?.close());

  const infoPaths = () => sim!.requests.map((r) => r.path).filter((p) => p === ACCOUNT || p === APIKEY);

  async function read(
    accountInfo: 'account' | 'apikey' | 'both',
    limits = { MaxConcurrentConnections: 3, MaxCompositeAreaKm2: 250 },
    accountInfoBalances = true,
  ) {
    sim = await startSimulator({
      clock: testClock,
      specVariant: { accountInfo, accountInfoBalances },
      account: limits,
    });
    const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key', maxConcurrentRequests: 1 });
    try {
      const info = await client.getApiKeyInfo();
      assert.equal(client.gate.size, 1, 'reading the account sizes nothing by itself');
      client.sizeGateToKey(info.MaxConcurrentConnections);
      return { info, gate: client.gate.size };
    } finally {
      await client.close();
    }
  }

  it('a service with only /api/account/info: asked there, and never at the other', async () => {
    const { info, gate } = await read('account');
    assert.equal(info.MaxCompositeAreaKm2, 250);
    assert.equal(gate, 3, 'the gate follows the key');
    assert.deepEqual(infoPaths(), [ACCOUNT]);
  });

  it('a service with only /api/apikey/info: asked there', async () => {
    const { info, gate } = await read('apikey');
    assert.equal(info.MaxCompositeAreaKm2, 250);
    assert.equal(typeof info.CreditAmount, 'number');
    assert.equal(gate, 3);
    assert.deepEqual(infoPaths(), [APIKEY]);
  });

  it('a document listing both: the newer one, and nothing more when it gives the balance', async () => {
    const { info } = await read('both');
    assert.equal(typeof info.CreditAmount, 'number');
    assert.deepEqual(infoPaths(), [ACCOUNT]);
  });

  it('a document listing both, the newer answer without a balance: the balance from the older one, the limits from the newer', async () => {
    const { info, gate } = await read('both', { MaxConcurrentConnections: 3, MaxCompositeAreaKm2: 250 }, false);
    assert.deepEqual(infoPaths(), [ACCOUNT, APIKEY], 'one extra GET');
    assert.equal(info.CreditAmount, sim!.state.account.CreditAmount);
    assert.equal(info.EuroCreditAmount, sim!.state.account.EuroCreditAmount);
    assert.equal(info.TenantId, 'sim-tenant', 'the newer answer stands');
    assert.equal(info.MaxCompositeAreaKm2, 250);
    assert.equal(gate, 3);
  });

  it('only the newer endpoint listed, without a balance: the balance stays unknown, nothing else is asked', async () => {
    const { info } = await read('account', { MaxConcurrentConnections: 3, MaxCompositeAreaKm2: 250 }, false);
    assert.deepEqual(infoPaths(), [ACCOUNT]);
    assert.equal(info.CreditAmount, undefined);
    assert.equal(info.EuroCreditAmount, undefined);
  });

  it('a document that lists neither (or is wrong): the other path after a 404', async () => {
    sim = await startSimulator({
      clock: testClock,
      specVariant: { accountInfo: 'account' },
      account: { MaxCompositeAreaKm2: 250 },
    });
    sim.schedule({ path: '/api/specification.json', status: 500 });
    const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key', retry: { maxAttempts: 1 } });
    try {
      const info = await client.getApiKeyInfo();
      assert.equal(info.MaxCompositeAreaKm2, 250);
      assert.deepEqual(infoPaths(), [APIKEY, ACCOUNT]);
    } finally {
      await client.close();
    }
  });
});

describe('workflow: the cost gate with an account answer that has no balance (against the simulator)', () => {
  const FIELD = {
    name: 'field.wkt',
    text: 'POLYGON((10.1 56.1, 10.12 56.1, 10.12 56.12, 10.1 56.12, 10.1 56.1))',
    format: 'wkt' as const,
  };
  const PROCESS = '/api/satelliteimages/process/composite';
  let sim: Simulator;
  let out: string;
  let client: ReturnType<typeof createClient>;
  before(async () => {
    // Too few credits for anything: only a known balance could refuse.
    sim = await startSimulator({
      clock: testClock,
      demoData: true,
      specVariant: { accountInfo: 'account', accountInfoBalances: false },
      account: { CreditAmount: 0.01 },
    });
    client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key' });
    out = await mkdtemp(join(tmpdir(), 'unknown-balance-'));
  });
  after(async () => {
    await client.close();
    await sim.close();
    await rm(out, { recursive: true, force: true });
  });

  async function options() {
    const dates = await findAvailableDates(scriptedPorts(client, {}).ports, FIELD, {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
    });
    return {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      date: dates.coverage!.full[0]!,
      epsgProjection: 4326,
      resolution: 20,
      bandnames: 'rgb',
      outputDirectory: out,
    };
  }

  it('does not refuse an unknown balance: the panel and the log say it could not be checked', async () => {
    const logged: string[] = [];
    const run = scriptedPorts(client, {}, { confirm: () => ({ action: 'cancel' }) });
    run.ports.log = (line) => logged.push(line);
    const result = await downloadComposite(run.ports, FIELD, await options());
    assert.equal(result.outcome, 'cancelled');
    assert.equal(run.estimates.length, 1, 'the panel was shown: nothing refused for want of a balance');
    assert.ok(
      run.estimates[0]!.warnings.some((w) => /balance could not be checked/.test(w)),
      run.estimates[0]!.warnings.join(' | '),
    );
    assert.ok(logged.some((l) => /balance could not be checked/.test(l)));
    assert.equal(sim.requests.filter((r) => r.path === PROCESS).length, 0);
  });

  it('still holds the price to the budget with skipConfirmation', async () => {
    sim.clearLog();
    const run = scriptedPorts(client, {}, { confirm: () => assert.fail('no panel when skipping') });
    await assert.rejects(
      downloadComposite(run.ports, FIELD, { ...(await options()), skipConfirmation: true }),
      /no budget is set/,
    );
    const low = scriptedPorts(client, {}, { settings: { confirmCostAbove: 0.001 } });
    await assert.rejects(
      downloadComposite(low.ports, FIELD, { ...(await options()), skipConfirmation: true }),
      /not under the budget/,
    );
    assert.equal(sim.requests.filter((r) => r.path === PROCESS).length, 0);
  });
});
