// WGS 84 / UTM (EPSG 326xx north, 327xx south) to and from longitude/latitude, by Krüger's
// series to the sixth order in n, as PROJ's etmerc and GeographicLib compute it (Karney 2011):
// within a nanometre of PROJ inside a zone, so a field drawn on the pixel grid in UTM and carried
// to longitude/latitude comes back on the grid, not a sliver off it (the third order was 50 µm
// off, enough for the all-touched rule to take a whole row more). The latitude is found from
// the conformal latitude by Newton's method, not by a truncated series. Written here rather than
// taken from proj4 (about 100 KB) because UTM and 4326 are the only projections the service
// delivers (docs/engineering-notes.md, "What the pixels mean"); GDAL (PROJ) checks these figures in the tests.

const A_AXIS = 6_378_137;
const FLATTENING = 1 / 298.257223563;
const K0 = 0.9996;
const FALSE_EASTING = 500_000;
const FALSE_NORTHING_SOUTH = 10_000_000;

const n = FLATTENING / (2 - FLATTENING);
const E2 = FLATTENING * (2 - FLATTENING);
const E = Math.sqrt(E2);
const RECTIFYING = (A_AXIS / (1 + n)) * (1 + n ** 2 / 4 + n ** 4 / 64 + n ** 6 / 256);
/** Karney (2011), eq. 35: latitude and longitude to the transverse Mercator plane. */
const ALPHA = [
  n / 2 - (2 / 3) * n ** 2 + (5 / 16) * n ** 3 + (41 / 180) * n ** 4 - (127 / 288) * n ** 5 + (7891 / 37800) * n ** 6,
  (13 / 48) * n ** 2 - (3 / 5) * n ** 3 + (557 / 1440) * n ** 4 + (281 / 630) * n ** 5 - (1983433 / 1935360) * n ** 6,
  (61 / 240) * n ** 3 - (103 / 140) * n ** 4 + (15061 / 26880) * n ** 5 + (167603 / 181440) * n ** 6,
  (49561 / 161280) * n ** 4 - (179 / 168) * n ** 5 + (6601661 / 7257600) * n ** 6,
  (34729 / 80640) * n ** 5 - (3418889 / 1995840) * n ** 6,
  (212378941 / 319334400) * n ** 6,
];
/** Karney (2011), eq. 36: back. */
const BETA = [
  n / 2 - (2 / 3) * n ** 2 + (37 / 96) * n ** 3 - (1 / 360) * n ** 4 - (81 / 512) * n ** 5 + (96199 / 604800) * n ** 6,
  (1 / 48) * n ** 2 + (1 / 15) * n ** 3 - (437 / 1440) * n ** 4 + (46 / 105) * n ** 5 - (1118711 / 3870720) * n ** 6,
  (17 / 480) * n ** 3 - (37 / 840) * n ** 4 - (209 / 4480) * n ** 5 + (5569 / 90720) * n ** 6,
  (4397 / 161280) * n ** 4 - (11 / 504) * n ** 5 - (830251 / 7257600) * n ** 6,
  (4583 / 161280) * n ** 5 - (108847 / 3991680) * n ** 6,
  (20648693 / 638668800) * n ** 6,
];
const DEG = Math.PI / 180;

/** tan of the conformal latitude of the latitude whose tan is `tau` (Karney 2011, eq. 7–9). */
function conformalTan(tau: number): number {
  const sigma = Math.sinh(E * Math.atanh((E * tau) / Math.hypot(1, tau)));
  return tau * Math.hypot(1, sigma) - sigma * Math.hypot(1, tau);
}

/** The latitude's tan from its conformal latitude's, by Newton's method (Karney 2011, eq. 19–21). */
function tanFromConformal(tauP: number): number {
  let tau = tauP / (1 - E2);
  for (let i = 0; i < 5; i++) {
    const tauPi = conformalTan(tau);
    const step = ((tauP - tauPi) * (1 + (1 - E2) * tau * tau)) / ((1 - E2) * Math.hypot(1, tauPi) * Math.hypot(1, tau));
    tau += step;
    if (Math.abs(step) <= 1e-14 * Math.max(1, Math.abs(tau))) break;
  }
  return tau;
}

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
  const lambda = lon * DEG - centralMeridian(zone);
  // At a pole tan is infinite: the conformal latitude is the pole itself.
  const tauP = Math.abs(lat) === 90 ? Math.sign(lat) * Infinity : conformalTan(Math.tan(lat * DEG));
  const xiP = Math.atan2(tauP, Math.cos(lambda));
  const etaP = Math.asinh(Math.sin(lambda) / Math.hypot(tauP, Math.cos(lambda)));
  let xi = xiP;
  let eta = etaP;
  ALPHA.forEach((a, i) => {
    const j = 2 * (i + 1);
    xi += a * Math.sin(j * xiP) * Math.cosh(j * etaP);
    eta += a * Math.cos(j * xiP) * Math.sinh(j * etaP);
  });
  return [FALSE_EASTING + K0 * RECTIFYING * eta, (south ? FALSE_NORTHING_SOUTH : 0) + K0 * RECTIFYING * xi];
}

/** [longitude, latitude] in degrees. */
export function utmToLonLat(easting: number, northing: number, { zone, south }: UtmZone): [number, number] {
  const xi = (northing - (south ? FALSE_NORTHING_SOUTH : 0)) / (K0 * RECTIFYING);
  const eta = (easting - FALSE_EASTING) / (K0 * RECTIFYING);
  let xiP = xi;
  let etaP = eta;
  BETA.forEach((b, i) => {
    const j = 2 * (i + 1);
    xiP -= b * Math.sin(j * xi) * Math.cosh(j * eta);
    etaP -= b * Math.cos(j * xi) * Math.sinh(j * eta);
  });
  const tauP = Math.sin(xiP) / Math.hypot(Math.sinh(etaP), Math.cos(xiP));
  const lambda = centralMeridian(zone) + Math.atan2(Math.sinh(etaP), Math.cos(xiP));
  return [lambda / DEG, Math.atan(tanFromConformal(tauP)) / DEG];
}
