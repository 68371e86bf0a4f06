// The OpenAPI 3.1 document of exactly what this simulator accepts. It follows the run's
// variant (window end `To` or `Until`; order details by GET or POST) so that a client which
// reads the document at run time can be tested against both.
import { ALL_BANDS, CONSTELLATIONS, MODELS } from './catalog';
import type { AccountLimits, SpecVariant } from './types';
import { MIN_BILLED_KM2 } from './geometry';

/** The older documentation pages' thresholds (live-service notes): 1 km² per polygon. Only the
 * document says so; the simulator still bills with the current minimum. */
const OLDER_BILLING = { MinimumBilledAreaKm2: 1, MinimumFillRatio: 0.05, MinimumBoundingBoxSideM: 150 };

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const dateTime: Schema = { type: 'string', format: 'date-time', description: 'ISO 8601 date-time in UTC' };
const dateOnly: Schema = { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const aoiRule = { oneOf: [{ required: ['Wkt'] }, { required: ['GeoJson'] }] };

function object(properties: Record<string, Schema>, required: string[], withAoi = true): Schema {
  const props = withAoi ? { Wkt: ref('Wkt'), GeoJson: ref('GeoJson'), ...properties } : properties;
  return { type: 'object', properties: props, required, ...(withAoi ? aoiRule : {}) };
}

function body(schema: string): Schema {
  return { required: true, content: { 'application/json': { schema: ref(schema) } } };
}

function op(summary: string, extra: Schema, binary = false): Schema {
  const ok = binary
    ? {
        description: 'The GeoTIFF',
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      }
    : { description: 'Envelope', content: { 'application/json': { schema: ref('Envelope') } } };
  const responses: Schema = {
    '200': ok,
    '400': { description: 'Validation or business error (Error.Code)' },
    '401': { description: 'Missing, unknown or revoked key' },
    '403': { description: 'Key lacks permission' },
    '429': { description: 'Too many requests' },
  };
  if (binary) responses['201'] = { description: 'Uploaded to UploadUrl; no body' };
  return { summary, ...extra, responses };
}

/** The pattern of docs/engineering-notes.md ("Input the server controls"): a backtracking engine takes exponential time on any long
 * text without a `!`, such as every WKT. */
const EVIL_PATTERN = '^([^!]+)+!$';

/** What `hostile` does to the schemas: an evil Wkt pattern, and a request that includes itself. */
function makeHostile(schemas: Record<string, Schema>): void {
  schemas.Wkt = { ...schemas.Wkt, pattern: EVIL_PATTERN };
  const composite = schemas.CompositeRequest as Schema;
  schemas.CompositeRequest = { allOf: [...Array.from({ length: 64 }, () => ref('CompositeRequest')), composite] };
}

export function specificationDocument(variant: Required<SpecVariant>, limits: AccountLimits): Schema {
  const document = honestDocument(variant, limits);
  if (variant.hostile) makeHostile((document.components as { schemas: Record<string, Schema> }).schemas);
  return document;
}

function honestDocument(variant: Required<SpecVariant>, limits: AccountLimits): Schema {
  const common = {
    Model: ref('Model'),
    SatelliteConstellations: ref('SatelliteConstellations'),
  };
  const output = { EpsgProjection: ref('EpsgProjection'), Bandnames: ref('Bandnames') };
  const optionalOutput = {
    FileType: { type: 'string', enum: ['tif'] },
    DataType: { type: 'string', enum: ['int16', 'uint8'] },
    PixelSelectionMode: { type: 'string', enum: ['intersect', 'contained'] },
    UtmDataSelectionMode: { type: 'string', enum: ['single_utm_fully_covered', 'single_utm', 'combined_utm'] },
    AllowPartialImage: { type: 'boolean' },
    UtmGridForcePixelResolutionSize: { type: 'boolean' },
    AutomaticOrderCreation: { type: 'boolean' },
    UploadUrl: { type: 'string', format: 'uri' },
  };
  const tileOutput = {
    Level: { type: 'integer', enum: [1, 2] },
    Harmonize: { type: 'boolean' },
    ClipReflectance: { type: 'boolean' },
  };
  const order = {
    ...common,
    StorageMonths: { type: 'integer', minimum: 1, maximum: 60 },
    ApiRequests: { type: 'integer', minimum: 0, maximum: 1000000 },
    ImageFrequency: { type: 'integer', minimum: 1, maximum: 31, description: 'Days between images' },
    ReferenceDate: dateOnly,
    From: dateOnly,
    To: { ...dateOnly, type: ['string', 'null'], description: 'null makes the order recurring' },
    TileGuids: { type: 'array', items: { type: 'string', format: 'uuid' } },
    MiniTileGuids: { type: 'array', items: { type: 'string', format: 'uuid' } },
    GeometryTileOrdering: { type: 'boolean', description: 'Order the tiles covering the geometry' },
  };
  const orderRequired = [
    'Model',
    'SatelliteConstellations',
    'StorageMonths',
    'ApiRequests',
    'ImageFrequency',
    'ReferenceDate',
    'From',
    'To',
  ];
  const end = variant.dateWindowEnd;
  const tileProcess = (field: string) =>
    object(
      {
        [field]: { type: 'string', format: 'uuid' },
        Date: dateTime,
        ...common,
        Resolution: ref('Resolution'),
        ...output,
        ...optionalOutput,
        ...tileOutput,
      },
      [field, 'Date', 'Model'],
      false,
    );
  const details =
    variant.orderDetailsMethod === 'POST'
      ? { post: op('Order details', { requestBody: body('OrderDetailsRequest') }) }
      : {
          get: op('Order details', {
            parameters: [
              {
                name: 'taskOrderGuid',
                in: 'query',
                required: true,
                schema: { type: 'string', format: 'uuid' },
                description: 'One GUID, or several separated by commas',
              },
            ],
          }),
        };
  const flag = (name: string) => ({ name, in: 'query', required: false, schema: { type: 'boolean' } });
  return {
    openapi: '3.1.0',
    info: { title: 'Satellite imagery service (simulator)', version: '1.0.0' },
    security: [{ ApiKey: [] }],
    'x-limits': {
      MaxCompositeAreaKm2: limits.MaxCompositeAreaKm2,
      MaxTotalBands: limits.MaxTotalBands,
      MaxConcurrentConnections: limits.MaxConcurrentConnections,
    },
    // The billing thresholds of an area, as a document that gives them would (the client reads them).
    'x-billing':
      variant.billingRules === 'older'
        ? OLDER_BILLING
        : { MinimumBilledAreaKm2: MIN_BILLED_KM2, MinimumFillRatio: 0.05, MinimumBoundingBoxSideM: 150 },
    paths: {
      '/api/tasking/search/tiles': { post: op('Tile search', { requestBody: body('TileSearchRequest') }) },
      '/api/tasking/tile/optimize': {
        post: op('Cost-focused cover of an area by tiles and mini-tiles', { requestBody: body('TileOptimizeRequest') }),
      },
      '/api/tasking/orders': {
        get: op('List orders', { parameters: [flag('recurringOnly'), flag('getExpired')] }),
        post: op('Create an order', { requestBody: body('OrderCreateRequest') }),
      },
      '/api/tasking/orders/details': details,
      '/api/tasking/orders/estimate': { post: op('Estimate an order', { requestBody: body('OrderEstimateRequest') }) },
      '/api/tasking/orders/cancel': {
        delete: op('Cancel an order', {
          parameters: [
            { name: 'taskOrderGuid', in: 'query', required: true, schema: { type: 'string', format: 'uuid' } },
          ],
        }),
      },
      '/api/tasking/models': { get: op('Models of the account', {}) },
      ...(variant.accountInfo !== 'account'
        ? { '/api/apikey/info': { get: op('Limits and credits of the key', {}) } }
        : {}),
      ...(variant.accountInfo !== 'apikey' ? { '/api/account/info': { get: op('Limits of the account', {}) } } : {}),
      '/api/satelliteimages/search/available': {
        post: op('Dates with imagery', { requestBody: body('DateDiscoveryRequest') }),
      },
      '/api/satelliteimages/process/composite/available': {
        post: op('Single-date availability', { requestBody: body('CompositeAvailabilityRequest') }),
      },
      '/api/satelliteimages/process/composite/estimate': {
        post: op('Composite estimate', { requestBody: body('CompositeRequest') }),
      },
      '/api/satelliteimages/process/composite': {
        post: op('Composite GeoTIFF', { requestBody: body('CompositeRequest') }, true),
      },
      '/api/satelliteimages/process/tile': {
        post: op('Tile GeoTIFF', { requestBody: body('TileProcessRequest') }, true),
      },
      '/api/satelliteimages/process/minitile': {
        post: op('Mini-tile GeoTIFF', { requestBody: body('MiniTileProcessRequest') }, true),
      },
    },
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: {
        Wkt: {
          type: 'string',
          description: 'POLYGON, MULTIPOLYGON or GEOMETRYCOLLECTION (tasking orders need GEOMETRYCOLLECTION)',
        },
        GeoJson: {
          type: 'object',
          description: 'GeoJSON Polygon, MultiPolygon or GeometryCollection',
          required: ['type'],
        },
        Model: { type: 'string', enum: MODELS.map((m) => m.model) },
        SatelliteConstellations: { type: 'array', minItems: 1, items: { type: 'string', enum: CONSTELLATIONS } },
        Resolution: { type: 'integer', enum: variant.resolutions, description: 'metres' },
        EpsgProjection:
          variant.epsgEnum.length > 0
            ? { type: 'integer', enum: variant.epsgEnum }
            : {
                type: 'integer',
                description: '4326, UTM 32601-32660 / 32701-32760, or 47000 (automatic UTM)',
                anyOf: [
                  { enum: [4326, 47000] },
                  { minimum: 32601, maximum: 32660 },
                  { minimum: 32701, maximum: 32760 },
                ],
              },
        Bandnames: {
          type: 'string',
          description: `'all', 'rgb', or a comma list of ${ALL_BANDS.join(', ')}; index expressions like [B8_B4]`,
          pattern:
            '^(all|rgb|(\\[?B(1[0-2]|[1-9]|8A)(_B(1[0-2]|[1-9]|8A)\\])?)(,(\\[?B(1[0-2]|[1-9]|8A)(_B(1[0-2]|[1-9]|8A)\\])?))*)$',
        },
        Envelope: {
          type: 'object',
          properties: {
            Succeeded: { type: 'boolean' },
            Data: {},
            Error: { type: ['object', 'null'], properties: { Message: { type: 'string' }, Code: { type: 'integer' } } },
          },
        },
        TileSearchRequest: {
          type: 'object',
          properties: {
            Wkt: ref('Wkt'),
            GeoJson: ref('GeoJson'),
            TileGuids: order.TileGuids,
            MiniTileGuids: order.MiniTileGuids,
            TileGuidForMiniTiles: { type: 'string', format: 'uuid' },
          },
        },
        TileOptimizeRequest: { type: 'object', properties: { Wkt: ref('Wkt') }, required: ['Wkt'] },
        OrderEstimateRequest: {
          type: 'object',
          properties: { Wkt: ref('Wkt'), GeoJson: ref('GeoJson'), ...order },
          required: orderRequired,
        },
        OrderCreateRequest: {
          type: 'object',
          properties: { Wkt: ref('Wkt'), GeoJson: ref('GeoJson'), ...order, TileDeduplication: { type: 'boolean' } },
          required: orderRequired,
        },
        OrderDetailsRequest: {
          type: 'object',
          properties: { Guids: { type: 'array', minItems: 1, items: { type: 'string', format: 'uuid' } } },
          required: ['Guids'],
        },
        DateDiscoveryRequest: object({ From: dateTime, [end]: dateTime, ...common }, [
          'From',
          end,
          'Model',
          'SatelliteConstellations',
        ]),
        CompositeAvailabilityRequest: object({ Date: dateTime, ...common, ...output, ...optionalOutput }, [
          'Date',
          'Model',
          'SatelliteConstellations',
          'EpsgProjection',
          'Bandnames',
        ]),
        CompositeRequest: object(
          { Date: dateTime, Resolution: ref('Resolution'), ...common, ...output, ...optionalOutput },
          ['Date', 'Resolution', 'EpsgProjection', 'Model', 'SatelliteConstellations', 'Bandnames'],
        ),
        TileProcessRequest: tileProcess('TileGuid'),
        MiniTileProcessRequest: tileProcess('MiniTileGuid'),
      },
    },
  };
}
