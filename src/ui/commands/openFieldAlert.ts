// A Field alerts row clicked: the statistics chart of its table at the alert's field and date,
// with the alert's sentence and a button that opens that date's image with the field outlined.
// Nothing is measured: the panel shows the table's own rows (the ones the alert was raised from).
// The fields' outlines come from an open panel of the same folder, else from the workspace's
// area file that names the table's fields. Returns the panel (tests read it).
import { dirname } from 'node:path';
import * as vscode from 'vscode';
import { readTextBounded } from '../../files/bounded-read';
import { Commands } from '../constants';
import type { ExtensionServices } from '../extension-services';
import { AREA_FILES, EXCLUDE_FROM_SEARCH as EXCLUDE } from '../tree/field-alerts';
import type { TableAlert } from '../tree/field-alerts-model';
import type { Command } from './command';

/** A table as large as the map reads (stats-tables.ts). */
const MAX_TABLE_BYTES = 128 * 1024 * 1024;

function alertOf(arg: unknown): TableAlert | undefined {
  const alert =
    (arg as { kind?: string; alert?: unknown } | undefined)?.kind === 'alert' ? (arg as { alert: unknown }).alert : arg;
  const a = alert as Partial<TableAlert> | undefined;
  return typeof a?.path === 'string' && typeof a.field === 'string' && typeof a.date === 'string'
    ? (a as TableAlert)
    : undefined;
}

/** The table's rows: as the view read them, else from the file. */
async function rowsOf(services: ExtensionServices, path: string) {
  const state = services.sidebar.fieldAlerts.state;
  const known = state.kind === 'loaded' ? state.tables.find((t) => t.path === path) : undefined;
  if (known) return known.rows;
  const { readStatsCsv } = await import('../../stats/index');
  return readStatsCsv(await readTextBounded(path, MAX_TABLE_BYTES), vscode.workspace.asRelativePath(path));
}

export const openFieldAlertCommand: Command = {
  id: Commands.openFieldAlert,
  async run(services, arg?: unknown) {
    const alert = alertOf(arg);
    if (!alert) throw new Error('Open Field Alert takes a row of the Field alerts view.');
    const rows = await rowsOf(services, alert.path);
    const { StatsPanel } = await import('../webview/stats/stats-panel');
    const { areaOfTable, contentOfTable } = await import('../webview/stats/table-content');
    const folder = dirname(alert.path);
    const open = StatsPanel.panels()
      .reverse()
      .find((p) => p.content.base === folder && p.content.fields.some((f) => f.polygons.length > 0));
    const area = open
      ? { aoi: open.content.request.aoi, fields: open.content.fields }
      : await areaOfTable(
          new Set(rows.map((r) => r.field)),
          (await vscode.workspace.findFiles(AREA_FILES, EXCLUDE, 200))
            .filter((u) => u.scheme === 'file')
            .map((u) => u.fsPath),
        );
    const panel = StatsPanel.create(
      services.context.extensionUri,
      await contentOfTable({ path: alert.path, rows }, area),
    );
    panel.focus({ field: alert.field, date: alert.date, index: alert.index, note: alert.sentence });
    return panel;
  },
};
