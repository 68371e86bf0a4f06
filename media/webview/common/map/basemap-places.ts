// Town and city names on the basemap, from GeoNames (CC BY 4.0, credited on the map through the
// sources' attribution), cut at build time by scripts/basemap-places.mjs: places/world.json holds
// the places of at least 100,000 people, read by every map; the smaller ones come in 10° cells
// (places/<col>_<row>.json, basemap-cells.ts) read only once the map is zoomed in that far. Each
// place is a dot and its name, written on the canvas as text (a name is data, never markup).
// Names are decluttered across both layers: the world's layer is above the cells', and each layer
// draws its largest places first, so a larger place wins a contested spot; a population
// threshold per resolution lets smaller places in only as the person zooms in.
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { fromLonLat } from 'ol/proj';
import type { FeatureLike } from 'ol/Feature';
import type { MapColours } from './map-colours';

export const PLACES_ATTRIBUTION = 'Places © GeoNames (CC BY 4.0)';

/** Names are drawn over the images a page draws in place (the map's downloaded images, z-index
 * 20), which cut them in half at an image's edge when drawn under it, and under the pages'
 * outlines (z-index 30 and up: areas, tiles, orders, footprints). */
const PLACES_Z = 25;

/** The resolution (metres per pixel) under which the cells of smaller places are read and drawn:
 * the 1:10m basemap's. */
const PLACE_CELLS_MAX_RESOLUTION = 1200;

/** [name, lon, lat, population], as scripts/basemap-places.mjs writes them. */
type PlaceRow = [string, number, number, number];

/** The features of one place file's text. */
export function placeFeatures(text: string): Feature[] {
  const { places } = JSON.parse(text) as { places: PlaceRow[] };
  return places.map(
    ([name, lon, lat, population]) =>
      new Feature({ geometry: new Point(fromLonLat([lon, lat])), name: String(name), population: Number(population) }),
  );
}

/** From the widest view in: at or above `resolution` (m/px), places of at least `population`. */
const THRESHOLDS: readonly (readonly [resolution: number, population: number])[] = [
  [20_000, 3_000_000],
  [10_000, 1_500_000],
  [5_000, 700_000],
  [2_500, 300_000],
  [1_200, 100_000],
  [600, 40_000],
  [300, 15_000],
  [150, 5_000],
  [75, 2_000],
];

/** The smallest population drawn at `resolution`. */
function minPopulation(resolution: number): number {
  return THRESHOLDS.find(([atLeast]) => resolution >= atLeast)?.[1] ?? 0;
}

const byPopulation = (a: FeatureLike, b: FeatureLike) =>
  (b.get('population') as number) - (a.get('population') as number);

export interface PlaceLayers {
  layers: VectorLayer[];
  restyle(colours: MapColours): void;
}

/** The two layers of place names over `world` (places/world.json) and `cells` (places/ cells). */
export function createPlaceLayers(world: VectorSource, cells: VectorSource, colours: MapColours): PlaceLayers {
  let styles = makeStyles(colours);
  const style = (feature: FeatureLike, resolution: number): Style | undefined => {
    const population = feature.get('population') as number;
    if (population < minPopulation(resolution)) return undefined;
    // One style per size, its text set for each place as it is drawn (OpenLayers reads it then).
    const chosen = population >= 1_000_000 ? styles.city : population >= 100_000 ? styles.large : styles.town;
    chosen.getText()?.setText(feature.get('name') as string);
    return chosen;
  };
  const layers = [
    new VectorLayer({
      source: world,
      style,
      declutter: 'places',
      renderOrder: byPopulation,
      zIndex: PLACES_Z,
      properties: { id: 'basemap-places' },
    }),
    new VectorLayer({
      source: cells,
      style,
      declutter: 'places',
      renderOrder: byPopulation,
      zIndex: PLACES_Z - 1,
      maxResolution: PLACE_CELLS_MAX_RESOLUTION,
      properties: { id: 'basemap-places-cells' },
    }),
  ];
  return {
    layers,
    restyle(next) {
      styles = makeStyles(next);
      for (const layer of layers) layer.changed();
    },
  };
}

function makeStyles(colours: MapColours): Record<'city' | 'large' | 'town', Style> {
  const make = (font: string, radius: number) =>
    new Style({
      image: new Circle({
        radius,
        fill: new Fill({ color: colours.foreground }),
        stroke: new Stroke({ color: colours.background, width: 1 }),
      }),
      text: new Text({
        font,
        textAlign: 'left',
        offsetX: radius + 4,
        fill: new Fill({ color: colours.foreground }),
        stroke: new Stroke({ color: colours.background, width: 3 }),
      }),
    });
  return {
    city: make('600 12px sans-serif', 3),
    large: make('12px sans-serif', 2.5),
    town: make('11px sans-serif', 2),
  };
}
