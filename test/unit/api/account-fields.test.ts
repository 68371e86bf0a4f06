// Show Account put the limits in a notification that cut them off. It lists every field the
// account endpoint gives instead, balances and limits formatted with their units, fields the
// client does not know under their own names, read here from the simulator's two endpoint versions.
import * as assert from 'node:assert/strict';
import { createClient } from '../../../src/api/client';
import type { ApiKeyInfo } from '../../../src/api/types';
import { accountFields } from '../../../src/ui/commands/showAccount-fields';
import { startSimulator } from '../../simulator';

async function infoFrom(accountInfo: 'apikey' | 'account'): Promise<ApiKeyInfo> {
  const sim = await startSimulator({ specVariant: { accountInfo, accountInfoBalances: false } });
  const client = createClient({ baseUrl: sim.url, getApiKey: () => 'demo-key' });
  try {
    return await client.getApiKeyInfo();
  } finally {
    await client.close();
    await sim.close();
  }
}

/** Intl puts a no-break space between a currency code and the amount. */
const plain = (text: string | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

describe('Show Account: every field of the account, formatted', () => {
  it('lists every field of the older endpoint, balances first, with units', async () => {
    const info = await infoFrom('apikey');
    const fields = accountFields(info);
    assert.deepEqual(fields.map((f) => f.name).sort(), Object.keys(info).sort(), 'a field of the answer is missing');
    const value = (name: string) => plain(fields.find((f) => f.name === name)?.value);
    assert.equal(value('CreditAmount'), `${info.CreditAmount?.toLocaleString()} credits`);
    assert.match(value('EuroCreditAmount'), /^EUR [\d,]+\.\d\d$/);
    assert.match(value('MaxCompositeAreaKm2'), / km²$/);
    assert.equal(fields[0]?.group, 'Balances and costs');
    assert.deepEqual([...new Set(fields.map((f) => f.group))], ['Balances and costs', 'Limits']);
  });

  it("lists the newer endpoint's fields, the ones the client does not know under their own names", async () => {
    const info = await infoFrom('account');
    const fields = accountFields(info);
    assert.deepEqual(fields.map((f) => f.name).sort(), Object.keys(info).sort());
    const tenant = fields.find((f) => f.name === 'TenantId');
    assert.deepEqual(tenant && { group: tenant.group, label: tenant.label, value: tenant.value }, {
      group: 'Other fields',
      label: 'Tenant id',
      value: 'sim-tenant',
    });
    assert.match(plain(fields.find((f) => f.name === 'EuroBalanceCap')?.value), /^EUR /);
  });

  it('bounds a long value and writes nested ones as JSON', () => {
    const fields = accountFields({ Note: 'x'.repeat(5000), Nested: { A: 1 }, Flag: true });
    assert.equal(fields.find((f) => f.name === 'Note')?.value.length, 201);
    assert.equal(fields.find((f) => f.name === 'Nested')?.value, '{"A":1}');
    assert.equal(fields.find((f) => f.name === 'Flag')?.value, 'yes');
  });
});
