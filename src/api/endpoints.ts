// Every remote call of the client, declared once: method, path, the request schema its body is
// checked against before sending, how its answer is read, and its retry class. The client's
// methods are made from these entries (endpoint-call.ts, client.ts); adding an endpoint is one
// entry here plus its types in wire-types.ts and its method on ImageryClient.
//
// The retry class is the money column: 'billed' calls (the three process calls and order
// creation) are sent again only when the server said it did not run them (429, 503, 1003) or the
// connection was refused; any other failure after sending comes back as `mayHaveBeenCharged`
// (pipeline.ts). test/unit/api/api-endpoint-table.test.ts holds the list of billed calls apart from this table.
import { isRecord } from '../common/is-record';
import { listFrom, recordFrom } from './envelope';
import type { RequestMode } from './retry';
import type { RequestKind } from './schemas/requests';
import type { SpecificationFacts } from './specification';
import type { HttpMethod, QueryValue } from './transport';
import type {
  ApiKeyInfo,
  CompositeAvailability,
  CompositeAvailabilityRequest,
  CompositeEstimate,
  CompositeRequest,
  DateDiscoveryRequest,
  MiniTileProcessRequest,
  ModelImageDates,
  OrderCreateRequest,
  OrderEstimate,
  OrderEstimateRequest,
  OrderListQuery,
  ProcessOutputOptions,
  TaskingModel,
  TaskOrder,
  TileCover,
  TileOptimizeRequest,
  TileProcessRequest,
  TileRecord,
  TileSearchRequest,
} from './wire-types';

/** What every entry states. `retry` has no default, so an entry cannot leave it out. */
interface EndpointBase {
  readonly method: HttpMethod;
  readonly path: string;
  readonly retry: RequestMode;
}

/** A call answered with JSON, read through the guarded reader (size, depth, envelope) and then
 * shaped by `read`. `Request` is the body of a POST, or what `query` turns into the query. */
export interface JsonEndpoint<Request, Answer> extends EndpointBase {
  readonly answer: 'json';
  /** The request schema (schemas/requests.ts); none where the service's own check is enough. */
  readonly schema?: RequestKind;
  /** Renames body fields to what the specification document calls them, after the schema check. */
  readonly rename?: (facts: SpecificationFacts, wire: Record<string, unknown>) => Record<string, unknown>;
  /** The query of a GET or DELETE. */
  readonly query?: (request: Request) => Record<string, QueryValue>;
  readonly read: (data: unknown) => Answer;
}

/** A process call answered with an image, streamed to disk by download.ts (limits, redactor). */
export interface ImageEndpoint<Request extends ProcessOutputOptions> extends EndpointBase {
  readonly answer: 'image';
  readonly method: 'POST';
  readonly schema: RequestKind;
  /** Only carries the request type. */
  readonly request?: Request;
}

/** The specification document: plain JSON without the envelope, fetched once (client-core.ts). */
export interface DocumentEndpoint extends EndpointBase {
  readonly answer: 'document';
  readonly method: 'GET';
}

export type Endpoint = JsonEndpoint<never, unknown> | ImageEndpoint<ProcessOutputOptions> | DocumentEndpoint;

function json<Request, Answer>(entry: Omit<JsonEndpoint<Request, Answer>, 'answer'>): JsonEndpoint<Request, Answer> {
  return { ...entry, answer: 'json' };
}

function image<Request extends ProcessOutputOptions>(
  entry: Omit<ImageEndpoint<Request>, 'answer' | 'method'>,
): ImageEndpoint<Request> {
  return { ...entry, method: 'POST', answer: 'image' };
}

/** Tile GUIDs out of an optimize answer: anything but strings is dropped. */
function tileCover(data: unknown): TileCover {
  const cover = recordFrom<TileCover>(data);
  const guids = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
  return { ...cover, Tiles: guids(cover.Tiles), MiniTiles: guids(cover.MiniTiles) };
}

const ORDER_LISTS = ['TaskOrders', 'Orders', 'TaskOrderDetails'];

/** Orders out of a details answer: one record, a list, or a list under TaskOrders. A list, even
 * an empty one (a service that answers an unknown GUID with no order), is the answer: the record
 * holding it is not an order. */
function ordersIn(data: unknown): TaskOrder[] {
  if (Array.isArray(data) || (isRecord(data) && ORDER_LISTS.some((key) => Array.isArray(data[key]))))
    return listFrom<TaskOrder>(data, ...ORDER_LISTS);
  const single = recordFrom<TaskOrder>(data);
  if (single.TaskOrder && typeof single.TaskOrder === 'object') return [single.TaskOrder as TaskOrder];
  return Object.keys(single).length > 0 ? [single] : [];
}

/** The window end is `To` in the interface document and `Until` on the live service: the
 * specification document decides which name goes on the wire. */
