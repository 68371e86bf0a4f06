// The batch manifest beside the outputs: unit id → status, file, bytes, error. Written after
// every unit through replaceFileSafely (a fresh temporary file, then a rename, so a crash leaves
// the old or the new manifest, never half of one, and no link is written through). A manifest read
// from disk is not trusted: a unit counts as done only when its file lies inside the output
// folder and is a regular file of the recorded size; a rerun does every other unit again.
import { lstat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { readTextBounded } from '../files/bounded-read';
import { checkReplaceable, replaceFileSafely } from '../files/safe-files';
import { isRecord } from '../common/is-record';

export const MANIFEST_NAME = 'sat-imagery-manifest.json';

export interface ManifestUnit {
  /** may-have-been-charged: sent and its answer lost; a rerun does not send it again unless asked. */
  status: 'done' | 'failed' | 'pending' | 'may-have-been-charged';
  file?: string;
  bytes?: number;
  error?: string;
  finishedAt?: string;
  /** The saved file's modification time (ms) and inode when it was recorded as done. */
  mtimeMs?: number;
  ino?: number;
}

export interface ManifestData {
  version: 1;
  kind: string;
  /** The settings every unit shares (no AOI text, no key): a rerun with others starts afresh. */
  profile: Record<string, unknown>;
  units: Record<string, ManifestUnit>;
}

/** Some hundred thousand units; a larger manifest is not ours. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** Reads a regular file within the bound that is not a link (O_NOFOLLOW); undefined when there is
 * none or it cannot be read. */
async function readOwnFile(path: string): Promise<string | undefined> {
  try {
    return await readTextBounded(path, MAX_MANIFEST_BYTES, { noFollow: true });
  } catch {
    return undefined;
  }
}

/** True when the recorded output is a regular file inside `directory` with the recorded size, and
 * the recorded inode and modification time where the manifest has them (older ones do not). */
async function outputIsIntact(directory: string, unit: unknown): Promise<boolean> {
  if (!isRecord(unit) || unit.status !== 'done') return false;
  if (unit.file === undefined) return unit.bytes === undefined || unit.bytes === 0; // uploaded by the server (201)
  if (typeof unit.file !== 'string' || typeof unit.bytes !== 'number') return false;
  const file = resolve(directory, unit.file);
  const inside = relative(resolve(directory), file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return false;
  const info = await lstat(file).catch(() => undefined);
  if (info === undefined || !info.isFile() || info.size !== unit.bytes) return false;
  return (
    (unit.mtimeMs === undefined || unit.mtimeMs === info.mtimeMs) && (unit.ino === undefined || unit.ino === info.ino)
  );
}

/** The file's identity as it stands now, for a unit recorded as done. */
async function fingerprint(directory: string, unit: ManifestUnit): Promise<Pick<ManifestUnit, 'mtimeMs' | 'ino'>> {
  if (unit.status !== 'done' || unit.file === undefined) return {};
  const info = await lstat(resolve(directory, unit.file)).catch(() => undefined);
  return info?.isFile() ? { mtimeMs: info.mtimeMs, ino: info.ino } : {};
}

export class BatchManifest {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    readonly path: string,
    private readonly data: ManifestData,
    /** Units whose output was checked on disk, or recorded as done in this run. */
    private readonly done: Set<string>,
    private readonly redact: (text: string) => string,
  ) {}

  /** Opens the manifest in `directory` (which the caller has checked, output-folder.ts), keeping
   * finished units only when the profile matches and their outputs are intact. `redact` is
   * applied to the text written (workflow ports' redact: a server may echo the key). */
  static async open(
    directory: string,
    kind: string,
    profile: Record<string, unknown>,
    redact: (text: string) => string = (text) => text,
  ): Promise<BatchManifest> {
    const path = join(directory, MANIFEST_NAME);
    let data: ManifestData = { version: 1, kind, profile, units: {} };
    const done = new Set<string>();
    try {
      const previous = JSON.parse((await readOwnFile(path)) ?? 'null') as unknown;
      if (
        isRecord(previous) &&
        previous.version === 1 &&
        previous.kind === kind &&
        JSON.stringify(previous.profile) === JSON.stringify(profile) &&
        isRecord(previous.units)
      ) {
        const units: Record<string, ManifestUnit> = {};
        for (const [id, unit] of Object.entries(previous.units)) {
          if (!isRecord(unit)) continue;
          const intact = await outputIsIntact(directory, unit);
          if (intact) done.add(id);
          // A unit whose output is gone, moved or changed is to be done again.
          units[id] = intact || unit.status !== 'done' ? (unit as unknown as ManifestUnit) : { status: 'pending' };
        }
        data = { version: 1, kind, profile, units };
      }
    } catch {
      // An unreadable manifest: start afresh.
    }
    // A link or a folder at the manifest's name stops the batch before its first billed call.
    await checkReplaceable(path);
    return new BatchManifest(path, data, done, redact);
  }

  /** True when the unit finished earlier with its output intact, or finished in this run. */
  isDone(id: string): boolean {
    return this.done.has(id);
  }

  unit(id: string): ManifestUnit | undefined {
    return this.data.units[id];
  }

  units(): Record<string, ManifestUnit> {
    return { ...this.data.units };
  }

  async record(id: string, unit: ManifestUnit): Promise<void> {
    const identity = await fingerprint(dirname(this.path), unit);
    this.data.units[id] = { ...unit, ...identity, finishedAt: new Date().toISOString() };
    if (unit.status === 'done') this.done.add(id);
    else this.done.delete(id);
    await this.flush();
  }

  /** Serialises writes: concurrent workers must not interleave their renames. */
  flush(): Promise<void> {
    const text = this.redact(`${JSON.stringify(this.data, null, 2)}\n`);
    // A failed write must not wedge the chain: the next one tries again with newer data.
    this.writing = this.writing.catch(() => undefined).then(() => replaceFileSafely(this.path, text));
    return this.writing;
  }
}
