// Field alerts from the long table: every field's series under each index, the rules over each,
// in one stable order (field, index, date, then drop, unseen, low-coverage). No I/O: the command
// line, and later the editor, hand it the rows they have.
import { ALERT_RULES, DEFAULT_ALERT_OPTIONS } from './alert-types';
import type { Alert, AlertOptions } from './alert-types';
import { seriesOf } from './observations';
import { alertsOfSeries } from './rules';
import type { StatsRow } from '../table';
import { byCodeUnits } from '../../common/code-unit-order';

/** The alerts of `rows`, under `index` alone when one is given. */
export function alertsOf(rows: readonly StatsRow[], options: Partial<AlertOptions> = {}, index?: string): Alert[] {
  const settings = { ...DEFAULT_ALERT_OPTIONS, ...options };
  const alerts = seriesOf(rows, index).flatMap((series) => alertsOfSeries(series, settings));
  return alerts.sort(
    (a, b) =>
      byCodeUnits(a.field, b.field) ||
      byCodeUnits(a.index, b.index) ||
      byCodeUnits(a.date, b.date) ||
      ALERT_RULES.indexOf(a.rule) - ALERT_RULES.indexOf(b.rule),
  );
}
