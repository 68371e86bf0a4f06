// WGS 84 / UTM (EPSG 326xx north, 327xx south) to and from longitude/latitude, by Krüger's
// series to the third order: sub-millimetre inside a zone, far below a 10 m pixel. Written here
// rather than taken from proj4 (about 100 KB) because UTM and 4326 are the only projections the
// service delivers (live-service-notes.md); GDAL (PROJ) checks these figures in the tests.

const A_AXIS = 6_378_137;
const FLATTENING = 1 / 298.257223563;
const K0 = 0.9996;
const FALSE_EASTING = 500_000;
const FALSE_NORTHING_SOUTH = 10_000_000;

const n = FLATTENING / (2 - FLATTENING);
const RECTIFYING = (A_AXIS / (1 + n)) * (1 + (n * n) / 4 + n ** 4 / 64);
const ALPHA = [n / 2 - (2 / 3) * n * n + (5 / 16) * n ** 3, (13 / 48) * n * n - (3 / 5) * n ** 3, (61 / 240) * n ** 3];
const BETA = [n / 2 - (2 / 3) * n * n + (37 / 96) * n ** 3, (1 / 48) * n * n + (1 / 15) * n ** 3, (17 / 480) * n ** 3];
const DELTA = [2 * n - (2 / 3) * n * n - 2 * n ** 3, (7 / 3) * n * n - (8 / 5) * n ** 3, (56 / 15) * n ** 3];
const E2N = (2 * Math.sqrt(n)) / (1 + n);
const DEG = Math.PI / 180;

export interface UtmZone {
  zone: number;
  south: boolean;
}

/** The zone of an EPSG code 32601–32660 / 32701–32760, or undefined for any other code. */
export function utmZoneOfEpsg(epsg: number): UtmZone | undefined {
  const zone = epsg % 100;
  const hemisphere = Math.floor(epsg / 100);
  if ((hemisphere !== 326 && hemisphere !== 327) || zone < 1 || zone > 60) return undefined;
  return { zone, south: hemisphere === 327 };
}

/** The UTM EPSG code of the zone holding a point (the service's "automatic UTM", 47000). */
export function utmEpsgAt(lon: number, lat: number): number {
  const zone = Math.min(60, Math.max(1, Math.floor((lon + 180) / 6) + 1));
  return (lat >= 0 ? 32600 : 32700) + zone;
}

function centralMeridian(zone: number): number {
  return (zone * 6 - 183) * DEG;
}

/** [easting, northing] in metres. */
export function lonLatToUtm(lon: number, lat: number, { zone, south }: UtmZone): [number, number] {
  const phi = lat * DEG;
  const lambda = lon * DEG - centralMeridian(zone);
  const sinPhi = Math.sin(phi);
  const t = Math.sinh(Math.atanh(sinPhi) - E2N * Math.atanh(E2N * sinPhi));
  const xiP = Math.atan2(t, Math.cos(lambda));
  const etaP = Math.atanh(Math.sin(lambda) / Math.sqrt(1 + t * t));
  let xi = xiP;
  let eta = etaP;
  for (let j = 1; j <= 3; j++) {
    const a = ALPHA[j - 1] as number;
    xi += a * Math.sin(2 * j * xiP) * Math.cosh(2 * j * etaP);
    eta += a * Math.cos(2 * j * xiP) * Math.sinh(2 * j * etaP);
  }
  return [FALSE_EASTING + K0 * RECTIFYING * eta, (south ? FALSE_NORTHING_SOUTH : 0) + K0 * RECTIFYING * xi];
}

/** [longitude, latitude] in degrees. */
export function utmToLonLat(easting: number, northing: number, { zone, south }: UtmZone): [number, number] {
  const xi = (northing - (south ? FALSE_NORTHING_SOUTH : 0)) / (K0 * RECTIFYING);
  const eta = (easting - FALSE_EASTING) / (K0 * RECTIFYING);
  let xiP = xi;
  let etaP = eta;
  for (let j = 1; j <= 3; j++) {
    const b = BETA[j - 1] as number;
    xiP -= b * Math.sin(2 * j * xi) * Math.cosh(2 * j * eta);
    etaP -= b * Math.cos(2 * j * xi) * Math.sinh(2 * j * eta);
  }
  const chi = Math.asin(Math.sin(xiP) / Math.cosh(etaP));
  let phi = chi;
  for (let j = 1; j <= 3; j++) phi += (DELTA[j - 1] as number) * Math.sin(2 * j * chi);
  const lambda = centralMeridian(zone) + Math.atan2(Math.sinh(etaP), Math.cos(xiP));
  return [lambda / DEG, phi / DEG];
}
