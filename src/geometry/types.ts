// Types of the geometry module: an area of interest read from WKT or GeoJSON text, and the
// problems found in it, each at its position in the source text.

/** Zero-based line and column (UTF-16 code units), as VS Code's Position counts them. */
export interface TextPosition {
  line: number;
  column: number;
}

export interface TextRange {
  start: TextPosition;
  end: TextPosition;
}

export type ProblemCode =
  | 'parse' // not valid WKT / JSON
  | 'not-geojson' // valid JSON that is no GeoJSON geometry, feature or collection
  | 'empty'
  | 'not-an-area' // a point or line where an area is needed
  | 'ring-not-closed'
  | 'ring-too-short' // fewer than 4 positions
  | 'longitude-range'
  | 'latitude-range'
  | 'swapped-lat-lon'
  | 'self-intersection'
  | 'zero-area' // a ring whose positions all lie on one line (or one point)
  | 'hole-outside-shell'
  | 'holes-overlap'
  | 'polygons-overlap' // polygons of the AOI whose interiors overlap
  | 'antimeridian' // a ring that crosses the 180° meridian, written as if it wrapped the globe
  | 'crs' // a GeoJSON "crs" or WKT SRID other than longitude/latitude on WGS 84
  | 'bad-number' // NaN, Infinity, a string or a missing coordinate
  | 'billed-minimum' // a polygon's box under the minimum billed area (a warning)
  | 'billed-sparse' // a polygon filling little of its box, which is what is billed (a warning)
  | 'billed-narrow-box' // a box side under what the service accepts (a warning)
  | 'billed-boxes-overlap'; // neighbouring polygons whose boxes overlap, billed twice (a warning)

export type QuickFix =
  | { kind: 'close-ring'; title: string; range: TextRange; replacement: string }
  | { kind: 'swap-lat-lon'; title: string; range: TextRange; replacement: string }
  | { kind: 'split-antimeridian'; title: string; range: TextRange; replacement: string }
  | { kind: 'split-billing'; title: string; range: TextRange; replacement: string }
  | { kind: 'merge-billing'; title: string; range: TextRange; replacement: string };

export interface GeometryProblem {
  code: ProblemCode;
  severity: 'error' | 'warning';
  message: string;
  range: TextRange;
  fixes?: QuickFix[];
}

export type AoiFormat = 'wkt' | 'geojson';

/** A polygon as GeoJSON coordinates: rings of [lon, lat] positions, the first ring outer. */
export type PolygonCoordinates = number[][][];

export interface BoundingBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A valid area of interest: one or more polygons. */
export interface Aoi {
  format: AoiFormat;
  polygons: PolygonCoordinates[];
  /** Polygon or MultiPolygon, for the `GeoJson` request field. */
  geoJson:
    { type: 'Polygon'; coordinates: PolygonCoordinates } | { type: 'MultiPolygon'; coordinates: PolygonCoordinates[] };
  /** POLYGON or MULTIPOLYGON WKT, for the `Wkt` field of processing requests. */
  wkt: string;
  /** GEOMETRYCOLLECTION WKT of the polygons, for the `Wkt` field of tasking orders. */
  taskingWkt: string;
  /** Geodesic area of the drawn polygons, km². */
  areaKm2: number;
  /** What the service bills: each polygon's bounding box, at least `minBilledKm2` each. */
  billedAreaKm2: number;
  /** The billing rules' minimum per polygon that `billedAreaKm2` was computed with, km². */
  minBilledKm2: number;
  /** One bounding box per polygon (the billed boxes). */
  billedBoxes: BoundingBox[];
  bbox: BoundingBox;
  vertexCount: number;
}

export type AoiReadResult =
  | { ok: true; aoi: Aoi; problems: GeometryProblem[] /* warnings only */ }
  | { ok: false; problems: GeometryProblem[] /* at least one error */ };
