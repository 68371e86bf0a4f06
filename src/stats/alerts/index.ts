// Field alerts: explainable rules (drop, unseen, low-coverage) over the field statistics' long
// table. Never imports vscode; no I/O.
export { alertsOf, alertsOfTable, tableAlerts } from './alerts-of';
export { ALERT_RULES, DEFAULT_ALERT_OPTIONS } from './alert-types';
export type { Alert, AlertOptions } from './alert-types';
