// How each kind of area and each order status looks on the map: its theme colour, fill, stroke
// width and dash. One table, read by the map's styles (feature-style.ts) and by the key beside the
// map (map/map-key.ts), so the key cannot drift from what is drawn.
import type { MapColours } from './map-colours';
import type { FeatureKind, OrderStatusColour } from './map-types';

export interface AreaLook {
  colour: keyof MapColours;
  /** Alpha of the fill in the stroke's colour; 0 for none. */
  fill: number;
  width: number;
  lineDash?: number[];
  /** Alpha of the stroke; 1 when not given. */
  strokeAlpha?: number;
  /** With no fill, the inside still answers a click (a clear fill). */
  clickableInside?: boolean;
}

export const KIND_LOOKS: Record<Exclude<FeatureKind, 'problem'>, AreaLook> = {
  aoi: { colour: 'aoi', fill: 0.3, width: 2 },
  // The same area in two layers, its tint under the downloaded images drawn in place and its
  // outline above them: an image of the area shows as it is, not washed out by the tint.
  aoiTint: { colour: 'aoi', fill: 0.3, width: 0 },
  aoiOutline: { colour: 'aoi', fill: 0, width: 2, clickableInside: true },
  billed: { colour: 'billed', fill: 0, width: 1.5, lineDash: [6, 4] },
  tile: { colour: 'tile', fill: 0.08, width: 1 },
  miniTile: { colour: 'miniTile', fill: 0.08, width: 1 },
  order: { colour: 'active', fill: 0.06, width: 1.5 },
  // A wide, translucent band in a colour of its own: an image's footprint is often exactly its
  // area's billed box, and a thin line there was hidden under the box's dashes. The band shows on
  // both sides of any outline drawn over it.
  footprint: { colour: 'footprint', fill: 0.05, width: 6, strokeAlpha: 0.45 },
  workspace: { colour: 'workspace', fill: 0.08, width: 1, lineDash: [3, 3] },
  // A field with no value in the statistics table: outlined only (one with a value is filled by
  // its ramp colour, feature-style.ts).
  fieldValue: { colour: 'foreground', fill: 0, width: 1, lineDash: [4, 3] },
};

/** Alpha of a field's value fill: strong enough to read the ramp, the basemap still faintly under it. */
export const FIELD_VALUE_FILL = 0.8;

// Orders are often larger than the AOI: a light fill keeps the map under them readable.
export const ORDER_LOOKS: Record<OrderStatusColour, AreaLook> = {
  active: { colour: 'active', fill: 0.06, width: 1.5 },
  // A pending order's yellow is close to a billed box's orange (in a light theme above all): its
  // outline is a row of round dots (the stroke's round caps) and it is tinted, where a billed box
  // is dashed and empty, so the two differ without their hue.
  pending: { colour: 'pending', fill: 0.12, width: 2.5, lineDash: [1, 4] },
  ended: { colour: 'ended', fill: 0.04, width: 1, lineDash: [2, 2] },
  failed: { colour: 'failed', fill: 0.06, width: 1.5 },
};

export const SELECTED_TILE_LOOK: AreaLook = { colour: 'tile', fill: 0.35, width: 2.5 };
