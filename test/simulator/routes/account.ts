// Account-scoped endpoints: the models list, the key's limits and credits, and the
// specification document (served as is, without the envelope, like the live service).
import { MODELS } from '../catalog';
import { specificationDocument } from '../spec-document';
import { SimError } from '../envelope';
import { json } from './route';
import type { Reply, Route, RouteContext } from './route';

function models(): Reply {
  return json({
    TaskingModels: MODELS.map((m) => ({
      Model: m.model,
      DisplayName: m.label,
      SupportedSatelliteConstellations: m.constellations.map((c) => ({
        SatelliteConstellation: c.name,
        Optional: c.optional,
      })),
      Bands: m.bands,
    })),
  });
}

function apiKeyInfo(ctx: RouteContext): Reply {
  return json({ ...ctx.state.account });
}

/** The newer endpoint: its documented limits (TenantId, MaxConcurrentConnections,
 * MaxCompositeAreaKm2, MaxTotalBands, EuroOverdraftLimit, EuroBalanceCap), plus the balances under
 * the older endpoint's names (the newer pages do not show where the balance is), unless the run's
 * variant keeps to the documented fields (`accountInfoBalances: false`). */
function accountInfo(ctx: RouteContext): Reply {
  const a = ctx.state.account;
  const balances = ctx.spec.accountInfoBalances
    ? { CreditAmount: a.CreditAmount, EuroCreditAmount: a.EuroCreditAmount }
    : {};
  return json({
    TenantId: 'sim-tenant',
    MaxConcurrentConnections: a.MaxConcurrentConnections,
    MaxCompositeAreaKm2: a.MaxCompositeAreaKm2,
    MaxTotalBands: a.MaxTotalBands,
    EuroOverdraftLimit: 0,
    EuroBalanceCap: a.EuroCreditLimit,
    ...balances,
  });
}

/** A path the run's variant does not have answers 404, like a service of the other version. */
function absent(path: string): Reply {
  throw new SimError(404, `No such endpoint: ${path}.`, 404);
}

function specification(ctx: RouteContext): Reply {
  return { kind: 'json-raw', status: 200, body: specificationDocument(ctx.spec, ctx.state.account) };
}

export function accountRoutes(): Route[] {
  return [
    { method: 'GET', path: '/api/tasking/models', needsBody: false, handle: models },
    {
      method: 'GET',
      path: '/api/apikey/info',
      needsBody: false,
      handle: (ctx) => (ctx.spec.accountInfo === 'account' ? absent('/api/apikey/info') : apiKeyInfo(ctx)),
    },
    {
      method: 'GET',
      path: '/api/account/info',
      needsBody: false,
      handle: (ctx) => (ctx.spec.accountInfo === 'apikey' ? absent('/api/account/info') : accountInfo(ctx)),
    },
    { method: 'GET', path: '/api/specification.json', needsBody: false, handle: specification },
  ];
}
