// The batch manifest beside the outputs: unit id → status, file, bytes, error. Written after
// every unit (to a temporary file, then renamed, so a crash leaves the old or the new manifest,
// never half of one). A rerun reads it and skips units that are done and whose file still exists.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const MANIFEST_NAME = 'sat-imagery-manifest.json';

export interface ManifestUnit {
  status: 'done' | 'failed' | 'pending';
  file?: string;
  bytes?: number;
  error?: string;
  finishedAt?: string;
}

export interface ManifestData {
  version: 1;
  kind: string;
  /** The settings every unit shares (no AOI text, no key): a rerun with others starts afresh. */
  profile: Record<string, unknown>;
  units: Record<string, ManifestUnit>;
}

export class BatchManifest {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    readonly path: string,
    private readonly data: ManifestData,
  ) {}

  /** Opens the manifest in `directory`, keeping finished units only when the profile matches. */
  static async open(directory: string, kind: string, profile: Record<string, unknown>): Promise<BatchManifest> {
    await mkdir(directory, { recursive: true });
    const path = join(directory, MANIFEST_NAME);
    let data: ManifestData = { version: 1, kind, profile, units: {} };
    try {
      const previous = JSON.parse(await readFile(path, 'utf8')) as ManifestData;
      if (previous.version === 1 && previous.kind === kind && JSON.stringify(previous.profile) === JSON.stringify(profile)) data = previous;
    } catch {
      // No manifest yet, or an unreadable one: start afresh.
    }
    return new BatchManifest(path, data);
  }

  /** True when the unit finished earlier and its file is still there. */
  isDone(id: string): boolean {
    const unit = this.data.units[id];
    return unit?.status === 'done' && (unit.file === undefined || existsSync(unit.file));
  }

  unit(id: string): ManifestUnit | undefined {
    return this.data.units[id];
  }

  units(): Record<string, ManifestUnit> {
    return { ...this.data.units };
  }

  async record(id: string, unit: ManifestUnit): Promise<void> {
    this.data.units[id] = { ...unit, finishedAt: new Date().toISOString() };
    await this.flush();
  }

  /** Serialises writes: concurrent workers must not interleave their renames. */
  flush(): Promise<void> {
    const text = `${JSON.stringify(this.data, null, 2)}\n`;
    // A failed write must not wedge the chain: the next one tries again with newer data.
    this.writing = this.writing.catch(() => undefined).then(async () => {
      const temporary = `${this.path}.tmp`;
      await writeFile(temporary, text);
      await rename(temporary, this.path);
    });
    return this.writing;
  }
}
