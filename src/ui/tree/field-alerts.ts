// The Field alerts view's state: the alerts of the workspace's field tables (every
// `field-stats.csv`: the one Show Field Statistics and `series --stats` write beside a series'
// images, the one an imagery file's apply keeps for a dataset that declares fieldStats), read
// again on each refresh; which were shown before (the workspace's state keeps their keys), so that
// after an apply or a series only new ones are notified, with a button that reveals the view.
import * as vscode from 'vscode';
import { Commands, ContextKeys, Views } from '../constants';
import type { ComponentLog } from '../types';
import { alertsOfTables, keysToKeep, newAlerts, newAlertsSentence } from './field-alerts-model';
import type { AlertTable, TableAlert } from './field-alerts-model';

const SEEN_KEY = 'satImagery.fieldAlerts.seen';
/** Keys of alerts shown, newest first: enough for 100 fields × 50 alerts. */
const MAX_SEEN = 5_000;
/** The tables the view reads: the name every statistics run of the product gives its table. */
const TABLE_GLOB = '**/field-stats.csv';
/** Where a table's fields are looked for (Open Field Alert, a series' table brought up to date). */
export const AREA_FILES = '**/*.{geojson,GEOJSON,wkt,WKT}';
export const EXCLUDE_FROM_SEARCH = '**/{node_modules,.git,.vscode-test,dist,out}/**';

export type FieldAlertsState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'loaded'; tables: AlertTable[]; alerts: TableAlert[] };

export type LoadTables = () => Promise<AlertTable[]>;

async function workspaceTables(): Promise<AlertTable[]> {
  const { statsTables } = await import('../webview/map/stats-tables');
  return (await statsTables(TABLE_GLOB)).flatMap((t) => (t.path ? [{ name: t.name, path: t.path, rows: t.rows }] : []));
}

export class FieldAlerts implements vscode.Disposable {
  private current: FieldAlertsState = { kind: 'idle' };
  private running: Promise<TableAlert[]> | undefined;
  private queued: Promise<TableAlert[]> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly notified = new vscode.EventEmitter<string>();
  /** Each notification of new alerts, its sentence (tests). */
  readonly onDidNotify = this.notified.event;

  constructor(
    private readonly memento: vscode.Memento,
    private readonly log: ComponentLog,
    private readonly load: LoadTables = workspaceTables,
  ) {}

  get state(): FieldAlertsState {
    return this.current;
  }

  /** Reads the tables again; resolves with the alerts not shown before (now kept as shown). A
   * refresh asked while one runs waits for it and reads once more (one read for all who asked
   * meanwhile), so what it resolves with was read after it was asked. */
  refresh(): Promise<TableAlert[]> {
    if (this.running) {
      this.queued ??= this.running.then(() => {
        this.queued = undefined;
        return this.refresh();
      });
      return this.queued;
    }
    this.running = this.readAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** After an apply or a series (`what`): refreshes, and notifies the alerts none was shown before. */
  async refreshAfter(what: string): Promise<TableAlert[]> {
    const fresh = await this.refresh();
    if (fresh.length === 0) return fresh;
    const sentence = newAlertsSentence(fresh, what);
    this.notified.fire(sentence);
    void vscode.window.showWarningMessage(sentence, 'Show Field Alerts').then((choice) => {
      if (choice) void vscode.commands.executeCommand(`${Views.fieldAlerts}.focus`);
    });
    return fresh;
  }

  private async readAll(): Promise<TableAlert[]> {
    this.set({ kind: 'loading' });
    try {
      const tables = await this.load();
      const alerts = alertsOfTables(tables);
      const before = this.memento.get<unknown>(SEEN_KEY);
      const seen = Array.isArray(before) ? before.filter((k): k is string => typeof k === 'string') : [];
      const fresh = newAlerts(alerts, new Set(seen));
      await this.memento.update(SEEN_KEY, keysToKeep(alerts, seen, MAX_SEEN));
      await vscode.commands.executeCommand('setContext', ContextKeys.fieldTables, tables.length);
      this.set({ kind: 'loaded', tables, alerts });
      return fresh;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn(`Field alerts not read: ${message}`);
      this.set({ kind: 'error', message });
      return [];
    }
  }

  private set(state: FieldAlertsState): void {
    this.current = state;
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
    this.notified.dispose();
  }
}

/** The command a Field alerts row runs (and its argument): the chart at that field and date. */
export function openAlertCommand(alert: TableAlert): vscode.Command {
  return { title: 'Show in Field Statistics', command: Commands.openFieldAlert, arguments: [alert] };
}
