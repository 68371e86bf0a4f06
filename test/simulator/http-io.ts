// Small pieces of request and response handling the server uses.
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** The whole body as text, or undefined when it is larger than MAX_BODY_BYTES. */
export function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('aborted', () => reject(new Error('The client went away while sending the body.')));
  });
}

/** Waits, but gives up as soon as the client goes away. Resolves false then. */
export function wait(ms: number, res: ServerResponse): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(!res.destroyed);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose);
      resolve(!res.destroyed);
    }, ms);
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    res.once('close', onClose);
  });
}

export function sendEnvelope(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Like sendEnvelope, but the body goes out at `bytesPerSecond`, a piece every 100 ms or slower,
 * never falling silent for long: what an idle timeout cannot catch. Stops when the client leaves;
 * resolves true when the whole body was sent. */
export async function sendTrickled(
  res: ServerResponse,
  status: number,
  payload: unknown,
  bytesPerSecond: number,
  headers: Record<string, string> = {},
): Promise<boolean> {
  const bytes = Buffer.from(JSON.stringify(payload));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': bytes.length,
    ...headers,
  });
  const piece = Math.max(1, Math.floor(bytesPerSecond / 10));
  const every = Math.max(100, Math.round((piece / bytesPerSecond) * 1000));
  for (let at = 0; at < bytes.length; at += piece) {
    if (res.destroyed) return false;
    res.write(bytes.subarray(at, at + piece));
    if (at + piece < bytes.length && !(await wait(every, res))) return false;
  }
  res.end();
  return true;
}
