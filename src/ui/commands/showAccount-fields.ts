// Every field the account endpoints give (/api/apikey/info or /api/account/info, see
// api/account-info.ts), grouped and formatted for Show Account: balances and costs with their
// unit, limits, then any other field the service sends under its own name. A notification cut
// the line off; the fields are shown as the rows of a list instead. No vscode: unit-tested.
import type { ApiKeyInfo } from '../../api/types';
import { formatArea, formatCredits, formatMoney, formatNumber } from '../../common/format';

export interface AccountField {
  group: 'Balances and costs' | 'Limits' | 'Other fields';
  label: string;
  value: string;
  /** The field's name in the service's answer. */
  name: string;
}

type Known = { group: AccountField['group']; label: string; format: (value: number) => string };

const euro = (value: number) => formatMoney(value, 'EUR', undefined);
const count = (value: number) => formatNumber(value);

/** The fields the live-service notes name, in the order a person reads them. */
const KNOWN: Record<string, Known> = {
  CreditAmount: {
    group: 'Balances and costs',
    label: 'Processing credits',
    format: (v) => formatCredits(v, undefined),
  },
  CreditLimit: { group: 'Limits', label: 'Credit limit', format: (v) => formatCredits(v, undefined) },
  EuroCreditAmount: { group: 'Balances and costs', label: 'Order credits (euro balance)', format: euro },
  EuroCreditLimit: { group: 'Limits', label: 'Euro credit limit', format: euro },
  CurrentMonthCosts: { group: 'Balances and costs', label: 'Order costs this month', format: euro },
  NextMonthCosts: { group: 'Balances and costs', label: 'Order costs next month', format: euro },
  EuroOverdraftLimit: { group: 'Limits', label: 'Euro overdraft limit', format: euro },
  EuroBalanceCap: { group: 'Limits', label: 'Euro balance cap', format: euro },
  MaxConcurrentConnections: { group: 'Limits', label: 'Concurrent requests at most', format: count },
  MaxCompositeAreaKm2: { group: 'Limits', label: 'Composite area at most', format: (v) => formatArea(v, undefined) },
  MaxTotalBands: { group: 'Limits', label: 'Bands in one request at most', format: count },
};

const GROUPS: AccountField['group'][] = ['Balances and costs', 'Limits', 'Other fields'];
/** A field's value shown at most this long (the answer is the service's, not ours to trust). */
const MAX_VALUE_CHARS = 200;

/** "TenantId" → "Tenant id": a field name the notes do not know, in words. */
function words(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function plainValue(value: unknown): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === null) return 'none';
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** Every field of the answer, grouped (balances, limits, others) and formatted. */
export function accountFields(info: ApiKeyInfo): AccountField[] {
  const fields: AccountField[] = [];
  const known = Object.keys(KNOWN);
  for (const name of known) {
    const value = info[name];
    const spec = KNOWN[name] as Known;
    if (value === undefined) continue;
    fields.push({
      group: spec.group,
      label: spec.label,
      name,
      value: typeof value === 'number' ? spec.format(value) : plainValue(value),
    });
  }
  for (const [name, value] of Object.entries(info)) {
    if (known.includes(name) || value === undefined) continue;
    fields.push({ group: 'Other fields', label: words(name), name, value: plainValue(value) });
  }
  return fields.sort((a, b) => GROUPS.indexOf(a.group) - GROUPS.indexOf(b.group));
}
