// What a route handler gets and gives back. Handlers are plain functions of the request; the
// server does transport, auth, limits and faults around them.
import type { FaultOptions, SpecVariant } from '../types';
import type { SimulatorState } from '../state';
import type { Bbox } from '../geometry';

export interface RouteContext {
  state: SimulatorState;
  /** The JSON body when it is an object, else {}. */
  body: Record<string, unknown>;
  query: URLSearchParams;
  spec: Required<SpecVariant>;
  /** The run's fault options, for routes whose answers they change (the order list). */
  faults: FaultOptions;
}

export interface ImageRequest {
  fileName: string;
  bbox: Bbox;
  resolution: number;
  /** The requested bands, in order ('rgb' and 'all' already expanded). */
  bands: string[];
  /** As requested (47000 is resolved when the image is written). */
  epsg: number;
  dataType: 'int16' | 'uint8';
  /** YYYY-MM-DD: the pixels show this date. */
  date: string;
}

export type Reply =
  | { kind: 'json'; status: number; data: unknown }
  | { kind: 'json-raw'; status: number; body: unknown }
  | { kind: 'image'; image: ImageRequest }
  | { kind: 'empty'; status: number }
  /** UploadUrl: the image is PUT there, then the answer is 201 with no body. */
  | { kind: 'upload'; image: ImageRequest; url: URL };

export interface Route {
  method: string;
  path: string;
  /** POST routes answer 400 without a JSON object body. */
  needsBody: boolean;
  handle(ctx: RouteContext): Reply;
}

export function json(data: unknown, status = 200): Reply {
  return { kind: 'json', status, data };
}