function windowEndName(facts: SpecificationFacts, wire: Record<string, unknown>): Record<string, unknown> {
  if (facts.dateWindowEnd === 'To' || !('To' in wire)) return wire;
  const { To, ...rest } = wire;
  return { ...rest, [facts.dateWindowEnd]: To };
}

const IMAGES = '/api/satelliteimages';
const ORDERS = '/api/tasking/orders';

export const endpoints = {
  getSpecification: {
    method: 'GET',
    path: '/api/specification.json',
    retry: 'normal',
    answer: 'document',
  } satisfies DocumentEndpoint,
  // The account's limits and credits: the older service's path and the newer one's (account-info.ts picks).
  getApiKeyInfo: json<void, ApiKeyInfo>({
    method: 'GET',
    path: '/api/apikey/info',
    retry: 'normal',
    read: (d) => recordFrom<ApiKeyInfo>(d),
  }),
  getAccountInfo: json<void, ApiKeyInfo>({
    method: 'GET',
    path: '/api/account/info',
    retry: 'normal',
    read: (d) => recordFrom<ApiKeyInfo>(d),
  }),
  listModels: json<void, TaskingModel[]>({
    method: 'GET',
    path: '/api/tasking/models',
    retry: 'normal',
    read: (d) => listFrom<TaskingModel>(d, 'TaskingModels', 'Models'),
  }),
  searchTiles: json<TileSearchRequest, TileRecord[]>({
    method: 'POST',
    path: '/api/tasking/search/tiles',
    schema: 'tileSearch',
    retry: 'normal',
    read: (d) => listFrom<TileRecord>(d, 'Tiles'),
  }),
  optimizeTiles: json<TileOptimizeRequest, TileCover>({
    method: 'POST',
    path: '/api/tasking/tile/optimize',
    retry: 'normal',
    read: tileCover,
  }),
  listOrders: json<OrderListQuery | undefined, TaskOrder[]>({
    method: 'GET',
    path: ORDERS,
    retry: 'normal',
    query: (q = {}) => ({ recurringOnly: q.recurringOnly, getExpired: q.getExpired }),
    read: (d) => listFrom<TaskOrder>(d, 'TaskOrders', 'Orders'),
  }),
  // GET with one GUID in the query, or POST with a list, as the specification document says;
  // the query name and the body field come from it too (orders.ts).
  getOrderDetails: json<string[], TaskOrder[]>({
    method: 'GET',
    path: `${ORDERS}/details`,
    retry: 'normal',
    read: ordersIn,
  }),
  estimateOrder: json<OrderEstimateRequest, OrderEstimate>({
    method: 'POST',
    path: `${ORDERS}/estimate`,
    schema: 'orderEstimate',
    retry: 'normal',
    read: (d) => recordFrom<OrderEstimate>(d),
  }),
  createOrder: json<OrderCreateRequest, TaskOrder>({
    method: 'POST',
    path: ORDERS,
    schema: 'orderCreate',
    retry: 'billed',
    read: (d) => recordFrom<TaskOrder>(d),
  }),
  // The query name of the GUID comes from the specification document (orders.ts).
  cancelOrder: json<string, unknown>({ method: 'DELETE', path: `${ORDERS}/cancel`, retry: 'normal', read: (d) => d }),
  searchAvailableDates: json<DateDiscoveryRequest, ModelImageDates[]>({
    method: 'POST',
    path: `${IMAGES}/search/available`,
    schema: 'dateDiscovery',
    rename: windowEndName,
    retry: 'normal',
    read: (d) => listFrom<ModelImageDates>(d, 'ModelImageDates'),
  }),
  checkCompositeAvailability: json<CompositeAvailabilityRequest, CompositeAvailability>({
    method: 'POST',
    path: `${IMAGES}/process/composite/available`,
    schema: 'compositeAvailability',
    retry: 'normal',
    read: (d) => recordFrom<CompositeAvailability>(d),
  }),
  estimateComposite: json<CompositeRequest, CompositeEstimate>({
    method: 'POST',
    path: `${IMAGES}/process/composite/estimate`,
    schema: 'composite',
    retry: 'normal',
    read: (d) => recordFrom<CompositeEstimate>(d),
  }),
  downloadComposite: image<CompositeRequest>({
    path: `${IMAGES}/process/composite`,
    schema: 'composite',
    retry: 'billed',
  }),
  downloadTile: image<TileProcessRequest>({ path: `${IMAGES}/process/tile`, schema: 'tile', retry: 'billed' }),
  downloadMiniTile: image<MiniTileProcessRequest>({
    path: `${IMAGES}/process/minitile`,
    schema: 'miniTile',
    retry: 'billed',
  }),
} as const;

export type EndpointName = keyof typeof endpoints;

/** Every entry, for what reads the table as a whole (the retry-class test). */
export const endpointTable: Readonly<Record<EndpointName, Endpoint>> = { ...endpoints };
