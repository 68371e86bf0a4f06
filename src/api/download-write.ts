// Writes an image body to its open `.part` file at the speed of the network, then makes it
// durable with one `datasync()`. The body is pulled chunk by chunk (`for await` semantics: reading
// waits for the disk), gathered into writes of about 1 MiB with one write in flight while the
// next gathers. Flushing while downloading was tried and halved the speed (docs/engineering-notes.md, "Writing a download");
// the one flush at the end is what `curl -o; sync FILE` pays.
// test/unit/api/api-large-download.test.ts proves the path on a 1 GiB close-delimited body into a
// slow writer; npm run bench measures it against curl.
import type { FileHandle } from 'node:fs/promises';

const BATCH_BYTES = 1 << 20;

/** Gathers chunks and writes them in batches, one batch in flight while the next one gathers, so
 * memory stays bounded. A failed write surfaces at the next add() or at finish(). */
class BatchedWriter {
  private pending: Buffer[] = [];
  private size = 0;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly handle: FileHandle) {}

  /** A promise only when the caller has to wait for the disk; undefined saves an await per chunk. */
  add(chunk: Buffer): Promise<void> | undefined {
    this.pending.push(chunk);
    this.size += chunk.length;
    return this.size >= BATCH_BYTES ? this.startWrite() : undefined;
  }

  /** Writes what is left and syncs the file's data to the disk. */
  async finish(): Promise<void> {
    await this.startWrite();
    await this.writing;
    await this.handle.datasync();
  }

  private async startWrite(): Promise<void> {
    await this.writing;
    if (this.size === 0) return;
    const buffers = this.pending;
    const size = this.size;
    this.pending = [];
    this.size = 0;
    this.writing = this.writeAll(buffers, size);
    this.writing.catch(() => undefined); // surfaced by the next await, never unhandled
  }

  private async writeAll(buffers: Buffer[], size: number): Promise<void> {
    const { bytesWritten } = await this.handle.writev(buffers);
    // A short write (rare on a regular file): write what is left, in order.
    if (bytesWritten < size) {
      let rest = Buffer.concat(buffers).subarray(bytesWritten);
      while (rest.length > 0) rest = rest.subarray((await this.handle.write(rest)).bytesWritten);
    }
  }
}

function asBuffer(chunk: Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

export interface WriteHooks {
  /** Called with each chunk's size as it is taken. */
  onChunk?: (bytes: number) => void;
  /** Called when the body has ended, before the final flush; may throw to refuse the body. */
  onEnd?: () => void;
}

/** Writes `head` and then every chunk of `rest` to `handle`, and returns the bytes written once
 * they are on the disk. */
export async function writeBody(
  handle: FileHandle,
  head: Buffer,
  rest: AsyncIterator<Uint8Array>,
  hooks: WriteHooks = {},
): Promise<number> {
  const { onChunk } = hooks;
  const writer = new BatchedWriter(handle);
  let written = head.length;
  if (head.length > 0) {
    onChunk?.(head.length);
    await writer.add(head);
  }
  for (;;) {
    const next = await rest.next();
    if (next.done) break;
    const chunk = asBuffer(next.value);
    written += chunk.length;
    onChunk?.(chunk.length);
    const wait = writer.add(chunk);
    if (wait) await wait;
  }
  hooks.onEnd?.();
  await writer.finish();
  return written;
}
