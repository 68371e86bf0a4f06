// The viewer's locator: a small map (the shared map component, on the offline basemap) of where
// the image lies, its outline and the requested area, beside the image. Built in a task of its
// own once the page is laid out, so the image's first view never waits for OpenLayers; the map of
// the previous image (series stepping shows one after another) is disposed. Its basemap files
// come by message (`locatorBasemap`, see common/map/basemap-channel.ts). The element says what it
// holds in data attributes (`layers`, `drawn` after its first complete frame).
import { packPolygons } from '../../../src/geometry/packed';
import type { ShowViewerMessage } from '../../../src/ui/webview/viewer/protocol';
import { el } from '../common/dom';
import { MapView } from '../common/map/map-view';
import { createBasemapChannel } from '../common/map/basemap-channel';
import type { BasemapChannel } from '../common/map/basemap-channel';

let current: MapView | undefined;
let channel: BasemapChannel | undefined;

/** The locator's basemap messages: `post` sends the page's requests; pass the replies to `receive`. */
export function locatorBasemap(post: Parameters<typeof createBasemapChannel>[0]): BasemapChannel {
  channel = createBasemapChannel(post);
  return channel;
}

/** The locator's section, or nothing when the image cannot be placed on Earth. */
export function renderLocator(show: ShowViewerMessage): HTMLElement[] {
  const locator = show.locator;
  current?.dispose();
  current = undefined;
  const read = channel?.read;
  if (!locator || !read) return [];
  const element = el('div', {
    class: 'map-canvas locator-map',
    // A region, not an image: the map's controls inside it take the focus.
    role: 'region',
    'aria-roledescription': 'map',
    'aria-label': `Where ${show.fileName} lies: its outline and the requested area, on a world map`,
    'data-testid': 'locator',
  });
  setTimeout(() => {
    if (!element.isConnected) return; // the page moved on to another image
    current?.dispose();
    const view = new MapView(element, { readBasemapFile: read });
    current = view;
    view.setLayer(
      'footprint',
      [{ id: 'image', kind: 'footprint', polygons: packPolygons([[locator.footprint]]), label: show.fileName }],
      { title: 'Image', zIndex: 10 },
    );
    view.setLayer(
      'aoi',
      locator.aoi.map((ring, i) => ({
        id: String(i),
        kind: 'aoi' as const,
        polygons: packPolygons([[ring]]),
        label: 'Requested area',
      })),
      { title: 'Requested area', zIndex: 20 },
    );
    view.fitLayers(['footprint', 'aoi'], 14);
    element.dataset.layers = view
      .layers()
      .map((l) => `${l.id}:${l.featureCount}`)
      .join(' ');
    view.map.once('rendercomplete', () => (element.dataset.drawn = 'true'));
  }, 0);
  return [
    el(
      'section',
      { class: 'locator', 'aria-labelledby': 'locator-heading' },
      el('h2', { id: 'locator-heading' }, 'Where'),
      element,
    ),
  ];
}
