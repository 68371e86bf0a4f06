// The one map component of the extension's pages (Show on Map, the cost panel, the tile picker,
// the image viewer). OpenLayers, drawn with Canvas 2D (no WebGL), on a basemap bundled with the
// extension (basemap.ts): it needs no network at all. A page creates a MapView in an element,
// gives it layers of features (map-types.ts) and listens for clicks; the component owns the
// graticule, the scale bar, the theme colours and the layer list's state. See ARCHITECTURE.md.
import OlMap from 'ol/Map';
import View from 'ol/View';
import VectorLayer from 'ol/layer/Vector';
import ImageLayer from 'ol/layer/Image';
import type Graticule from 'ol/layer/Graticule';
import VectorSource from 'ol/source/Vector';
import ImageStatic from 'ol/source/ImageStatic';
import type ImageCanvas from 'ol/source/ImageCanvas';
import ScaleLine from 'ol/control/ScaleLine';
import Zoom from 'ol/control/Zoom';
import Attribution from 'ol/control/Attribution';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import type { Extent } from 'ol/extent';
import { fromLonLat, toLonLat, transformExtent } from 'ol/proj';
import { unByKey } from 'ol/Observable';
import type Feature from 'ol/Feature';
import type { BoundingBox } from '../../../../src/geometry/types';
import { createBasemap } from './basemap';
import type { Basemap, BasemapReader } from './basemap';
import { makeStyleFor } from './feature-style';
import type { StyleFor } from './feature-style';
import { graticuleLayer } from './graticule-layer';
import { readMapColours, watchTheme } from './map-colours';
import type { MapColours } from './map-colours';
import { toOlFeature } from './to-ol';
import { makeCaptionFor } from './caption-style';
import type { CaptionFor } from './caption-style';
import { rasterLayer } from './raster-layer';
import type { DrawnLook, LayerInfo, LayerOptions, MapClick, MapFeature, MapImage, MapRaster } from './map-types';

export interface MapViewOptions {
  /** Folder of the basemap files (dist/basemap/), ending in '/'. Default: beside the page's script. */
  basemapUrl?: string;
  /** An XYZ template for an online raster basemap (the `satImagery.map.tileUrl` setting). */
  tileUrl?: string;
  /** Called when the person clicks a feature of a layer (the topmost one under the pointer). */
  onClick?: (click: MapClick) => void;
  /** The layers a click (and the pointer cursor) reacts to; default: every layer given to the map. */
  clickableLayers?: readonly string[];
  /** Called when the layer list changes (a layer added, toggled or refilled). */
  onLayersChange?: (layers: LayerInfo[]) => void;
  /** Reads a basemap file through the page's panel instead of fetching it (basemap.ts). */
  readBasemapFile?: BasemapReader;
}

interface OverlayEntry {
  layer: VectorLayer | ImageLayer<ImageStatic> | ImageLayer<ImageCanvas>;
  options: Required<LayerOptions>;
  count: number;
}

/** The folder of the running page script's bundle, where esbuild.mjs puts basemap/. */
function defaultBasemapUrl(): string {
  const script = document.currentScript as HTMLScriptElement | null;
  const src = script?.src ?? document.querySelector<HTMLScriptElement>('script[src]')?.src ?? '';
  return src.replace(/[^/]*$/, 'basemap/');
}

const basemapUrlAtLoad = typeof document !== 'undefined' ? defaultBasemapUrl() : '';

/** OpenLayers' zoom buttons, named "Zoom in" and "Zoom out" for a screen reader (their title):
 * the + and − they show are hidden from it, where they would be their whole name. */
function zoomButtons(): Zoom {
  const symbol = (text: string) => {
    const span = document.createElement('span');
    span.setAttribute('aria-hidden', 'true');
    span.textContent = text;
    return span;
  };
  return new Zoom({
    zoomInLabel: symbol('+'),
    zoomOutLabel: symbol('−'),
    zoomInTipLabel: 'Zoom in',
    zoomOutTipLabel: 'Zoom out',
  });
}

