// The map's tile-search layer: the tiles and mini-tiles of the last Search Tiles result, outlined
// with their ids written on them (the ids the Process and Order commands take), the selected ones
// drawn stronger. Pure: unit-tested in Node.
import { packPolygons } from '../../../geometry/packed';
import { polygonsOfWkt } from '../../../geometry/wkt-footprint';
import type { LayerMessage } from './protocol';
import type { TileSearch } from './tile-search-memory';

type Feature = LayerMessage['features'][number];

const TILES_LAYER_ID = 'tiles';

export function tilesLayer(search: TileSearch): LayerMessage {
  const selected = new Set(search.selected);
  const features: Feature[] = [];
  const seen = new Set<string>();
  for (const tile of search.tiles) {
    if (typeof tile.Guid !== 'string' || seen.has(tile.Guid) || typeof tile.DataGeogWkt !== 'string') continue;
    const polygons = polygonsOfWkt(tile.DataGeogWkt);
    if (polygons.length === 0) continue;
    seen.add(tile.Guid);
    const mini = tile.MiniTile === true;
    const epsg = tile.Epsg !== undefined ? ` · EPSG ${String(tile.Epsg)}` : '';
    features.push({
      id: tile.Guid,
      kind: mini ? 'miniTile' : 'tile',
      polygons: packPolygons(polygons),
      label: `${mini ? 'Mini-tile' : 'Tile'} ${tile.Guid}${epsg}${selected.has(tile.Guid) ? ' · selected' : ''}`,
      caption: tile.Guid,
      selected: selected.has(tile.Guid),
    });
  }
  // Mini-tiles over their tiles: whole tiles first, so the smaller outlines are drawn on top.
  features.sort((a, b) => Number(a.kind === 'miniTile') - Number(b.kind === 'miniTile'));
  return { type: 'layer', id: TILES_LAYER_ID, title: 'Last tile search', features, zIndex: 45 };
}
