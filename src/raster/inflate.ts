// DEFLATE of one block on libuv's thread pool (faster than the bundled pako, docs/engineering-notes.md,
// "DEFLATE in JavaScript", and several blocks at once, on every core), in one pass through the pool. zlib.inflate() ends
// its stream, and ending makes a second, empty pass that queues behind every other block's first
// pass, so no block came back before all had been inflated and nothing could be copied meanwhile.
// Here the block is written with an output buffer of its decoded size, and the answer is taken as
// soon as that many bytes are out; only a shorter block (a last strip, a damaged one) is ended
// to learn whether it is whole.
import { createInflate } from 'node:zlib';
import { RasterError, formatSize } from './errors';
import { MAX_BLOCK_BYTES } from './limits';

// Room beyond the decoded size, so zlib sees the stream's end without asking for another buffer.
const CHUNK_SLACK = 1024;
// A one-strip image is not inflated into a single huge buffer.
const MAX_CHUNK = 64 * 1024 * 1024;

/** At most `decodedSize` bytes come back, however far the stream would expand. */
export function inflateBlock(raw: Uint8Array, decodedSize: number): Promise<Uint8Array> {
  if (!(decodedSize > 0 && decodedSize <= MAX_BLOCK_BYTES)) {
    return Promise.reject(
      new RasterError(
        'unsupported',
        `A block of ${formatSize(decodedSize)} decoded is not inflated (at most ${formatSize(MAX_BLOCK_BYTES)}).`,
      ),
    );
  }
  return new Promise((resolve, reject) => {
    const engine = createInflate({ chunkSize: Math.min(MAX_CHUNK, decodedSize + CHUNK_SLACK) });
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;
    const settle = (error?: Error): void => {
      if (settled) return;
      settled = true;
      engine.close();
      if (error) reject(error);
      else {
        const whole = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length);
        resolve(whole.length > decodedSize ? whole.subarray(0, decodedSize) : whole);
      }
    };
    engine.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= decodedSize) settle();
    });
    engine.on('error', settle);
    engine.on('end', () => settle());
    engine.write(raw, () => {
      if (!settled) engine.end();
    });
  });
}
