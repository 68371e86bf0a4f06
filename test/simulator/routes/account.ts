// Account-scoped endpoints: the models list, the key's limits and credits, and the
// specification document (served as is, without the envelope, like the live service).
import { MODELS } from '../catalog';
import { specificationDocument } from '../spec-document';
import { json } from './route';
import type { Reply, Route, RouteContext } from './route';

function models(): Reply {
  return json({
    TaskingModels: MODELS.map((m) => ({
      Model: m.model,
      DisplayName: m.label,
      SupportedSatelliteConstellations: m.constellations.map((c) => ({ SatelliteConstellation: c.name, Optional: c.optional })),
      Bands: m.bands,
    })),
  });
}

function apiKeyInfo(ctx: RouteContext): Reply {
  return json({ ...ctx.state.account });
}

function specification(ctx: RouteContext): Reply {
  return { kind: 'json-raw', status: 200, body: specificationDocument(ctx.spec, ctx.state.account) };
}

export function accountRoutes(): Route[] {
  return [
    { method: 'GET', path: '/api/tasking/models', needsBody: false, handle: models },
    { method: 'GET', path: '/api/apikey/info', needsBody: false, handle: apiKeyInfo },
    { method: 'GET', path: '/api/specification.json', needsBody: false, handle: specification },
  ];
}
