// The composites, batches and time series run in this workspace, newest first, for the Downloads tree: each
// run's folder and units (a tile, a mini-tile, a date) with their outcome, file and what each image
// holds (downloads-runs.ts makes the rows). Kept in the
// workspace's state, so the finished images stay one click away after a reload; a rerun in the
// same folder (same manifest) replaces its row. Nothing here reads the network.
import * as vscode from 'vscode';
import type { DownloadRun } from './downloads-runs';

export type { DownloadRun, DownloadUnit } from './downloads-runs';
export { compositeRunOf, runOf } from './downloads-runs';

const STATE_KEY = 'satImagery.downloads';
/** Older runs drop off: the folder and its manifest stay on disk. */
const MAX_RUNS = 20;

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
