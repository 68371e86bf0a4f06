// Request schemas with the interface document's field names, exactly (PascalCase). They are built
// on first use from `zod/mini` (13 KB, loaded lazily) so importing the client costs nothing.
// Objects are loose: optional fields the document does not list (FileType, UploadUrl...) pass
// through untouched. The AOI rule (exactly one of Wkt and GeoJson) is checked in validate.ts.
import type * as ZodMini from 'zod/mini';
import { outputFieldSchema, outputFieldsOf } from '../request-fields';
import type { FieldKind } from '../request-fields';

export type Zod = typeof ZodMini;
export type RequestKind = 'dateDiscovery' | 'compositeAvailability' | 'composite' | 'tile' | 'miniTile' | 'orderEstimate' | 'orderCreate' | 'tileSearch';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]00:?00)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isRealDay(value: string): boolean {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value.slice(0, 10);
}

export function buildRequestSchemas(z: Zod) {
  const fields = fieldSchemas(z);
  return { ...imageRequestSchemas(z, fields), ...orderRequestSchemas(z, fields) };
}

/** The schemas of the fields the requests share, each saying in its message which field is wrong. */
function fieldSchemas(z: Zod) {
  const text = (field: string) => z.string(`${field} must be text.`).check(z.minLength(1, `${field} must not be empty.`));
  const dateTime = (field: string) =>
    z
      .string(`${field} must be text.`)
      .check(
        z.regex(ISO_DATE_TIME, `${field} must be an ISO 8601 date-time in UTC, e.g. 2024-05-01T00:00:00Z.`),
        z.refine((v) => isRealDay(v), `${field} is not a real calendar date.`),
      );
  const day = (field: string) =>
    z
      .string(`${field} must be text.`)
      .check(z.regex(DAY, `${field} must be a date as YYYY-MM-DD.`), z.refine((v) => isRealDay(v), `${field} is not a real calendar date.`));
  const wholeNumber = (field: string, min: number) =>
    z.int(`${field} must be a whole number.`).check(z.minimum(min, `${field} must be at least ${min}.`));
  const constellations = z
    .array(text('SatelliteConstellations entry'), 'SatelliteConstellations must be a list of names.')
    .check(z.minLength(1, 'SatelliteConstellations must name at least one constellation.'));
  const guids = (field: string) => z.optional(z.array(text(`${field} entry`), `${field} must be a list of GUIDs.`));
  // The optional output fields, from their table (api/request-fields.ts).
  const outputFields = (kind: FieldKind) => Object.fromEntries(outputFieldsOf(kind).map((row) => [row.wire, z.optional(outputFieldSchema(z, row))]));
  return { text, dateTime, day, wholeNumber, constellations, guids, outputFields };
}

type FieldSchemas = ReturnType<typeof fieldSchemas>;

/** The requests for images: the date search, a composite's availability and price, tiles. */
function imageRequestSchemas(z: Zod, { text, dateTime, wholeNumber, constellations, guids, outputFields }: FieldSchemas) {
  const dateDiscovery = z.looseObject({
    From: dateTime('From'),
    To: dateTime('To'),
    SatelliteConstellations: constellations,
    Model: text('Model'),
  }).check(z.refine((v) => v.From <= v.To, { message: 'From must not be after To.', path: ['To'] }));

  const compositeAvailability = z.looseObject({
    Date: dateTime('Date'),
    Model: text('Model'),
    SatelliteConstellations: constellations,
    EpsgProjection: wholeNumber('EpsgProjection', 1),
    Bandnames: text('Bandnames'),
  });

  const composite = z.looseObject({
    Date: dateTime('Date'),
    Resolution: wholeNumber('Resolution', 1),
    EpsgProjection: wholeNumber('EpsgProjection', 1),
    Model: text('Model'),
    SatelliteConstellations: constellations,
    Bandnames: text('Bandnames'),
    ...outputFields('composite'),
  });

  const tileFields = {
    Date: dateTime('Date'),
    Model: text('Model'),
    SatelliteConstellations: z.optional(constellations),
    Bandnames: z.optional(text('Bandnames')),
    Resolution: z.optional(wholeNumber('Resolution', 1)),
    EpsgProjection: z.optional(wholeNumber('EpsgProjection', 1)),
  };
  const tile = z.looseObject({ TileGuid: text('TileGuid'), ...tileFields, ...outputFields('tile') });
  const miniTile = z.looseObject({ MiniTileGuid: text('MiniTileGuid'), ...tileFields, ...outputFields('minitile') });

  const tileSearch = z.looseObject({
    TileGuids: guids('TileGuids'),
    MiniTileGuids: guids('MiniTileGuids'),
    TileGuidForMiniTiles: z.optional(text('TileGuidForMiniTiles')),
  });

  return { dateDiscovery, compositeAvailability, composite, tile, miniTile, tileSearch };
}

/** The requests of a tasking order: its estimate and its creation. */
function orderRequestSchemas(z: Zod, { text, day, wholeNumber, constellations, guids }: FieldSchemas) {
  const orderFields = {
    SatelliteConstellations: constellations,
    Model: text('Model'),
    StorageMonths: wholeNumber('StorageMonths', 0),
    ApiRequests: wholeNumber('ApiRequests', 0),
    ImageFrequency: wholeNumber('ImageFrequency', 0),
    ReferenceDate: day('ReferenceDate'),
    From: day('From'),
    To: z.nullable(day('To')),
    TileGuids: guids('TileGuids'),
    MiniTileGuids: guids('MiniTileGuids'),
    GeometryTileOrdering: z.optional(z.boolean('GeometryTileOrdering must be true or false.')),
  };
  const orderWindow = z.refine<{ From: string; To: string | null }>((v) => v.To === null || v.From <= v.To, {
    message: 'From must not be after To.',
    path: ['To'],
  });
  const orderEstimate = z.looseObject(orderFields).check(orderWindow);
  const orderCreate = z
    .looseObject({ ...orderFields, TileDeduplication: z.optional(z.boolean('TileDeduplication must be true or false.')) })
    .check(orderWindow);

  return { orderEstimate, orderCreate };
}

export type RequestSchemas = ReturnType<typeof buildRequestSchemas>;

/** Which requests carry an AOI, and whether naming tiles may replace it. */
export const aoiRule: Record<RequestKind, 'required' | 'or-tiles' | 'none'> = {
  dateDiscovery: 'required',
  compositeAvailability: 'required',
  composite: 'required',
  tile: 'none',
  miniTile: 'none',
  orderEstimate: 'or-tiles',
  orderCreate: 'or-tiles',
  tileSearch: 'or-tiles',
};
