// Helpers for the simulator's own tests: plain HTTP calls with node's fetch, a raw socket
// request for transport-level checks, and a small TIFF reader to check the images.
import { connect } from 'node:net';
import { isoDay } from './dates';
import { tileByGuid } from './tiles';
import type { Simulator } from './types';

export interface CallResult {
  status: number;
  headers: Headers;
  /** The parsed envelope (or document) for JSON answers. */
  json: any;
  bytes: Buffer;
}

export async function call(
  sim: Simulator,
  method: string,
  path: string,
  body?: unknown,
  key: string | null = 'demo-key',
): Promise<CallResult> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key !== null) headers['x-api-key'] = key;
  const res = await fetch(sim.url + path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return {
    status: res.status,
    headers: res.headers,
    json: isJson ? JSON.parse(bytes.toString('utf8')) : undefined,
    bytes,
  };
}

/** Sends one request on a fresh socket; resolves with everything received until the socket
 * closes. With keepAlive the client does not ask for the close: the server must decide it. */
export function rawRequest(
  sim: Simulator,
  method: string,
  path: string,
  body?: unknown,
  keepAlive = false,
): Promise<{ head: string; body: Buffer; error?: Error }> {
  return new Promise((resolve) => {
    const socket = connect(sim.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: Error | undefined;
    const text = body === undefined ? '' : JSON.stringify(body);
    socket.on('connect', () => {
      socket.write(
        `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: demo-key\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: ${keepAlive ? 'keep-alive' : 'close'}\r\n\r\n${text}`,
      );
    });
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (e) => (error = e));
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      resolve({ head: all.subarray(0, split).toString('latin1'), body: all.subarray(split + 4), error });
    });
  });
}

/** Reads the first IFD of a little-endian TIFF: tag -> values. */
export function readTiffTags(tiff: Buffer): Map<number, number[]> {
  if (tiff.toString('latin1', 0, 2) !== 'II' || tiff.readUInt16LE(2) !== 42)
    throw new Error('not a little-endian TIFF');
  const ifd = tiff.readUInt32LE(4);
  const count = tiff.readUInt16LE(ifd);
  const sizes: Record<number, number> = { 2: 1, 3: 2, 4: 4, 12: 8 };
  const tags = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const at = ifd + 2 + i * 12;
    const tag = tiff.readUInt16LE(at);
    const type = tiff.readUInt16LE(at + 2);
    const n = tiff.readUInt32LE(at + 4);
    const size = sizes[type];
    if (!size) throw new Error(`unexpected type ${type}`);
    let p = n * size > 4 ? tiff.readUInt32LE(at + 8) : at + 8;
    const values: number[] = [];
    for (let k = 0; k < n; k++, p += size)
      values.push(
        type === 2
          ? tiff.readUInt8(p)
          : type === 3
            ? tiff.readUInt16LE(p)
            : type === 4
              ? tiff.readUInt32LE(p)
              : tiff.readDoubleLE(p),
      );
    tags.set(tag, values);
  }
  return tags;
}

export const AARHUS_FIELD = 'POLYGON((10.1 56.05, 10.15 56.05, 10.15 56.08, 10.1 56.08, 10.1 56.05))';

/** A composite request over AARHUS_FIELD, covered by the demo's recurring Stratus2 order. */
export function compositeBody(date: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Wkt: AARHUS_FIELD,
    Date: `${date}T00:00:00Z`,
    Model: 'Stratus2',
    SatelliteConstellations: ['Sentinel2'],
    EpsgProjection: 4326,
    Bandnames: 'rgb',
    Resolution: 10,
    ...extra,
  };
}

/** Dates with imagery over the whole AOI, per the simulator's own discovery. */
export async function discoveredDates(
  sim: Simulator,
  wkt: string,
  from: string,
  to: string,
  model = 'Stratus2',
): Promise<string[]> {
  const r = await call(sim, 'POST', '/api/satelliteimages/search/available', {
    Wkt: wkt,
    From: `${from}T00:00:00Z`,
    To: `${to}T00:00:00Z`,
    Model: model,
    SatelliteConstellations: model === 'Nimbus1' ? ['Sentinel1'] : ['Sentinel2'],
  });
  const entries = r.json.Data.ModelImageDates[0].DatesByGeog as Array<{ Dates: string[] }>;
  return (entries[0]?.Dates ?? []).filter((d) => entries.every((e) => e.Dates.includes(d)));
}

export function isoDaysAgo(clockMs: number, days: number): string {
  return new Date(clockMs - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Days (newest first, within `days` before the simulator's today) on which the simulator's
 * imagery covers every one of these tiles or mini-tiles whole, and an active order of the model
 * covers each: the dates a tile test may process on, whatever day the suite runs. Never "the
 * newest date": the newest date need not cover a unit that the area's own dates cover.
 */
export function datesCoveringTiles(sim: Simulator, model: string, guids: string[], days = 120): string[] {
  const tiles = guids.map((guid) => {
    const tile = tileByGuid(sim.state.seed, guid);
    if (!tile) throw new Error(`The simulator knows no tile ${guid}.`);
    return tile;
  });
  const today = sim.state.today();
  const out: string[] = [];
  for (let day = today; day > today - days; day--) {
    const covered = tiles.every(
      (t) =>
        sim.state.dates.hasImagery(model, [{ rings: [], bbox: t.bbox }], day, today).all &&
        sim.state.coveringOrder(model, t.bbox, day),
    );
    if (covered) out.push(isoDay(day));
  }
  return out;
}

/** A clock that starts at `iso` and runs on in real time: the simulator's `clock` option, so a
 * test's catalogue (which dates exist, which orders are active) is the same on any day. */
export function pinnedClock(iso: string): () => number {
  const start = Date.parse(iso);
  const realStart = Date.now();
  return () => start + (Date.now() - realStart);
}

/** Days (newest first, within `days` before the simulator's today) on which the simulator has
 * no imagery at all over the box. */
export function datesWithoutImagery(
  sim: Simulator,
  model: string,
  bbox: { west: number; south: number; east: number; north: number },
  days = 60,
): string[] {
  const today = sim.state.today();
  const out: string[] = [];
  for (let day = today; day > today - days; day--)
    if (!sim.state.dates.hasImagery(model, [{ rings: [], bbox }], day, today).any) out.push(isoDay(day));
  return out;
}
