// The request log tests read: what arrived (key redacted, body parsed) and how it was answered.
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RequestLogEntry } from './types';

export function startEntry(req: IncomingMessage, url: URL, keyLabel: string | undefined): RequestLogEntry {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'x-api-key') continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  if (keyLabel !== undefined) headers['x-api-key'] = keyLabel;
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    body: undefined,
    arrivedAt: performance.now(),
    outcome: 'pending',
  };
}

export function parseBody(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
