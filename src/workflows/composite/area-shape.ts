// The shape a bought image is measured against: the area's polygons and the fields of its file
// (named as `sat-imagery stats` names them). The one read that writes the image's STAC Item
// (stac/stac-sidecar.ts) measures its valid share over each, and its pixel size: an image is read
// once after it is saved, never in a worker's slot, and never failing the purchase (it is paid for).
import { areaFields } from '../../geometry/area-fields';
import type { Aoi } from '../../geometry/types';
import type { AreaShape } from '../../raster';

/** The area and its fields, made once per run from the area file's text. */
export function areaShapeOf(aoi: Pick<Aoi, 'polygons'>, text: string): AreaShape {
  return { polygons: aoi.polygons, fields: areaFields(text) };
}

/** A part of the area, or a tile's footprint: its own polygons only. A field of the area file
 * that crosses into the next part or tile would count the pixels of that other image as missing,
 * so the fields are measured where one image holds the whole area (a composite, a series date). */
export function unitShapeOf(area: Pick<Aoi, 'polygons'>): AreaShape {
  return { polygons: area.polygons, fields: [] };
}
