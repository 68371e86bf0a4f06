// The composites, batches and time series run in this workspace, newest first, for the Downloads tree: each
// run's folder and units (a tile, a mini-tile, a date) with their outcome and file. Kept in the
// workspace's state, so the finished images stay one click away after a reload; a rerun in the
// same folder (same manifest) replaces its row. Nothing here reads the network.
import * as vscode from 'vscode';
import type { BatchResult, BatchUnitReport } from '../../workflows/engine/results';

export type DownloadKind = 'composite' | 'series' | 'tiles' | 'miniTiles';

export interface DownloadUnit {
  id: string;
  status: BatchUnitReport['status'];
  /** The image written (absolute path), when there is one. */
  file?: string;
  /** The share (0..1) of its pixels that hold data, when it was read (0: paid for, but empty). */
  validFraction?: number;
  error?: string;
}

export interface DownloadRun {
  /** The manifest's path, else the first file's: one row per folder and kind. */
  key: string;
  kind: DownloadKind;
  /** The area file's name, when the run had one. */
  source: string | undefined;
  folder: string | undefined;
  finishedAt: string;
  units: DownloadUnit[];
}

const STATE_KEY = 'satImagery.downloads';
/** Older runs drop off: the folder and its manifest stay on disk. */
const MAX_RUNS = 20;

function folderOf(path: string | undefined): string | undefined {
  if (!path) return undefined;
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut > 0 ? path.slice(0, cut) : undefined;
}

/** The row of a finished run, or undefined when it sent and wrote nothing worth listing. */
export function runOf(
  kind: DownloadKind,
  source: vscode.Uri | undefined,
  result: BatchResult,
  now = new Date(),
): DownloadRun | undefined {
  const key = result.manifestPath ?? result.files[0];
  if (!key || result.units.length === 0) return undefined;
  return {
    key: `${kind}:${key}`,
    kind,
    source: source ? source.path.slice(source.path.lastIndexOf('/') + 1) : undefined,
    folder: folderOf(result.manifestPath ?? result.files[0]),
    finishedAt: now.toISOString(),
    units: [...result.units]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((u) => ({
        id: u.id,
        status: u.status,
        ...(u.file ? { file: u.file } : {}),
        ...(u.validFraction !== undefined ? { validFraction: u.validFraction } : {}),
        ...(u.error ? { error: u.error } : {}),
      })),
  };
}

/** A single composite's row: its date and file (a composite sent in parts is a batch of them). */
export function compositeRunOf(
  source: vscode.Uri | undefined,
  result: { outcome: string; files: string[]; request?: { Date?: string }; parts?: BatchResult },
  now = new Date(),
): DownloadRun | undefined {
  if (result.parts) return runOf('composite', source, result.parts, now);
  const file = result.files[0];
  if (result.outcome !== 'completed' || !file) return undefined;
  const id =
    result.request?.Date?.slice(0, 10) ?? file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  return runOf(
    'composite',
    source,
    {
      outcome: 'completed',
      manifestPath: undefined,
      units: [{ id, status: 'done', file }],
      files: [file],
      failed: [],
      uncertain: [],
      bytes: 0,
    },
    now,
  );
}

export class DownloadsModel implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  runs(): DownloadRun[] {
    const stored = this.state.get<unknown>(STATE_KEY);
    return Array.isArray(stored)
      ? (stored as DownloadRun[]).filter((r) => typeof r?.key === 'string' && Array.isArray(r.units))
      : [];
  }

  async record(run: DownloadRun | undefined): Promise<void> {
    if (!run) return;
    const runs = [run, ...this.runs().filter((r) => r.key !== run.key)].slice(0, MAX_RUNS);
    await this.state.update(STATE_KEY, runs);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}
