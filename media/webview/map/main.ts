// The Show on Map page (bundled into dist/map.js). A map of the AOI document on the offline
// basemap, with its billed boxes, its problems at their place, a legend of the areas, a banner
// while the text does not parse, and the layers the host sends (orders, tiles, images, other
// AOI files). Clicking a polygon asks the host to reveal its text. Every message is validated.
import { hostMessageSchema } from '../../../src/ui/webview/map/protocol';
import { closeDisclosuresOnEscape } from '../common/escape-closes';
import { returnFocusAfterDialogs } from '../common/focus-return';
import { connectToHost } from '../common/host-channel';
import type { AoiMessage, DrawnMessage, MapHostMessage, MapPageMessage } from '../../../src/ui/webview/map/protocol';
import { createBasemapChannel } from '../common/map/basemap-channel';
import { MapView } from '../common/map/map-view';
import { renderLayerList } from '../common/map/layer-list';
import { readMapColours, watchTheme } from '../common/map/map-colours';
import { aoiFeatures, legendText } from './aoi-layer';
import { renderMapKey } from './map-key';
import { renderValueLegend } from './value-legend';
import { pageSkeleton } from './skeleton';

const ui = pageSkeleton(document.getElementById('app') as HTMLElement);
let map: MapView | undefined;
/** Set when a host message failed the protocol check (a typed array that arrived as an object of
 * keys would): reported to the host with each drawing. */
let typedArrays = true;
let received = 0;
const channel = connectToHost<MapHostMessage, MapPageMessage>({
  name: 'Map page',
  hostMessages: {
    safeParse: (data) => {
      received = performance.now();
      const checked = hostMessageSchema.safeParse(data);
      if (!checked.success) typedArrays = false;
      return checked;
    },
  },
  onMessage: (message) => handle(message, received),
});
const post = (message: MapPageMessage) => channel.post(message);
// The basemap files come by message, never by fetch (see common/map/basemap-channel.ts).
const basemap = createBasemapChannel(post);

function ensureMap(tileUrl?: string): MapView {
  map ??= new MapView(ui.map, {
    tileUrl,
    readBasemapFile: basemap.read,
    onClick: (click) => {
      if (click.layerId === 'aoi') post({ type: 'reveal', polygon: Number(click.featureId) });
    },
    onLayersChange: (layers) => {
      renderLayerList(ui.layers, layers, (id, visible) => {
        map?.setVisible(id, visible);
        post({ type: 'toggle', id, visible });
      });
      renderMapKey(ui.key, layers, readMapColours());
    },
  });
  return map;
}

// The key's swatches take the theme's colours, as the map does.
watchTheme(() => {
  if (map) renderMapKey(ui.key, map.layers(), readMapColours());
});

/** Reports what is drawn three times: at once (the layers and their counts), at the first frame
 * that shows `layerId` (the time a person waits to see it), and once everything, the basemap
 * included, is drawn. */
async function reportDrawn(started: number, layerId?: string): Promise<void> {
  if (!map) return;
  postDrawn(started, 'layers');
  if (layerId) {
    await map.drawnLayer(layerId);
    postDrawn(started, 'frame');
  }
  await map.rendered();
  postDrawn(started, 'complete');
}

function postDrawn(started: number, phase: DrawnMessage['phase']): void {
  if (!map) return;
  // For the browser tests: what is drawn, readable from the DOM.
  ui.map.dataset.layers = map
    .layers()
    .map((l) => `${l.id}:${l.featureCount}`)
    .join(' ');
  const drawn = map;
  ui.map.dataset.looks = JSON.stringify(Object.fromEntries(drawn.layers().map((l) => [l.id, drawn.drawnLooks(l.id)])));
  ui.map.dataset.basemap = map.basemapScales().join(' ');
  ui.map.dataset.basemapFiles = map.basemapFiles().join(' ');
  ui.map.dataset.images = map.featureIds('images').join(' '); // bottom first: the last is on top
  const view = map;
  const layers = view.layers().map((l) => ({ ...l, ids: view.featureIds(l.id) }));
  post({
    type: 'drawn',
    ms: performance.now() - started,
    phase,
    layers,
    basemapScales: view.basemapScales(),
    basemapFiles: view.basemapFiles(),
    typedArrays,
  });
}

function showAoi(message: AoiMessage, started: number): void {
  const view = ensureMap();
  const { aoi, billed, problems } = aoiFeatures(message);
  // The area's outline above everything it is read against, its tint under the images drawn in
  // place (zIndex 20), which it would wash out (feature-looks.ts, aoiTint).
  view.setLayer('aoi', aoi, { title: 'Area of interest', zIndex: 100, toggleable: false });
  view.setLayer(
    'aoiTint',
    aoi.map((feature) => ({ ...feature, kind: 'aoiTint' as const })),
    { title: 'Area of interest (tint)', zIndex: 10, toggleable: false },
  );
  view.setLayer('billed', billed, { title: 'Billed bounding boxes', zIndex: 99 });
  view.setLayer('problems', problems, { title: 'Problems', zIndex: 110 });
  ui.legend.textContent = legendText(message);
  ui.title.textContent = message.name;
  if (message.invalid) {
    const { line, column, message: text } = message.invalid;
    ui.banner.textContent = `Line ${line + 1}, column ${column + 1}: ${text}${message.polygons ? ' (showing the last valid drawing)' : ''}`;
  } else if (message.empty)
    ui.banner.textContent = 'The file is empty: write a GeoJSON geometry or a WKT POLYGON and it appears here.';
  else ui.banner.textContent = '';
  ui.banner.hidden = ui.banner.textContent === '';
  ui.banner.className = message.invalid ? 'map-banner error' : 'map-banner hint';
  ui.root.classList.toggle('stale', message.invalid !== undefined);
  if (message.fit) view.fitLayers(['aoi', 'billed']);
  void reportDrawn(started, 'aoi');
}

function handle(message: MapHostMessage, started: number): void {
  switch (message.type) {
    case 'config':
      ensureMap(message.tileUrl);
      return;
    case 'aoi':
      showAoi(message, started);
      return;
    case 'layer':
      ensureMap().setLayer(message.id, message.features, {
        title: message.title,
        visible: message.visible,
        zIndex: message.zIndex,
      });
      void reportDrawn(started);
      return;
    case 'fieldValues':
      ensureMap().setLayer(message.id, message.features, { title: message.title, zIndex: message.zIndex });
      renderValueLegend(ui.values, message.legend, (by) => post({ type: 'colourFields', by }));
      void reportDrawn(started, message.features.length > 0 ? message.id : undefined);
      return;
    case 'image':
      ensureMap().setImage(
        message.id,
        { url: message.url, bbox: message.bbox },
        { title: message.title, zIndex: message.zIndex },
      );
      void reportDrawn(started);
      return;
    case 'images':
      ensureMap().setRasters(message.id, message.images, { title: message.title, zIndex: message.zIndex });
      void reportDrawn(started, message.id);
      return;
    case 'highlight':
      ensureMap().highlight('aoi', message.polygon === undefined ? undefined : String(message.polygon));
      return;
    case 'basemapFile':
      basemap.receive(message);
      return;
  }
}

closeDisclosuresOnEscape();
returnFocusAfterDialogs();
channel.ready();
