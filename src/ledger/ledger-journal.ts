// The purchase ledger's file: JSON lines, appended only, in the output folder. It is created
// exclusively and opened without following a link (O_NOFOLLOW; a hard-linked file is refused too),
// and a line is flushed to the disk (datasync) before the billed call it announces. Reading
// tolerates a torn last line (a run killed mid-write): it is skipped, and the next line written
// starts on a fresh line. The file is read within a size limit, and only a regular file (a FIFO at
// its name is not waited on).
import type { Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { withBoundedFile } from '../files/bounded-read';
import { fileError, openForAppend } from '../files/safe-files';

export const LEDGER_NAME = 'sat-imagery-ledger.jsonl';

/** 64 MiB: some hundred thousand purchases; a larger file is not ours. */
const MAX_LEDGER_BYTES = 64 * 1024 * 1024;

export interface JournalRead {
  lines: unknown[];
  /** Lines that did not parse (a torn last line, or damage). */
  skipped: number;
  /** False when the file does not end with a newline (the next append starts a new line). */
  endsWithNewline: boolean;
}

/** A journal of its own: a regular file with no second name (a hard link would let another
 * folder's ledger be written through it), within the bound. */
function checkOwnFile(info: Stats, path: string): void {
  if (!info.isFile() || info.nlink > 1) {
    throw fileError(
      Object.assign(new Error('not ours'), { code: info.isFile() ? 'EPERM' : 'EISDIR' }),
      'use',
      `${path} (it must be a plain file of its own)`,
    );
  }
  if (info.size > MAX_LEDGER_BYTES)
    throw fileError(new Error(`it is larger than ${MAX_LEDGER_BYTES} bytes`), 'read', path);
}

/** Reads the journal; an absent file is an empty one. */
export async function readJournal(path: string): Promise<JournalRead> {
  let text: string;
  try {
    text = await withBoundedFile(
      path,
      MAX_LEDGER_BYTES,
      (file) => {
        checkOwnFile(file.stat, path);
        return file.text();
      },
      { noFollow: true },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], skipped: 0, endsWithNewline: true };
    throw fileError(error, 'read', path);
  }
  const lines: unknown[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      lines.push(JSON.parse(line));
    } catch {
      skipped++;
    }
  }
  return { lines, skipped, endsWithNewline: text.length === 0 || text.endsWith('\n') };
}

/** The journal open for appending, for the length of a run (the folder's lock is held). */
export class JournalWriter {
  private chain: Promise<void> = Promise.resolve();

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private needsNewline: boolean,
  ) {}

  static async open(path: string, endsWithNewline: boolean): Promise<JournalWriter> {
    const handle = await openForAppend(path);
    try {
      checkOwnFile(await handle.stat(), path);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return new JournalWriter(path, handle, !endsWithNewline);
  }

  /** Appends one entry; with `sync` the line is on the disk when this resolves. Appends are
   * serialised, so parallel workers never interleave their lines. */
  append(entry: object, sync: boolean): Promise<void> {
    const line = `${this.needsNewline ? '\n' : ''}${JSON.stringify(entry)}\n`;
    this.needsNewline = false;
    const next = this.chain.then(async () => {
      try {
        await this.handle.write(line);
        if (sync) await this.handle.datasync();
      } catch (error) {
        throw fileError(error, 'write', this.path);
      }
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    await this.chain;
    await this.handle.close().catch(() => undefined);
  }
}
