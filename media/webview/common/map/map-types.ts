// What a page gives the shared map component: layers of features, each feature one or more
// polygons (packed, see src/geometry/packed.ts) or one point, of a kind that decides its style.
import type { PackedPolygons } from '../../../../src/geometry/packed';
import type { BoundingBox } from '../../../../src/geometry/types';

export type FeatureKind =
  | 'aoi' // the area being looked at (filled)
  | 'aoiTint' // the area's fill alone (Show on Map draws it under downloaded images)
  | 'aoiOutline' // the area's outline alone, above the images; a click inside it still finds it
  | 'billed' // a polygon's billed bounding box (dashed)
  | 'tile'
  | 'miniTile'
  | 'order' // an order's area, coloured by `status`
  | 'footprint' // a downloaded image's footprint
  | 'workspace' // another AOI file of the workspace
  | 'problem' // a problem of the Problems panel, at its place (a point)
  | 'fieldValue'; // a field of the AOI filled by its latest value (`fill`), outlined when it has none

export type OrderStatusColour = 'active' | 'pending' | 'ended' | 'failed';

export interface MapFeature {
  /** Unique within its layer; given back on click. */
  id: string;
  kind: FeatureKind;
  polygons?: PackedPolygons;
  /** [lon, lat] of a point feature (problems). */
  point?: [number, number];
  /** Shown as the tooltip. */
  label?: string;
  /** Written on the map (caption-style.ts), in row `captionRow` (0: at the centre). */
  caption?: string;
  captionRow?: number;
  /** For orders: the status colour. For problems: 'error' or 'warning' via `severity`. */
  status?: OrderStatusColour;
  severity?: 'error' | 'warning';
  /** Tiles: picked by the person (drawn stronger). */
  selected?: boolean;
  /** Field values: the fill colour (#rrggbb) of the field's value on the ramp. */
  fill?: string;
}

export interface LayerOptions {
  /** Shown in the layer list. */
  title: string;
  visible?: boolean;
  /** Drawing order: higher on top. Basemap layers are below 0. */
  zIndex?: number;
  /** Listed in the layer list with a checkbox (default true). */
  toggleable?: boolean;
}

export interface MapImage {
  /** A URL the page may load (a data: URL or a webview resource). */
  url: string;
  /** Where the image lies, in lon/lat. */
  bbox: BoundingBox;
}

/** A quick-look already on the map's grid: RGBA pixels and their extent in EPSG:3857 metres. */
export interface MapRaster {
  key: string;
  width: number;
  height: number;
  rgba: Uint8Array<ArrayBuffer>;
  extent: [number, number, number, number];
}

export interface LayerInfo {
  id: string;
  title: string;
  visible: boolean;
  toggleable: boolean;
  featureCount: number;
}

/** How the map draws one kind of feature (an order: one status), read from its style. */
export interface DrawnLook {
  /** The stroke's colour as drawn (rgba). */
  stroke: string;
  width: number;
  /** The stroke's dash pattern; empty for a solid line. */
  dash: number[];
  /** The fill's colour as drawn; empty for none. */
  fill: string;
}

export interface MapClick {
  layerId: string;
  featureId: string;
  /** [lon, lat] of the click. */
  at: [number, number];
}
