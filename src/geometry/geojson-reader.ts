// Walks parsed GeoJSON (a geometry, a Feature or a FeatureCollection) and collects its polygons
// with the JSON path of each, so problems can be placed in the text later. Every feature's
// polygons join one list: the caller makes the MultiPolygon or GEOMETRYCOLLECTION of them.
import { MAX_PROBLEMS } from './drafts';
import { crsFault } from './geojson-crs';
import type { Draft } from './drafts';
import type { JsonPath } from './json-locate';
import type { PolygonCoordinates } from './types';

export interface GeoJsonContent {
  polygons: PolygonCoordinates[];
  /** JSON path of each polygon's coordinates array. */
  polygonPaths: JsonPath[];
  /** The name of each polygon's feature (its "name" property or its id), when it has one; a
   * feature of several polygons names them "<name>, part k". */
  polygonNames: (string | undefined)[];
  drafts: Draft[];
}

const MAX_NAME = 60;

/** A feature's own name: properties.name, else its id (or properties.id), printable and short. */
function featureName(feature: Json): string | undefined {
  const properties = isObject(feature.properties) ? feature.properties : {};
  for (const candidate of [properties.name, feature.id, properties.id]) {
    const text =
      typeof candidate === 'string'
        ? candidate
        : typeof candidate === 'number' && Number.isFinite(candidate)
          ? String(candidate)
          : undefined;
    // eslint-disable-next-line no-control-regex
    const clean = text
      ?.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (clean) return clean.length > MAX_NAME ? `${clean.slice(0, MAX_NAME - 1)}…` : clean;
  }
  return undefined;
}

