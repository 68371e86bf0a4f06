// The frozen request profile of a composite download: every field that affects the output, fixed
// once, and the one source of the availability, estimate and process payloads (spec section 1:
// the same settings in every step). Diffing two profiles names what changed, so a stale check
// can be repeated and a process call that would differ from its estimate can be refused.
import type { AoiField, CompositeAvailabilityRequest, CompositeRequest, ProcessOutputOptions } from '../api/types';
import type { Aoi } from '../geometry/types';

export type AoiMode = 'wkt' | 'geojson';

export interface CompositeProfile {
  readonly date: string; // YYYY-MM-DD
  readonly aoiMode: AoiMode;
  readonly aoi: AoiField;
  readonly model: string;
  readonly satelliteConstellations: readonly string[];
  readonly epsgProjection: number;
  readonly resolution: number;
  readonly bandnames: string;
  readonly output: Readonly<ProcessOutputOptions>;
}

export interface ProfileFields {
  date: string;
  aoiMode: AoiMode;
  model: string;
  satelliteConstellations: string[];
  epsgProjection: number;
  resolution: number;
  bandnames: string;
  output?: ProcessOutputOptions;
}

export function aoiField(aoi: Aoi, mode: AoiMode): AoiField {
  return mode === 'wkt' ? { Wkt: aoi.wkt } : { GeoJson: aoi.geoJson };
}

/** Builds the profile and freezes it (deeply), so no step can change it behind another's back. */
export function freezeProfile(aoi: Aoi, fields: ProfileFields): CompositeProfile {
  const profile: CompositeProfile = {
    date: fields.date,
    aoiMode: fields.aoiMode,
    aoi: Object.freeze(aoiField(aoi, fields.aoiMode)),
    model: fields.model,
    satelliteConstellations: Object.freeze([...fields.satelliteConstellations]),
    epsgProjection: fields.epsgProjection,
    resolution: fields.resolution,
    bandnames: fields.bandnames,
    output: Object.freeze({ ...(fields.output ?? {}) }),
  };
  return Object.freeze(profile);
}

/** The service wants an ISO 8601 date-time in UTC; a picked day is its midnight. */
export function dateTimeOf(date: string): string {
  return date.includes('T') ? date : `${date}T00:00:00Z`;
}

export function availabilityRequest(profile: CompositeProfile): CompositeAvailabilityRequest {
  // The same output fields as the process call (AllowPartialImage changes the answer); the
  // upload address is no question of availability.
  const { UploadUrl: _upload, ...output } = profile.output;
  return {
    ...profile.aoi,
    ...output,
    Date: dateTimeOf(profile.date),
    Model: profile.model,
    SatelliteConstellations: [...profile.satelliteConstellations],
    EpsgProjection: profile.epsgProjection,
    Bandnames: profile.bandnames,
  } as CompositeAvailabilityRequest;
}

/** The composite estimate and process payload (the same settings, spec 4.6). */
export function compositeRequest(profile: CompositeProfile): CompositeRequest {
  return {
    ...profile.aoi,
    ...profile.output,
    Date: dateTimeOf(profile.date),
    Resolution: profile.resolution,
    EpsgProjection: profile.epsgProjection,
    Model: profile.model,
    SatelliteConstellations: [...profile.satelliteConstellations],
    Bandnames: profile.bandnames,
  } as CompositeRequest;
}

/** One sentence-ready difference per field, e.g. `Resolution: 10 → 20`. Empty when equal. */
export function diffRequests(before: object, after: object): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const differences: string[] = [];
  for (const key of keys) {
    const left = stableJson(a[key]);
    const right = stableJson(b[key]);
    if (left === right) continue;
    // AOIs are long; naming the field is enough.
    if (key === 'Wkt' || key === 'GeoJson') differences.push(`${key}: the area differs`);
    else differences.push(`${key}: ${left ?? '(none)'} → ${right ?? '(none)'}`);
  }
  return differences;
}

export function diffProfiles(before: CompositeProfile, after: CompositeProfile): string[] {
  return diffRequests(compositeRequest(before), compositeRequest(after));
}

function stableJson(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)))
      : v,
  );
}
