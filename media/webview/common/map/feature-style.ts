// How each kind of map feature is drawn, from the theme's colours and the looks of feature-looks.ts:
// the AOI filled, billed boxes dashed, tiles and orders outlined with a light fill, problems as a
// ringed dot. A highlighted feature (selected text, hover) gets a thicker stroke in the focus colour.
import { Circle, Fill, Stroke, Style } from 'ol/style';
import type { FeatureLike } from 'ol/Feature';
import { FIELD_VALUE_FILL, KIND_LOOKS, ORDER_LOOKS, SELECTED_TILE_LOOK } from './feature-looks';
import type { AreaLook } from './feature-looks';
import { withAlpha } from './map-colours';
import type { MapColours } from './map-colours';
import type { FeatureKind, MapFeature } from './map-types';

export type StyleFor = (feature: FeatureLike) => Style;

function area(colours: MapColours, look: AreaLook): Style {
  const stroke = colours[look.colour];
  return new Style({
    fill:
      look.fill > 0
        ? new Fill({ color: withAlpha(stroke, look.fill) })
        : look.clickableInside
          ? new Fill({ color: 'rgba(0, 0, 0, 0)' }) // hit detection draws a fill whatever its colour
          : undefined,
    stroke:
      look.width > 0
        ? new Stroke({ color: withAlpha(stroke, look.strokeAlpha ?? 1), width: look.width, lineDash: look.lineDash })
        : undefined,
  });
}

export function makeStyleFor(colours: MapColours): StyleFor {
  const byKind: Record<FeatureKind, Style> = {
    aoi: area(colours, KIND_LOOKS.aoi),
    aoiTint: area(colours, KIND_LOOKS.aoiTint),
    aoiOutline: area(colours, KIND_LOOKS.aoiOutline),
    billed: area(colours, KIND_LOOKS.billed),
    tile: area(colours, KIND_LOOKS.tile),
    miniTile: area(colours, KIND_LOOKS.miniTile),
    order: area(colours, KIND_LOOKS.order),
    footprint: area(colours, KIND_LOOKS.footprint),
    workspace: area(colours, KIND_LOOKS.workspace),
    fieldValue: area(colours, KIND_LOOKS.fieldValue),
    problem: new Style({
      image: new Circle({
        radius: 6,
        fill: new Fill({ color: colours.problem }),
        stroke: new Stroke({ color: colours.background, width: 2 }),
      }),
    }),
  };
  const orderStyles = {
    active: area(colours, ORDER_LOOKS.active),
    pending: area(colours, ORDER_LOOKS.pending),
    ended: area(colours, ORDER_LOOKS.ended),
    failed: area(colours, ORDER_LOOKS.failed),
  };
  const warningDot = new Style({
    image: new Circle({
      radius: 6,
      fill: new Fill({ color: colours.warning }),
      stroke: new Stroke({ color: colours.background, width: 2 }),
    }),
  });
  const selectedTile = area(colours, SELECTED_TILE_LOOK);
  // One style per ramp colour (a ramp has few distinct ones per map), outlined in the theme's text colour.
  const valueStyles = new Map<string, Style>();
  const valueStyle = (fill: string): Style => {
    let style = valueStyles.get(fill);
    if (!style) {
      style = new Style({
        fill: new Fill({ color: withAlpha(fill, FIELD_VALUE_FILL) }),
        stroke: new Stroke({ color: withAlpha(colours.foreground, 0.7), width: 1 }),
      });
      valueStyles.set(fill, style);
    }
    return style;
  };
  const highlight = new Style({
    stroke: new Stroke({ color: colours.highlight, width: 4 }),
    fill: new Fill({ color: withAlpha(colours.highlight, 0.15) }),
    zIndex: 10,
  });
  return (feature) => {
    const spec = feature.get('spec') as MapFeature | undefined;
    if (!spec) return byKind.aoi;
    if (feature.get('highlighted')) return highlight;
    if (spec.kind === 'order' && spec.status) return orderStyles[spec.status];
    if (spec.kind === 'problem' && spec.severity === 'warning') return warningDot;
    if (spec.kind === 'fieldValue' && spec.fill) return valueStyle(spec.fill);
    if ((spec.kind === 'tile' || spec.kind === 'miniTile') && spec.selected) return selectedTile;
    return byKind[spec.kind];
  };
}
