// Sends an image body under the run's transport faults: close-delimited (no length, no chunked
// encoding, socket closed at the end), Connection: close, reset or truncation mid-body, slow
// trickle (from the start or after a fast first part), or an answer that is not the image. Writes honour backpressure so a multi-GiB generated body keeps memory flat.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sendMisanswer } from './image-misanswers';
import type { FaultOptions } from './types';

export interface ImageBody {
  length: number;
  chunks: Iterable<Buffer>;
}

/** Resolves true when `res` drains, false when it closes first. */
export function waitForDrain(res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function resetSocket(socket: Socket | null): void {
  if (!socket) return;
  // resetAndDestroy sends a TCP RST, which clients see as ECONNRESET.
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

/** Returns the outcome for the request log. */
export async function sendImage(
  res: ServerResponse,
  body: ImageBody,
  fileName: string,
  faults: FaultOptions,
  /** Called as the body's last byte is handed to the socket: before the client can have read it. */
  onLastByte: () => void = () => {},
): Promise<string> {
  if (faults.imageAnswer) return sendMisanswer(res, faults.imageAnswer, body, fileName);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/octet-stream');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  let outcome = 'ok';
  if (faults.closeDelimited) {
    // No Content-Length and no chunked encoding: the body ends when the socket closes.
    res.setHeader('Connection', 'close');
    res.removeHeader('Transfer-Encoding');
    outcome = 'ok:close-delimited';
  } else {
    const declared = faults.truncateBody ? body.length + Math.max(1, Math.floor(body.length / 2)) : body.length;
    res.setHeader('Content-Length', String(declared));
    if (faults.connectionClose) res.setHeader('Connection', 'close');
  }
  const resetAt = faults.resetMidBody ? Math.floor(body.length / 2) : Infinity;
  const trickle =
    faults.trickleBytesPerSecond && faults.trickleBytesPerSecond > 0 ? faults.trickleBytesPerSecond : undefined;
  const piece = trickle ? Math.max(1, Math.floor(trickle / 10)) : Infinity;
  const trickleAfter = faults.trickleAfterBytes ?? 0;
  let sent = 0;
  let trickleStart = performance.now();
  for (const chunk of body.chunks) {
    let offset = 0;
    while (offset < chunk.length) {
      if (res.destroyed) return 'aborted-by-client';
      const n = Math.min(chunk.length - offset, sent < trickleAfter ? trickleAfter - sent : piece, resetAt - sent);
      const part = offset === 0 && n === chunk.length ? chunk : chunk.subarray(offset, offset + n);
      offset += n;
      sent += n;
      const cutHere = sent >= resetAt || (faults.truncateBody === true && sent >= body.length);
      if (cutHere) {
        // Let the bytes so far reach the socket, then cut the connection.
        await new Promise<void>((resolve) => res.write(part, () => resolve()));
        if (sent >= resetAt) {
          resetSocket(res.socket);
          return 'fault:reset-mid-body';
        }
        res.socket?.end();
        return 'fault:truncated';
      }
      const written = res.write(part);
      if (sent >= body.length) onLastByte();
      if (!written && !(await waitForDrain(res))) return 'aborted-by-client';
      if (trickle && sent > trickleAfter && sent < body.length) {
        // Pace by the bytes trickled so far, so any rate is kept whatever the chunk size. No pause
        // after the last byte: the answer ends when its body has gone, as a server's does.
        const due = trickleStart + ((sent - trickleAfter) / trickle) * 1000 - performance.now();
        if (due > 0) await pause(due);
      } else if (trickle) trickleStart = performance.now();
    }
  }
  if (faults.truncateBody) {
    res.flushHeaders();
    res.socket?.end(); // an empty body: the declared bytes never come
    return 'fault:truncated';
  }
  await new Promise<void>((resolve) => res.end(resolve));
  return outcome;
}
