// The offline world basemap: Natural Earth land and countries from the `world-atlas` package
// (TopoJSON, copied into dist/basemap/ by esbuild.mjs), at three scales that take over from each
// other as the person zooms in. Each scale is fetched from the extension's own files the first
// time it is shown (an OpenLayers source loads when its layer is first drawn), so a map of a
// field never loads the 1:110m file and the world view never loads the 1:10m one. Land is
// filled and outlined (the coastline), countries are outlined (the borders). The outlines are
// drawn into an image that is redrawn only when the view moves: an edit of the AOI redraws the
// AOI, not Denmark's 1:10m coastline.
import TopoJSON from 'ol/format/TopoJSON';
import VectorImageLayer from 'ol/layer/VectorImage';
import TileLayer from 'ol/layer/Tile';
import VectorSource from 'ol/source/Vector';
import XYZ from 'ol/source/XYZ';
import { Fill, Stroke, Style } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import type { MapColours } from './map-colours';

/** Scale, file, and the map resolutions (metres per pixel) it is drawn at. */
const SCALES = [
  { scale: '110m', file: 'countries-110m.json', minResolution: 8000, maxResolution: Infinity },
  { scale: '50m', file: 'countries-50m.json', minResolution: 1200, maxResolution: 8000 },
  { scale: '10m', file: 'countries-10m.json', minResolution: 0, maxResolution: 1200 },
] as const;

export interface Basemap {
  layers: (VectorImageLayer | TileLayer)[];
  restyle(colours: MapColours): void;
  /** Scales whose file was requested so far (tests read it). */
  loadedScales(): string[];
}

/** `baseUrl`: the folder holding the basemap files, ending in '/'. `tileUrl`: an optional XYZ
 * template for an online raster basemap, drawn under the vector outlines. */
export function createBasemap(baseUrl: string, colours: MapColours, tileUrl?: string): Basemap {
  let styles = makeStyles(colours);
  const loaded: string[] = [];
  const layers: (VectorImageLayer | TileLayer)[] = [];
  if (tileUrl) {
    layers.push(new TileLayer({ source: new XYZ({ url: tileUrl, crossOrigin: null }), zIndex: -30, properties: { id: 'online-basemap' } }));
  }
  for (const { scale, file, minResolution, maxResolution } of SCALES) {
    const source = new VectorSource({
      url: `${baseUrl}${file}`,
      format: new TopoJSON({ layerName: 'layer', layers: ['land', 'countries'], dataProjection: 'EPSG:4326' }),
      overlaps: false,
    });
    source.once('featuresloadstart', () => loaded.push(scale));
    layers.push(new VectorImageLayer({
      source,
      minResolution,
      maxResolution,
      zIndex: -20,
      properties: { id: `basemap-${scale}` },
      style: (feature: FeatureLike) => (feature.get('layer') === 'land' ? styles.land : styles.country),
    }));
  }
  return {
    layers,
    restyle(next) {
      styles = makeStyles(next, tileUrl !== undefined);
      for (const layer of layers) layer.changed();
    },
    loadedScales: () => [...loaded],
  };
}

function makeStyles(colours: MapColours, overImagery = false): { land: Style; country: Style } {
  return {
    // Over online imagery the land is not filled: the outlines alone stay readable on it.
    land: new Style({ fill: overImagery ? undefined : new Fill({ color: colours.land }), stroke: new Stroke({ color: colours.coast, width: 1 }) }),
    country: new Style({ stroke: new Stroke({ color: colours.border, width: 0.8, lineDash: [4, 3] }) }),
  };
}
