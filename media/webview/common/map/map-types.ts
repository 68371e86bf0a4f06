// What a page gives the shared map component: layers of features, each feature one or more
// polygons (packed, see src/geometry/packed.ts) or one point, of a kind that decides its style.
import type { PackedPolygons } from '../../../../src/geometry/packed';
import type { BoundingBox } from '../../../../src/geometry/types';

export type FeatureKind =
  | 'aoi' // the area being looked at (filled)
  | 'billed' // a polygon's billed bounding box (dashed)
  | 'tile'
  | 'miniTile'
  | 'order' // an order's area, coloured by `status`
  | 'footprint' // a downloaded image's footprint
  | 'workspace' // another AOI file of the workspace
  | 'problem'; // a problem of the Problems panel, at its place (a point)

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
  /** For orders: the status colour. For problems: 'error' or 'warning' via `severity`. */
  status?: OrderStatusColour;
  severity?: 'error' | 'warning';
  /** Tiles: picked by the person (drawn stronger). */
  selected?: boolean;
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

export interface LayerInfo {
  id: string;
  title: string;
  visible: boolean;
  toggleable: boolean;
  featureCount: number;
}

export interface MapClick {
  layerId: string;
  featureId: string;
  /** [lon, lat] of the click. */
  at: [number, number];
}