const LINEAR_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString']);
const MAX_COLLECTION_DEPTH = 8;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The end of a sentence that says what was found instead: "not a string", "but it is missing". */
function got(value: unknown): string {
  return value === undefined ? 'but it is missing' : `not ${kindOf(value)}`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function readGeoJsonValue(root: unknown): GeoJsonContent {
  const walker = new GeoJsonWalker();
  walker.readRoot(root);
  return walker.content;
}

/** One walk of a parsed document: what it found so far, and the feature it is in. */
class GeoJsonWalker {
  readonly content: GeoJsonContent = { polygons: [], polygonPaths: [], polygonNames: [], drafts: [] };
  private featureNow: string | undefined;

  private readonly fail = (code: Draft['code'], message: string, path: JsonPath): void => {
    if (this.content.drafts.length < MAX_PROBLEMS)
      this.content.drafts.push({ code, severity: 'error', message, place: { path } });
  };

  private readPolygon(coordinates: unknown, path: JsonPath, label: string): void {
    if (!Array.isArray(coordinates))
      return this.fail(
        'not-geojson',
        `The coordinates of ${label} must be an array of rings, ${got(coordinates)}.`,
        path,
      );
    if (coordinates.length === 0) return this.fail('empty', `${capital(label)} has no rings.`, path);
    const before = this.content.drafts.length;
    for (let r = 0; r < coordinates.length; r++) {
      const ring: unknown = coordinates[r];
      if (!Array.isArray(ring)) {
        this.fail('not-geojson', `Ring ${r + 1} of ${label} must be an array of positions, ${got(ring)}.`, [
          ...path,
          r,
        ]);
        continue;
      }
      for (let i = 0; i < ring.length; i++) {
        const position: unknown = ring[i];
        if (
          Array.isArray(position) &&
          position.length >= 2 &&
          isFiniteNumber(position[0]) &&
          isFiniteNumber(position[1]) &&
          (position.length === 2 || position.every(isFiniteNumber))
        )
          continue;
        describePosition(position, [...path, r, i], `position ${i + 1} of ring ${r + 1} of ${label}`, this.fail);
        if (this.content.drafts.length - before >= 3) break; // a few per polygon tell the story
      }
    }
    if (this.content.drafts.length === before) {
      this.content.polygons.push(coordinates as PolygonCoordinates);
      this.content.polygonPaths.push(path);
      this.content.polygonNames.push(this.featureNow);
    }
  }

  // A crs member may sit on any object (GeoJSON 2008); the innermost applies, so each is checked.
  private checkCrs(owner: Json, path: JsonPath): boolean {
    const fault = crsFault(owner, path);
    if (fault) this.fail('crs', fault.message, fault.path);
    return fault === undefined;
  }

  private readGeometry(geometry: unknown, path: JsonPath, depth: number): void {
    if (!isObject(geometry))
      return this.fail('not-geojson', `Expected a GeoJSON geometry object here, ${got(geometry)}.`, path);
    if (!this.checkCrs(geometry, path)) return;
    const type = geometry.type;
    const label = () => `polygon ${this.content.polygons.length + 1}`;
    if (type === 'Polygon') return this.readPolygon(geometry.coordinates, [...path, 'coordinates'], label());
    if (type === 'MultiPolygon') {
      const polygons = geometry.coordinates;
      if (!Array.isArray(polygons))
        return this.fail(
          'not-geojson',
          `The coordinates of a MultiPolygon must be an array of polygons, ${got(polygons)}.`,
          [...path, 'coordinates'],
        );
      if (polygons.length === 0)
        return this.fail('empty', 'This MultiPolygon has no polygons.', [...path, 'coordinates']);
      polygons.forEach((polygon, k) => this.readPolygon(polygon, [...path, 'coordinates', k], label()));
      return;
    }
    if (type === 'GeometryCollection') {
      if (depth >= MAX_COLLECTION_DEPTH)
        return this.fail('not-geojson', `GeometryCollections are nested more than ${MAX_COLLECTION_DEPTH} deep.`, path);
      const members = geometry.geometries;
      if (!Array.isArray(members))
        return this.fail(
          'not-geojson',
          `The "geometries" of a GeometryCollection must be an array, ${got(members)}.`,
          path,
        );
      if (members.length === 0) return this.fail('empty', 'This GeometryCollection has no geometries.', path);
      members.forEach((member, k) => this.readGeometry(member, [...path, 'geometries', k], depth + 1));
      return;
    }
    if (typeof type === 'string' && LINEAR_TYPES.has(type)) {
      return this.fail('not-an-area', `A ${type} has no area: an area of interest must be a Polygon or MultiPolygon.`, [
        ...path,
        'type',
      ]);
    }
    const expected =
      path.length === 0
        ? 'a Polygon, MultiPolygon, Feature or FeatureCollection'
        : 'a Polygon or MultiPolygon geometry';
    describeBadType(type, path, expected, this.fail);
  }

  private readFeature(feature: unknown, path: JsonPath, name: string): void {
    if (!isObject(feature) || feature.type !== 'Feature') {
      return this.fail(
        'not-geojson',
        `${capital(name)} must be an object with "type": "Feature".`,
        isObject(feature) && 'type' in feature ? [...path, 'type'] : path,
      );
    }
    if (feature.geometry === null || feature.geometry === undefined)
      return this.fail('empty', `${capital(name)} has no geometry.`, path);
    if (path.length > 0 && !this.checkCrs(feature, path)) return;
    this.featureNow = featureName(feature);
    const first = this.content.polygons.length;
    this.readGeometry(feature.geometry, [...path, 'geometry'], 0);
    const count = this.content.polygons.length - first;
    if (this.featureNow !== undefined && count > 1)
      for (let k = 0; k < count; k++) this.content.polygonNames[first + k] = `${this.featureNow}, part ${k + 1}`;
    this.featureNow = undefined;
  }

  readRoot(root: unknown): void {
    if (!isObject(root)) {
      this.fail(
        'not-geojson',
        `Expected a GeoJSON object (a Polygon, MultiPolygon, Feature or FeatureCollection), but the JSON is ${kindOf(root)}.`,
        [],
      );
    } else if (!this.checkCrs(root, [])) {
      // refused: the coordinates are in a system this reader does not know
    } else if (root.type === 'FeatureCollection') {
      const features = root.features;
      if (!Array.isArray(features))
        this.fail(
          'not-geojson',
          `The "features" of a FeatureCollection must be an array, ${got(features)}.`,
          'features' in root ? ['features'] : [],
        );
      else if (features.length === 0) this.fail('empty', 'This FeatureCollection has no features.', ['features']);
      else features.forEach((feature, k) => this.readFeature(feature, ['features', k], `feature ${k + 1}`));
    } else if (root.type === 'Feature') {
      this.readFeature(root, [], 'the feature');
    } else {
      this.readGeometry(root, [], 0);
    }
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function describeBadType(
  type: unknown,
  path: JsonPath,
  expected: string,
  fail: (code: Draft['code'], message: string, path: JsonPath) => void,
): void {
  if (type === undefined)
    return fail('not-geojson', `This object has no "type" member, so it is not GeoJSON; expected ${expected}.`, path);
  if (typeof type !== 'string')
    return fail('not-geojson', `The "type" must be a string, not ${kindOf(type)}.`, [...path, 'type']);
  fail(
    'not-geojson',
    `"${type.slice(0, 60)}" is not a valid "type" here; expected ${expected} (GeoJSON type names are case-sensitive).`,
    [...path, 'type'],
  );
}

function describePosition(
  position: unknown,
  path: JsonPath,
  label: string,
  fail: (code: Draft['code'], message: string, path: JsonPath) => void,
): void {
  if (!Array.isArray(position))
    return fail(
      'bad-number',
      `${capital(label)} must be an array [longitude, latitude], not ${kindOf(position)}.`,
      path,
    );
  if (position.length < 2)
    return fail(
      'bad-number',
      `${capital(label)} has ${position.length} number${position.length === 1 ? '' : 's'}; a position needs [longitude, latitude].`,
      path,
    );
  const names = ['longitude', 'latitude', 'altitude', 'measure'];
  for (let k = 0; k < position.length; k++) {
    const v: unknown = position[k];
    if (typeof v === 'number' && Number.isFinite(v)) continue;
    const what = typeof v === 'number' ? 'a number too large to represent' : kindOf(v);
    return fail('bad-number', `The ${names[k] ?? `number ${k + 1}`} of ${label} is ${what}, not a finite number.`, [
      ...path,
      k,
    ]);
  }
}

/** Cheaper than Number.isFinite on the hot path; x - x is NaN for NaN and ±Infinity (1e400 parses to Infinity). */
function isFiniteNumber(value: unknown): boolean {
  return typeof value === 'number' && value - value === 0;
}
