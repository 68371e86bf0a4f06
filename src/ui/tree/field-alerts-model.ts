// What the Field alerts view shows, made without VS Code (unit-tested in Node): the alerts of each
// field table of the workspace (stats/alerts' rules at their defaults, every index of the table),
// grouped field by field, each alert said in words; which alerts are new beside those already
// shown (the workspace keeps their keys), and the notification's sentence about them.
import { alertsOf } from '../../stats/alerts';
import type { Alert } from '../../stats/alerts';
import type { StatsRow } from '../../stats/table';

/** A field table the workspace holds: `field-stats.csv` beside a series' or a dataset's images. */
export interface AlertTable {
  /** As shown: the table's path relative to the workspace. */
  name: string;
  /** The table's file on disk (its folder is where its rows' images are named from). */
  path: string;
  rows: readonly StatsRow[];
}

export interface TableAlert extends Alert {
  table: string;
  /** The table's file on disk. */
  path: string;
  /** What the workspace remembers of an alert it has shown. */
  key: string;
}

export interface FieldGroup {
  table: string;
  path: string;
  field: string;
  alerts: TableAlert[];
}

const RULE_WORDS: Record<Alert['rule'], string> = {
  drop: 'Drop',
  unseen: 'Unseen',
  'low-coverage': 'Low coverage',
};

function alertKey(table: string, alert: Pick<Alert, 'field' | 'index' | 'date' | 'rule'>): string {
  return [table, alert.field, alert.index, alert.date, alert.rule].join('\n');
}

/** Every table's alerts, in the tables' order, each table's as the rules order them. */
export function alertsOfTables(tables: readonly AlertTable[]): TableAlert[] {
  return tables.flatMap((table) =>
    alertsOf(table.rows).map((alert) => ({
      ...alert,
      table: table.name,
      path: table.path,
      key: alertKey(table.name, alert),
    })),
  );
}

/** One group per field of each table, in the order its first alert comes. */
export function fieldGroups(alerts: readonly TableAlert[]): FieldGroup[] {
  const groups = new Map<string, FieldGroup>();
  for (const alert of alerts) {
    const id = `${alert.table}\n${alert.field}`;
    let group = groups.get(id);
    if (!group) {
      group = { table: alert.table, path: alert.path, field: alert.field, alerts: [] };
      groups.set(id, group);
    }
    group.alerts.push(alert);
  }
  return [...groups.values()];
}

const figure = (value: number): string => value.toFixed(2);

/** An alert as its row says it: the rule and date, then value beside baseline in words. */
export function alertText(alert: Alert): { label: string; description: string; tooltip: string } {
  const label = `${RULE_WORDS[alert.rule]} on ${alert.date}`;
  switch (alert.rule) {
    case 'drop':
      return {
        label,
        description: `${alert.index} ${figure(alert.value)}, ${figure((alert.baseline ?? alert.value) - alert.value)} below its baseline ${figure(alert.baseline ?? alert.value)}`,
        tooltip: alert.sentence,
      };
    case 'unseen':
      return {
        label,
        description: `no valid ${alert.index} for ${alert.value} days${alert.baselineDates[0] ? ` (last ${alert.baselineDates[0]}${alert.baseline === null ? '' : `: ${figure(alert.baseline)}`})` : ''}`,
        tooltip: alert.sentence,
      };
    case 'low-coverage':
      return {
        label,
        description: `${Math.round(alert.value * 100)} % of the field had a ${alert.index} value (a valid date needs ${Math.round(alert.threshold * 100)} %)`,
        tooltip: alert.sentence,
      };
  }
}

/** A field's row: its name, how many alerts and the latest, and its table when there are several. */
export function fieldText(group: FieldGroup, tableCount: number): { label: string; description: string } {
  const latest = group.alerts.reduce((a, b) => (b.date > a.date ? b : a));
  const count = `${group.alerts.length} alert${group.alerts.length === 1 ? '' : 's'}`;
  const where = tableCount > 1 ? ` · ${group.table}` : '';
  return {
    label: group.field,
    description: `${count} · latest: ${RULE_WORDS[latest.rule].toLowerCase()} on ${latest.date}${where}`,
  };
}

/** The alerts not among those already shown (`seen`: their keys). */
export function newAlerts(alerts: readonly TableAlert[], seen: ReadonlySet<string>): TableAlert[] {
  return alerts.filter((alert) => !seen.has(alert.key));
}

/** The keys to keep as shown: those shown now first, then the older ones, at most `limit`. */
export function keysToKeep(shown: readonly TableAlert[], before: readonly string[], limit: number): string[] {
  return [...new Set([...shown.map((a) => a.key), ...before])].slice(0, limit);
}

/** What the notification says of new alerts after `what` (an apply, a series). */
export function newAlertsSentence(alerts: readonly TableAlert[], what: string): string {
  const fields = new Set(alerts.map((a) => `${a.table}\n${a.field}`)).size;
  const first = alerts[0];
  const example = first ? `: ${first.field} ${RULE_WORDS[first.rule].toLowerCase()} on ${first.date}` : '';
  const more = alerts.length > 1 ? ` and ${alerts.length - 1} more` : '';
  return `${alerts.length} new field alert${alerts.length === 1 ? '' : 's'} on ${fields} field${fields === 1 ? '' : 's'} after ${what}${example}${more}.`;
}
