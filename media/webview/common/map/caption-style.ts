// Captions written on features (a tile's id, a series date): the theme's text colour with a halo
// of the background so they read over any basemap or image. A caption is drawn only where it
// fits inside its polygon (OpenLayers' default for polygon labels), so a zoomed-out map does not
// turn into a carpet of ids. Rows stack captions of features that share one outline.
import { Fill, Stroke, Style, Text } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import type { MapColours } from './map-colours';
import type { MapFeature } from './map-types';

const ROW_HEIGHT = 14;

export type CaptionFor = (feature: FeatureLike) => Style | undefined;

export function makeCaptionFor(colours: MapColours): CaptionFor {
  const cache = new Map<string, Style>();
  return (feature) => {
    const spec = feature.get('spec') as MapFeature | undefined;
    if (!spec?.caption) return undefined;
    const row = spec.captionRow ?? 0;
    const key = `${row}\u0000${spec.caption}`;
    let style = cache.get(key);
    if (!style) {
      style = new Style({
        text: new Text({
          text: spec.caption,
          font: '11px sans-serif',
          fill: new Fill({ color: colours.foreground }),
          stroke: new Stroke({ color: colours.background, width: 3 }),
          offsetY: row * ROW_HEIGHT,
        }),
      });
      cache.set(key, style);
    }
    return style;
  };
}
