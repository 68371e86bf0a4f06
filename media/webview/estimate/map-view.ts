// The cost panel's map: the shared map component (common/map/map-view.ts) on the offline
// basemap, with the drawn polygons filled, the billed boxes dashed and, for a tile selection, the
// tile footprints, a click on one toggling it. The tile list below the map is the keyboard way to
// pick tiles (each a checkbox); the map follows it. The element carries what it draws in data
// attributes, which the page's report gives the host's tests.
import { packPolygons } from '../../../src/geometry/packed';
import type { BoundingBox, PolygonCoordinates } from '../../../src/geometry/types';
import { el } from '../common/dom';
import { MapView } from '../common/map/map-view';
import type { MapFeature } from '../common/map/map-types';
import { boxPolygon } from '../common/map/packed-features';

export interface MapInput {
  polygons: PolygonCoordinates[];
  billedBoxes: BoundingBox[];
  tiles: { guid: string; miniTile?: boolean; polygons: PolygonCoordinates[] }[];
}

export interface MapSelection {
  isSelected(guid: string): boolean;
  toggle(guid: string): void;
}

export interface EstimateMap {
  element: HTMLElement;
  /** Redraws the tiles with the current selection. */
  sync(): void;
}

export function renderMap(input: MapInput, selection: MapSelection | undefined): EstimateMap | undefined {
  if (input.polygons.length === 0 && input.billedBoxes.length === 0 && input.tiles.length === 0) return undefined;
  const element = el('div', {
    class: 'map-canvas estimate-map',
    role: 'img',
    'aria-label': 'Area of interest (drawn polygons) with the billed bounding boxes dashed, on a world map',
    'data-testid': 'map',
  });
  const view = new MapView(element, {
    clickableLayers: ['tiles'],
    onClick: (click) => {
      if (click.layerId === 'tiles' && selection) selection.toggle(click.featureId);
    },
  });
  view.setLayer('aoi', input.polygons.map((polygon, i): MapFeature => ({ id: String(i), kind: 'aoi', polygons: packPolygons([polygon]), label: `Polygon ${i + 1}` })), { title: 'Area of interest', zIndex: 100 });
  view.setLayer('billed', input.billedBoxes.map((b, i): MapFeature => ({ id: String(i), kind: 'billed', polygons: boxPolygon(b.west, b.south, b.east, b.north), label: `Billed box ${i + 1}` })), { title: 'Billed boxes', zIndex: 99 });
  const drawTiles = () => {
    view.setLayer('tiles', input.tiles.map((tile): MapFeature => ({
      id: tile.guid,
      kind: tile.miniTile ? 'miniTile' : 'tile',
      polygons: packPolygons(tile.polygons),
      selected: selection?.isSelected(tile.guid) ?? false,
      label: tile.guid,
    })), { title: 'Tiles', zIndex: 50 });
    element.dataset.layers = view.layers().map((l) => `${l.id}:${l.featureCount}`).join(' ');
    element.dataset.selectedTiles = input.tiles.filter((t) => selection?.isSelected(t.guid)).map((t) => t.guid).join(' ');
  };
  drawTiles();
  view.fitLayers(['aoi', 'billed', 'tiles']);
  return { element, sync: drawTiles };
}
