// Search the tiles and mini-tiles over an AOI, and let the person choose some: on the webview's
// map and list ("Search tiles"), or in a quick pick (when a batch needs its units). A whole tile
// can be expanded into its mini-tiles (the search's TileGuidForMiniTiles): by the option, or by
// the person after choosing it in the panel, who then chooses among its mini-tiles.
import type { TileRecord } from '../../api/types';
import type { Aoi, BoundingBox } from '../../geometry/types';
import { startOnArea } from '../engine/aoi-input';
import { isCancellation } from '../../request/workflow-error';
import { tileChoice, tileSelectionModel } from '../../pricing/estimate-view-builders';
import type { TileChoice } from '../../pricing/estimate-view-model';
import { BACK } from '../engine/ports';
import type { AoiSource, WorkflowPorts } from '../engine/ports';
import { aoiField } from '../../request/request-profile';
import type { TilesResult } from '../engine/results';
import { polygonsOfWkt } from '../../geometry/wkt-footprint';
import type { StepPosition } from '../engine/wizard';

export interface SearchTilesOptions {
  /** Pre-select these tiles; with skipConfirmation they are the selection. */
  tileGuids?: string[];
  /** Only whole tiles ('tiles'), only mini-tiles ('minitiles'), or both (default). */
  only?: 'tiles' | 'minitiles';
  /** Show the mini-tiles of this tile (TileGuidForMiniTiles) instead of the tiles over the area. */
  tileGuidForMiniTiles?: string;
  skipConfirmation?: boolean;
}

/** The mini-tiles of one tile (the search's TileGuidForMiniTiles). */
async function miniTilesOf(ports: WorkflowPorts, tileGuid: string): Promise<TileRecord[]> {
  ports.progress.report({ message: `Searching the mini-tiles of ${tileGuid}…` });
  return ports.client.searchTiles({ TileGuidForMiniTiles: tileGuid }, { signal: ports.signal });
}

export async function findTiles(ports: WorkflowPorts, aoi: Aoi, only?: 'tiles' | 'minitiles'): Promise<TileRecord[]> {
  ports.progress.report({ message: 'Searching tiles…' });
  const tiles = await ports.client.searchTiles(aoiField(aoi, 'wkt'), { signal: ports.signal });
  if (only === 'tiles') return tiles.filter((t) => t.MiniTile !== true);
  const minis = tiles.filter((t) => t.MiniTile === true);
  if (only !== 'minitiles') return tiles;
  if (minis.length > 0) return minis;
  // The AOI search may answer whole tiles only: ask for each one's mini-tiles, keep those over the AOI.
  const found: TileRecord[] = [];
  for (const tile of tiles.filter((t) => typeof t.Guid === 'string')) {
    const children = await ports.client.searchTiles({ TileGuidForMiniTiles: tile.Guid }, { signal: ports.signal });
    found.push(...children.filter((child) => overlapsBox(child, aoi.bbox)));
  }
  return found;
}

function overlapsBox(tile: TileRecord, box: BoundingBox): boolean {
  const points = typeof tile.DataGeogWkt === 'string' ? polygonsOfWkt(tile.DataGeogWkt).flat(2) : [];
  if (points.length === 0) return true; // no footprint to judge by: keep it
  const lons = points.map((p) => p[0]!);
  const lats = points.map((p) => p[1]!);
  return (
    Math.min(...lons) < box.east &&
    Math.max(...lons) > box.west &&
    Math.min(...lats) < box.north &&
    Math.max(...lats) > box.south
  );
}

export async function searchTiles(
  given: WorkflowPorts,
  source: AoiSource,
  options: SearchTilesOptions = {},
): Promise<TilesResult> {
  const { ports, aoi } = startOnArea(given, source);
  const result: TilesResult = { outcome: 'cancelled', tiles: [], selected: [] };
  try {
    result.tiles = options.tileGuidForMiniTiles
      ? await miniTilesOf(ports, options.tileGuidForMiniTiles)
      : await findTiles(ports, aoi, options.only);
    let preselect = options.tileGuids;
    for (;;) {
      const choices = result.tiles.map(tileChoice).filter((c): c is TileChoice => c !== undefined);
      const known = new Set(choices.map((c) => c.guid));
      const preselected = preselect ? preselect.filter((g) => known.has(g)) : [];
      if (options.skipConfirmation) {
        result.selected = preselect ? preselected : [...known];
        result.outcome = 'completed';
        return result;
      }
      // The search is over and its result is on show: say so, not "Searching tiles…".
      ports.progress.report({
        message: `Found ${choices.length} ${choices.length === 1 ? 'tile' : 'tiles'}: waiting for your choice in the panel…`,
      });
      const decision = await ports.confirmCost(tileSelectionModel(aoi, choices, preselected), ports.signal);
      if (decision.action !== 'proceed') return result;
      result.selected = (decision.selectedTiles ?? preselected).filter((g) => known.has(g));
      const expand = await askExpand(
        ports,
        choices.filter((c) => !c.miniTile && result.selected.includes(c.guid)),
      );
      if (expand === undefined) return { ...result, outcome: 'cancelled' };
      if (expand === null) break;
      // The chosen tile gives way to its mini-tiles; the rest of the selection stays.
      const minis = await miniTilesOf(ports, expand);
      result.tiles = [
        ...result.tiles.filter((t) => t.Guid !== expand),
        ...minis.filter((m) => !result.tiles.some((t) => t.Guid === m.Guid)),
      ];
      preselect = [
        ...result.selected.filter((g) => g !== expand),
        ...minis.map((m) => m.Guid).filter((g): g is string => typeof g === 'string'),
      ];
    }
    result.outcome = 'completed';
    return result;
  } catch (error) {
    if (isCancellation(error, ports.signal)) return result;
    throw error;
  }
}

/** After a choice with whole tiles in it: keep it (null), or expand one of them into its
 * mini-tiles (its GUID); undefined when the person dismissed the question. */
async function askExpand(ports: WorkflowPorts, tiles: TileChoice[]): Promise<string | null | undefined> {
  if (tiles.length === 0) return null;
  const items: { label: string; description?: string; value: string | null }[] = [
    { label: 'Keep this selection', value: null },
    ...tiles.map((t) => ({
      label: `Expand tile ${t.guid} into its mini-tiles`,
      description: 'choose among its mini-tiles',
      value: t.guid,
    })),
  ];
  const answer = await ports.ask.pick({
    id: 'expandTile',
    title: 'Tiles chosen',
    items,
    defaultValue: null,
    step: 1,
    totalSteps: 1,
    canGoBack: false,
  });
  return answer === BACK ? null : answer;
}

/** Quick-pick choice of tiles (every one pre-selected); BACK/undefined pass through. */
export async function pickTiles(
  ports: WorkflowPorts,
  tiles: TileRecord[],
  position: StepPosition,
): Promise<string[] | typeof BACK | undefined> {
  const items = tiles
    .filter((t): t is TileRecord & { Guid: string } => typeof t.Guid === 'string')
    .map((t) => ({
      label: t.Guid,
      description: `${t.MiniTile ? 'mini-tile' : 'tile'}${t.Epsg !== undefined ? ` · EPSG ${String(t.Epsg)}` : ''}`,
      value: t.Guid,
    }));
  return ports.ask.pickMany({
    id: 'tiles',
    title: 'Tiles to process',
    items,
    defaultValues: items.map((i) => i.value),
    ...position,
  });
}
