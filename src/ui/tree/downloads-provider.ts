// Renders the DownloadsModel: one row per batch or time series (kind, area file, how many units
// are done), expandable to its units. A finished unit with an image carries `path` and the
// context value `download.image`, which puts Open Image on it (inline and in its menu); a click
// opens it too. Failed units and those that may have been charged say so, with the reason; a
// bought image says its valid share, and warns when a field or the area is mostly without data.
import * as vscode from 'vscode';
import { Commands } from '../constants';
import type { DownloadRun, DownloadUnit, DownloadsModel } from './downloads-model';
import { imageRowText } from './downloads-runs';

export interface DownloadRunNode {
  kind: 'run';
  run: DownloadRun;
}

export interface DownloadUnitNode {
  kind: 'unit';
  run: DownloadRun;
  unit: DownloadUnit;
  /** The image to open (what Open Image reads from a node); absent when there is none. */
  path?: string;
}

export type DownloadsTreeNode = DownloadRunNode | DownloadUnitNode;

const KIND_LABEL: Record<DownloadRun['kind'], string> = {
  composite: 'Composite',
  series: 'Time series',
  tiles: 'Tiles',
  miniTiles: 'Mini-tiles',
};
const IMAGE = /\.tiff?$/i;

const finished = (unit: DownloadUnit) => unit.status === 'done' || unit.status === 'skipped';

export class DownloadsTreeProvider implements vscode.TreeDataProvider<DownloadsTreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly model: DownloadsModel) {
    this.subscription = model.onDidChange(() => this.changed.fire());
  }

  getChildren(node?: DownloadsTreeNode): DownloadsTreeNode[] {
    if (!node) return this.model.runs().map((run) => ({ kind: 'run', run }));
    if (node.kind === 'unit') return [];
    return node.run.units.map((unit) => ({
      kind: 'unit',
      run: node.run,
      unit,
      ...(finished(unit) && unit.file && IMAGE.test(unit.file) ? { path: unit.file } : {}),
    }));
  }

  getTreeItem(node: DownloadsTreeNode): vscode.TreeItem {
    return node.kind === 'run' ? runItem(node.run) : unitItem(node);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

function runItem(run: DownloadRun): vscode.TreeItem {
  const done = run.units.filter(finished).length;
  const item = new vscode.TreeItem(
    `${KIND_LABEL[run.kind]}${run.source ? ` of ${run.source}` : ''}`,
    vscode.TreeItemCollapsibleState.Collapsed,
  );
  item.id = `download:${run.key}`;
  item.description = `${done} of ${run.units.length} done · ${run.finishedAt.slice(0, 16).replace('T', ' ')} UTC`;
  item.tooltip = run.folder ? `Saved in ${run.folder}` : undefined;
  item.iconPath = new vscode.ThemeIcon(done === run.units.length ? 'check-all' : 'warning');
  // A screen reader says what the row is (its tooltip, the folder, would be said otherwise).
  item.accessibilityInformation = { label: `${String(item.label)}, ${item.description}`, role: 'treeitem' };
  // A time series' row carries Show Field Statistics (package.json: viewItem == download.run.series).
  item.contextValue = run.kind === 'series' ? 'download.run.series' : 'download.run';
  return item;
}

function unitItem(node: DownloadUnitNode): vscode.TreeItem {
  const { unit } = node;
  const item = new vscode.TreeItem(unit.id, vscode.TreeItemCollapsibleState.None);
  item.id = `download:${node.run.key}:${unit.id}`;
  if (node.path) {
    const text = imageRowText(unit, node.path);
    item.description = text.description;
    item.tooltip = text.tooltip;
    item.iconPath = new vscode.ThemeIcon(text.warning ? 'warning' : 'file-media');
    item.contextValue = 'download.image';
    item.command = { title: 'Open Image', command: Commands.openImage, arguments: [vscode.Uri.file(node.path)] };
    return item;
  }
  const uncertain = unit.status === 'may-have-been-charged';
  item.description = finished(unit) ? 'done (nothing saved here)' : uncertain ? 'may have been charged' : unit.status;
  item.tooltip = unit.error ?? unit.file;
  item.iconPath = new vscode.ThemeIcon(finished(unit) ? 'pass' : uncertain ? 'warning' : 'error');
  item.contextValue = 'download.unit';
  return item;
}
