// The cost panel's maps: the shared map component (common/map/map-view.ts) on the offline
// basemap, with the drawn polygons filled, the billed boxes dashed and, for a tile selection or the
// tile cover, the tile footprints (a click on one toggles it where tiles are picked; the tile list
// below is the keyboard way). The map is built after the page has rendered and reported its text
// (`start`), so the price never waits for OpenLayers; the element carries what the map holds in
// data attributes (`layers`, `selectedTiles`, `drawn` after its first complete frame, `frames`), which the
// page's report gives the host's tests.
import { packPolygons } from '../../../src/geometry/packed';
import type { BoundingBox, PolygonCoordinates } from '../../../src/geometry/types';
import { el } from '../common/dom';
import { MapView } from '../common/map/map-view';
import type { BasemapReader } from '../common/map/basemap';
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

export class EstimateMap {
  readonly element: HTMLElement;
  private view: MapView | undefined;
  private disposed = false;

  /** `onChange`: the map's data attributes changed (built, drawn, tiles redrawn). */
  constructor(
    private readonly input: MapInput,
    private readonly selection: MapSelection | undefined,
    label: string,
    testId: string,
    private readonly onChange: () => void,
    private readonly readBasemapFile: BasemapReader,
  ) {
    this.element = el('div', {
      class: 'map-canvas estimate-map',
      // A region, not an image: the map's controls inside it take the focus.
      role: 'region',
      'aria-roledescription': 'map',
      'aria-label': label,
      'data-testid': testId,
    });
  }

  /** Builds the map once the page is laid out; a disposed map is never built. */
  start(): void {
    if (this.view || this.disposed) return;
    const selection = this.selection;
    const view = new MapView(this.element, {
      readBasemapFile: this.readBasemapFile,
      clickableLayers: ['tiles'],
      onClick: (click) => {
        if (click.layerId === 'tiles' && selection) selection.toggle(click.featureId);
      },
    });
    this.view = view;
    view.setLayer(
      'aoi',
      this.input.polygons.map((polygon, i): MapFeature => ({
        id: String(i),
        kind: 'aoi',
        polygons: packPolygons([polygon]),
        label: `Polygon ${i + 1}`,
      })),
      { title: 'Area of interest', zIndex: 100 },
    );
    view.setLayer(
      'billed',
      this.input.billedBoxes.map((b, i): MapFeature => ({
        id: String(i),
        kind: 'billed',
        polygons: boxPolygon(b.west, b.south, b.east, b.north),
        label: `Billed box ${i + 1}`,
      })),
      { title: 'Billed boxes', zIndex: 99 },
    );
    this.drawTiles();
    view.fitLayers(['aoi', 'billed', 'tiles']);
    // The first complete frame (basemap included) is reported; later ones (a pan, a theme
    // change) are only counted, for the screenshots to wait on.
    let frames = 0;
    view.map.on('rendercomplete', () => {
      this.element.dataset.frames = String(++frames);
      if (frames > 1) return;
      this.element.dataset.drawn = 'true';
      this.onChange();
    });
    this.onChange();
  }

  /** Redraws the tiles with the current selection. */
  sync(): void {
    if (this.view) this.drawTiles();
  }

  dispose(): void {
    this.disposed = true;
    this.view?.dispose();
    this.view = undefined;
  }

  private drawTiles(): void {
    const view = this.view;
    if (!view) return;
    const selection = this.selection;
    view.setLayer(
      'tiles',
      this.input.tiles.map((tile): MapFeature => ({
        id: tile.guid,
        kind: tile.miniTile ? 'miniTile' : 'tile',
        polygons: packPolygons(tile.polygons),
        selected: selection?.isSelected(tile.guid) ?? false,
        label: tile.guid,
      })),
      { title: 'Tiles', zIndex: 50 },
    );
    this.element.dataset.layers = view
      .layers()
      .map((l) => `${l.id}:${l.featureCount}`)
      .join(' ');
    this.element.dataset.selectedTiles = this.input.tiles
      .filter((t) => selection?.isSelected(t.guid))
      .map((t) => t.guid)
      .join(' ');
  }
}

/** The map of `input`, or undefined when there is nothing to draw. */
export function renderMap(
  input: MapInput,
  selection: MapSelection | undefined,
  onChange: () => void,
  testId: string,
  readBasemapFile: BasemapReader,
): EstimateMap | undefined {
  if (input.polygons.length === 0 && input.billedBoxes.length === 0 && input.tiles.length === 0) return undefined;
  const label = input.tiles.length
    ? 'Area of interest (drawn polygons) and the tiles, on a world map'
    : 'Area of interest (drawn polygons) with the billed bounding boxes dashed, on a world map';
  return new EstimateMap(input, selection, label, testId, onChange, readBasemapFile);
}
