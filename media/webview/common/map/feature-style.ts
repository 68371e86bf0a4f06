// How each kind of map feature is drawn, from the theme's colours: the AOI filled, billed boxes
// dashed, tiles and orders outlined with a light fill, problems as a ringed dot. A highlighted
// feature (selected text, hover) gets a thicker stroke in the focus colour.
import { Circle, Fill, Stroke, Style } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import { withAlpha } from './map-colours';
import type { MapColours } from './map-colours';
import type { FeatureKind, MapFeature } from './map-types';

export type StyleFor = (feature: FeatureLike) => Style;

function area(stroke: string, fillAlpha: number, width: number, lineDash?: number[]): Style {
  return new Style({
    fill: fillAlpha > 0 ? new Fill({ color: withAlpha(stroke, fillAlpha) }) : undefined,
    stroke: new Stroke({ color: stroke, width, lineDash }),
  });
}

export function makeStyleFor(colours: MapColours): StyleFor {
  const byKind: Record<FeatureKind, Style> = {
    aoi: area(colours.aoi, 0.3, 2),
    billed: area(colours.billed, 0, 1.5, [6, 4]),
    tile: area(colours.tile, 0.08, 1),
    miniTile: area(colours.miniTile, 0.08, 1),
    order: area(colours.active, 0.06, 1.5),
    footprint: area(colours.footprint, 0.05, 1.5, [2, 3]),
    workspace: area(colours.workspace, 0.08, 1, [3, 3]),
    problem: new Style({
      image: new Circle({ radius: 6, fill: new Fill({ color: colours.problem }), stroke: new Stroke({ color: colours.background, width: 2 }) }),
    }),
  };
  const orderStyles = {
    // Orders are often larger than the AOI: a light fill keeps the map under them readable.
    active: area(colours.active, 0.06, 1.5),
    pending: area(colours.pending, 0.06, 1.5, [5, 3]),
    ended: area(colours.ended, 0.04, 1, [2, 2]),
    failed: area(colours.failed, 0.06, 1.5),
  };
  const warningDot = new Style({
    image: new Circle({ radius: 6, fill: new Fill({ color: colours.warning }), stroke: new Stroke({ color: colours.background, width: 2 }) }),
  });
  const selectedTile = area(colours.tile, 0.35, 2.5);
  const highlight = new Style({ stroke: new Stroke({ color: colours.highlight, width: 4 }), fill: new Fill({ color: withAlpha(colours.highlight, 0.15) }), zIndex: 10 });
  return (feature) => {
    const spec = feature.get('spec') as MapFeature | undefined;
    if (!spec) return byKind.aoi;
    if (feature.get('highlighted')) return highlight;
    if (spec.kind === 'order' && spec.status) return orderStyles[spec.status];
    if (spec.kind === 'problem' && spec.severity === 'warning') return warningDot;
    if ((spec.kind === 'tile' || spec.kind === 'miniTile') && spec.selected) return selectedTile;
    return byKind[spec.kind];
  };
}
