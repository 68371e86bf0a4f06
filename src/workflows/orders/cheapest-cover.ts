// The cheapest cover of an area (live-service notes, newer material): the service proposes tiles
// and mini-tiles covering the area (POST /api/tasking/tile/optimize, best effort), the tile order
// they make is estimated like any order, and the panel shows it beside the polygon order so the
// person picks one knowing both prices. Tiles bill at a rebate, but cover more than the area.
import type { OrderEstimate, OrderEstimateRequest, TileRecord } from '../../api/types';
import type { Aoi } from '../../geometry/types';
import { tileChoice } from '../../pricing/estimate-view-builders';
import type { CoverOption } from '../../pricing/estimate-view-model';
import { readOrderCosts } from '../../pricing/order-costs';
import type { WorkflowPorts } from '../engine/ports';

export interface TileCoverEstimate {
  request: OrderEstimateRequest;
  estimate: OrderEstimate;
  tiles: TileRecord[];
}

/** The tile order the service proposes for the area, estimated; undefined when it proposes none. */
export async function estimateTileCover(
  ports: WorkflowPorts,
  aoi: Aoi,
  polygonRequest: OrderEstimateRequest,
): Promise<TileCoverEstimate | undefined> {
  ports.progress.report({ message: 'Finding the cheapest tile cover…' });
  const cover = await ports.client.optimizeTiles({ Wkt: aoi.taskingWkt }, { signal: ports.signal });
  const tileGuids = (cover.Tiles ?? []).filter((g): g is string => typeof g === 'string');
  const miniTileGuids = (cover.MiniTiles ?? []).filter((g): g is string => typeof g === 'string');
  if (tileGuids.length + miniTileGuids.length === 0) return undefined;
  // The same order, by tiles instead of the area: every other field as estimated for the polygon.
  const { Wkt: _wkt, GeoJson: _geoJson, ...fields } = polygonRequest;
  const request = Object.freeze({
    ...fields,
    ...(tileGuids.length ? { TileGuids: tileGuids } : {}),
    ...(miniTileGuids.length ? { MiniTileGuids: miniTileGuids } : {}),
  }) as OrderEstimateRequest;
  ports.progress.report({ message: 'Estimating the tile order…' });
  const estimate = await ports.client.estimateOrder(request, { signal: ports.signal });
  // Footprints for the map; one flow per search request (tiles, then mini-tiles).
  const tiles: TileRecord[] = [];
  if (tileGuids.length)
    tiles.push(...(await ports.client.searchTiles({ TileGuids: tileGuids }, { signal: ports.signal })));
  if (miniTileGuids.length)
    tiles.push(...(await ports.client.searchTiles({ MiniTileGuids: miniTileGuids }, { signal: ports.signal })));
  return { request, estimate, tiles };
}

export function coverOption(
  id: CoverOption['id'],
  estimate: OrderEstimate,
  request: OrderEstimateRequest,
  tiles: readonly TileRecord[],
): CoverOption {
  const costs = readOrderCosts(estimate);
  const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  return {
    id,
    label: id === 'polygon' ? 'Polygon order (the drawn area)' : "Tile order (the service's tile cover)",
    currency: costs.currency,
    currencies: costs.currencies,
    currentMonth: costs.currentMonth,
    perMonth: costs.perMonth,
    billedKm2: typeof estimate.AreaKm2 === 'number' ? estimate.AreaKm2 : undefined,
    tiles: count((request as { TileGuids?: unknown }).TileGuids),
    miniTiles: count((request as { MiniTileGuids?: unknown }).MiniTileGuids),
    footprints: tiles
      .map(tileChoice)
      .filter((t) => t !== undefined)
      .map((t) => ({ guid: t.guid, polygons: t.polygons })),
  };
}