/** Links the map's stylesheet (dist/map.css: OpenLayers' controls and ours) once per page. */
function linkStylesheet(basemapUrl: string): void {
  if (document.querySelector('link[data-map-style]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = basemapUrl.replace(/basemap\/$/, 'map.css');
  link.dataset.mapStyle = '';
  document.head.append(link);
}

export class MapView {
  readonly map: OlMap;
  private readonly overlays = new Map<string, OverlayEntry>();
  private readonly basemap: Basemap;
  private graticule: Graticule;
  private colours: MapColours;
  private styleFor: StyleFor;
  private captionFor: CaptionFor;
  private readonly stopWatchingTheme: () => void;
  private highlighted: Feature | undefined;
  private pendingFit: { extent: Extent; maxZoom: number } | undefined;

  constructor(
    readonly target: HTMLElement,
    private readonly options: MapViewOptions = {},
  ) {
    this.colours = readMapColours();
    this.styleFor = makeStyleFor(this.colours);
    this.captionFor = makeCaptionFor(this.colours);
    const basemapUrl = options.basemapUrl ?? basemapUrlAtLoad;
    linkStylesheet(basemapUrl);
    this.basemap = createBasemap(basemapUrl, this.colours, options.tileUrl, options.readBasemapFile);
    this.graticule = graticuleLayer(this.colours);
    this.map = new OlMap({
      target,
      layers: [...this.basemap.layers, this.graticule],
      controls: [zoomButtons(), new ScaleLine({ units: 'metric' }), new Attribution({ collapsible: false })],
      view: new View({ center: fromLonLat([10, 50]), zoom: 2, maxZoom: 22, constrainResolution: false }),
    });
    this.map.on('singleclick', (event) => {
      if (!this.options.onClick) return;
      let click: MapClick | undefined;
      this.map.forEachFeatureAtPixel(
        event.pixel,
        (feature, layer) => {
          const layerId = layer?.get('id') as string | undefined;
          if (!layerId || !this.isClickable(layerId)) return false;
          const lonLat = toLonLat(event.coordinate);
          click = { layerId, featureId: String(feature.getId()), at: [lonLat[0], lonLat[1]] };
          return true;
        },
        { hitTolerance: 3 },
      );
      if (click) this.options.onClick(click);
    });
    this.map.on('pointermove', (event) => {
      const hit = this.map.hasFeatureAtPixel(event.pixel, {
        layerFilter: (layer) => this.isClickable(layer.get('id') as string),
      });
      target.style.cursor = hit ? 'pointer' : '';
      const feature = hit ? this.map.forEachFeatureAtPixel(event.pixel, (f) => f) : undefined;
      target.title = (feature?.get('spec') as MapFeature | undefined)?.label ?? '';
    });
    this.map.on('change:size', () => {
      if (this.pendingFit) this.fitExtent(this.pendingFit.extent, this.pendingFit.maxZoom);
    });
    this.stopWatchingTheme = watchTheme(() => this.restyle());
  }

  /** Creates or refills a vector layer. */
  setLayer(id: string, features: readonly MapFeature[], options: LayerOptions): void {
    let entry = this.overlays.get(id);
    if (!entry || !(entry.layer instanceof VectorLayer)) {
      entry?.layer.setMap(null);
      if (entry) this.map.removeLayer(entry.layer);
      const layer = new VectorLayer({
        source: new VectorSource(),
        style: (feature) => {
          const caption = this.captionFor(feature);
          return caption ? [this.styleFor(feature), caption] : this.styleFor(feature);
        },
        properties: { id },
      });
      entry = { layer, options: this.fullOptions(options, entry?.options), count: 0 };
      this.overlays.set(id, entry);
      this.map.addLayer(layer);
    } else entry.options = { ...entry.options, title: options.title, zIndex: options.zIndex ?? entry.options.zIndex };
    const olFeatures = features.map(toOlFeature).filter((f): f is Feature => f !== undefined);
    const source = (entry.layer as VectorLayer).getSource() as VectorSource;
    if (this.highlighted && source.hasFeature(this.highlighted)) this.highlighted = undefined;
    source.clear(true);
    source.addFeatures(olFeatures);
    entry.count = olFeatures.length;
    this.apply(entry);
  }

  /** Creates or replaces an image drawn in place (a downloaded image's quick-look). */
  setImage(id: string, image: MapImage, options: LayerOptions): void {
    const old = this.overlays.get(id);
    if (old) this.map.removeLayer(old.layer);
    const { west, south, east, north } = image.bbox;
    const layer = new ImageLayer({
      source: new ImageStatic({
        url: image.url,
        imageExtent: transformExtent([west, south, east, north], 'EPSG:4326', 'EPSG:3857'),
        projection: 'EPSG:3857',
      }),
      properties: { id },
    });
    const entry: OverlayEntry = { layer, options: this.fullOptions(options, old?.options), count: 1 };
    this.overlays.set(id, entry);
    this.map.addLayer(layer);
    this.apply(entry);
  }

  /** Creates or replaces a layer of quick-looks already on the map's grid (raster-layer.ts). */
  setRasters(id: string, rasters: readonly MapRaster[], options: LayerOptions): void {
    const old = this.overlays.get(id);
    if (old) this.map.removeLayer(old.layer);
    const { layer, count } = rasterLayer(id, rasters);
    const entry: OverlayEntry = { layer, options: this.fullOptions(options, old?.options), count };
    this.overlays.set(id, entry);
    this.map.addLayer(layer);
    this.apply(entry);
  }

  /** The ids of a layer's features (a raster layer: its images' keys), at most `max` (tests and
   * reports read them). */
  featureIds(id: string, max = 100): string[] {
    const layer = this.overlays.get(id)?.layer;
    const source = layer?.getSource();
    if (!(source instanceof VectorSource)) return ((layer?.get('keys') as string[] | undefined) ?? []).slice(0, max);
    return source
      .getFeatures()
      .slice(0, max)
      .map((f) => String(f.getId()));
  }

  /** How a layer's features are drawn, one entry per kind (an order's per status: `order:pending`),
   * read from the styles the map draws them with (tests hold the key to it). A highlighted
   * feature is drawn in the focus colour and left out. */
  drawnLooks(id: string): Record<string, DrawnLook> {
    const looks: Record<string, DrawnLook> = {};
    const source = this.overlays.get(id)?.layer.getSource();
    if (!(source instanceof VectorSource)) return looks;
    for (const feature of source.getFeatures() as Feature[]) {
      const spec = feature.get('spec') as MapFeature | undefined;
      if (!spec || feature.get('highlighted')) continue;
      const key = spec.status ? `${spec.kind}:${spec.status}` : spec.kind;
      if (looks[key]) continue;
      const style = this.styleFor(feature);
      const stroke = style.getStroke();
      looks[key] = {
        stroke: String(stroke?.getColor() ?? ''),
        width: stroke?.getWidth() ?? 0,
        dash: stroke?.getLineDash() ?? [],
        fill: String(style.getFill()?.getColor() ?? ''),
      };
    }
    return looks;
  }

  removeLayer(id: string): void {
    const entry = this.overlays.get(id);
    if (!entry) return;
    this.map.removeLayer(entry.layer);
    this.overlays.delete(id);
    this.notify();
  }

  setVisible(id: string, visible: boolean): void {
    const entry = this.overlays.get(id);
    if (!entry) return;
    entry.options.visible = visible;
    this.apply(entry);
  }

  layers(): LayerInfo[] {
    return [...this.overlays.entries()]
      .sort(([, a], [, b]) => b.options.zIndex - a.options.zIndex)
      .map(([id, { options, count }]) => ({
        id,
        title: options.title,
        visible: options.visible,
        toggleable: options.toggleable,
        featureCount: count,
      }));
  }

  /** Zooms to the features of the given layers (all visible overlays when none given). */
  fitLayers(ids?: readonly string[], maxZoom = 17): boolean {
    const extent = createEmpty();
    for (const [id, entry] of this.overlays) {
      if (ids ? !ids.includes(id) : !entry.options.visible) continue;
      const source = entry.layer.getSource();
      const layerExtent =
        source instanceof VectorSource
          ? source.getFeatures().length > 0
            ? source.getExtent()
            : null
          : source instanceof ImageStatic
            ? source.getImageExtent()
            : (entry.layer.getExtent() ?? null);
      if (layerExtent) extend(extent, layerExtent);
    }
    if (isEmpty(extent)) return false;
    this.fitExtent(extent, maxZoom);
    return true;
  }

  fitBox(box: BoundingBox, maxZoom = 17): void {
    this.fitExtent(transformExtent([box.west, box.south, box.east, box.north], 'EPSG:4326', 'EPSG:3857'), maxZoom);
  }

  /** Draws one feature highlighted (undefined: none). */
  highlight(layerId: string, featureId: string | undefined): void {
    this.highlighted?.set('highlighted', false);
    this.highlighted = undefined;
    if (featureId === undefined) return;
    const source = this.overlays.get(layerId)?.layer.getSource();
    const feature = source instanceof VectorSource ? source.getFeatureById(featureId) : null;
    if (!feature) return;
    feature.set('highlighted', true);
    this.highlighted = feature;
  }

  /** Resolves on the next frame that draws layer `id` (its features on screen). */
  drawnLayer(id: string): Promise<void> {
    const layer = this.overlays.get(id)?.layer;
    if (!layer) return Promise.resolve();
    return new Promise((resolve) => {
      // A layer with nothing to draw renders no frame of its own: the map's complete render ends
      // the wait then.
      const keys = [layer.once('postrender', done), this.map.once('rendercomplete', done)];
      function done(): void {
        unByKey(keys);
        resolve();
      }
      this.map.render();
    });
  }

  /** Resolves after the next complete render (every visible layer drawn, the basemap loaded). */
  rendered(): Promise<void> {
    return new Promise((resolve) => {
      this.map.once('rendercomplete', () => resolve());
      this.map.render();
    });
  }

  /** The basemap scales fetched so far (tests read it). */
  basemapScales(): string[] {
    return this.basemap.loadedScales();
  }

  /** The basemap files read so far, land, water and places (tests read it). */
  basemapFiles(): string[] {
    return this.basemap.loadedFiles();
  }

  dispose(): void {
    this.stopWatchingTheme();
    this.map.setTarget(undefined);
  }

  private fitExtent(extent: Extent, maxZoom: number): void {
    this.map.updateSize();
    const size = this.map.getSize();
    if (!size || size[0] === 0 || size[1] === 0) {
      // Not laid out yet (the stylesheet is still loading): fit once the map has a size.
      this.pendingFit = { extent, maxZoom };
      return;
    }
    this.pendingFit = undefined;
    this.map.getView().fit(extent, { size, padding: [32, 32, 32, 32], maxZoom });
  }

  private isClickable(layerId: string): boolean {
    return this.overlays.has(layerId) && (this.options.clickableLayers?.includes(layerId) ?? true);
  }

  private fullOptions(options: LayerOptions, previous?: Required<LayerOptions>): Required<LayerOptions> {
    return {
      title: options.title,
      visible: previous?.visible ?? options.visible ?? true,
      zIndex: options.zIndex ?? previous?.zIndex ?? this.overlays.size + 1,
      toggleable: options.toggleable ?? true,
    };
  }

  private apply(entry: OverlayEntry): void {
    entry.layer.setVisible(entry.options.visible);
    entry.layer.setZIndex(entry.options.zIndex);
    this.notify();
  }

  private notify(): void {
    this.options.onLayersChange?.(this.layers());
  }

  private restyle(): void {
    this.colours = readMapColours();
    this.styleFor = makeStyleFor(this.colours);
    this.captionFor = makeCaptionFor(this.colours);
    this.basemap.restyle(this.colours);
    // The graticule keeps the label styles it was made with: a new one in the new colours.
    const visible = this.graticule.getVisible();
    this.map.removeLayer(this.graticule);
    this.graticule = graticuleLayer(this.colours);
    this.graticule.setVisible(visible);
    this.map.addLayer(this.graticule);
    for (const { layer } of this.overlays.values()) layer.changed();
  }
}
