// How `sat-imagery alerts` says its alerts: lines for a terminal (field, date, rule, index, value,
// baseline, then the sentence), a Markdown table for a pull request's comment, and the summary.
import { ALERT_RULES } from '../../stats/alerts/index';
import type { Alert } from '../../stats/alerts/index';

export interface TableFacts {
  fields: number;
  /** Dates in the table (of any field). */
  dates: number;
}

/** The value as its rule means it: an index's value, a share of the field, or days. */
function valueText(alert: Alert): string {
  if (alert.rule === 'low-coverage') return `${Math.round(alert.value * 100)} %`;
  if (alert.rule === 'unseen') return `${alert.value} days`;
  return alert.value.toFixed(2);
}

function baselineText(alert: Alert): string {
  return alert.baseline === null ? '-' : alert.baseline.toFixed(2);
}

const HEADER = ['field', 'date', 'rule', 'index', 'value', 'baseline'];

function cellsOf(alert: Alert): string[] {
  return [alert.field, alert.date, alert.rule, alert.index, valueText(alert), baselineText(alert)];
}

/** A header and one line per alert, the columns aligned, the sentence last. */
export function alertLines(alerts: readonly Alert[]): string[] {
  if (alerts.length === 0) return [];
  const rows = [HEADER, ...alerts.map(cellsOf)];
  const widths = HEADER.map((_, c) => Math.max(...rows.map((row) => (row[c] as string).length)));
  return rows.map((row, r) => {
    const line = row.map((cell, c) => cell.padEnd(widths[c] as number)).join('  ');
    return r === 0 ? `${line}  why` : `${line}  ${(alerts[r - 1] as Alert).sentence}`;
  });
}

function counted(alerts: readonly Alert[]): string {
  return ALERT_RULES.map((rule) => [rule, alerts.filter((a) => a.rule === rule).length] as const)
    .filter(([, n]) => n > 0)
    .map(([rule, n]) => `${n} ${rule}`)
    .join(', ');
}

const over = ({ fields, dates }: TableFacts) =>
  `${fields} field${fields === 1 ? '' : 's'} and ${dates} date${dates === 1 ? '' : 's'}`;

export function alertsSummary(alerts: readonly Alert[], facts: TableFacts): string {
  if (alerts.length === 0) return `No alerts over ${over(facts)}.`;
  return `${alerts.length} alert${alerts.length === 1 ? '' : 's'} over ${over(facts)} (${counted(alerts)}).`;
}

/** A cell's text that cannot end the cell or the row: a field's id may hold a pipe or a line break. */
function markdownCell(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ');
}

/** The alerts as Markdown: the summary, then a table (none when there are no alerts); `title`
 * names the table they are of (an imagery file's dataset). */
export function alertsMarkdown(alerts: readonly Alert[], facts: TableFacts, title = 'Field alerts'): string {
  const lines = [`**${markdownCell(title)}:** ${alertsSummary(alerts, facts)}`];
  if (alerts.length > 0) {
    lines.push('', `| ${[...HEADER, 'why'].join(' | ')} |`, `|${' --- |'.repeat(HEADER.length + 1)}`);
    for (const alert of alerts) lines.push(`| ${[...cellsOf(alert), alert.sentence].map(markdownCell).join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}
