// The `satImagery.defaults.*` settings of the request fields, read from their table
// (api/request-fields.ts): the composite's choices, the optional output fields of every
// process request (`defaults.output.*`) and a tasking order's (`defaults.order.*`). Empty strings and `false` mean "the
// service default" and are left out of the request. A field that decides where images go
// (UploadUrl) takes only the user's own value (never a workspace's).
import type * as vscode from 'vscode';
import {
  CHOICE_FIELDS,
  ORDER_COUNT_FIELDS,
  ORDER_OTHER_FIELDS,
  OUTPUT_FIELDS,
  orderCountProblem,
} from '../api/request-fields';
import type { WorkflowDefaults } from '../workflows/engine/ports';
import type { OutputFields } from '../request/output-fields';

export function readOutputSettings(config: vscode.WorkspaceConfiguration): OutputFields {
  const fields: Record<string, string | true> = {};
  for (const row of OUTPUT_FIELDS) {
    if (!('setting' in row)) continue;
    const value = 'userOnly' in row ? config.inspect(row.setting)?.globalValue : config.get(row.setting);
    if (row.value === 'flag' && value === true) fields[row.wire] = true;
    if (row.value === 'text' && typeof value === 'string' && value.trim() !== '') fields[row.wire] = value.trim();
  }
  return fields as OutputFields;
}

const readers = {
  text: (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
  list: (value: unknown) => {
    const items = Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string' && item !== '')
      : [];
    return items.length > 0 ? items : undefined;
  },
  number: (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined),
};

/** The choices the settings fix (model, constellations, EPSG, resolution, bands); the others absent. */
export function readChoiceSettings(
  config: vscode.WorkspaceConfiguration,
): Pick<WorkflowDefaults, (typeof CHOICE_FIELDS)[number]['name']> {
  const choices: Record<string, unknown> = {};
  for (const row of CHOICE_FIELDS) {
    const value = readers[row.value](config.get(row.setting));
    if (value !== undefined) choices[row.name] = value;
  }
  return choices;
}

/** The order's settings: a cadence number only in the range the service takes (else the
 * prompt's default applies), the reference day when set, the tile-ordering flag when set. */
export function readOrderSettings(config: vscode.WorkspaceConfiguration): NonNullable<WorkflowDefaults['order']> {
  const order: Record<string, unknown> = {};
  for (const row of ORDER_COUNT_FIELDS) {
    const value = config.get(row.setting);
    if (typeof value === 'number' && orderCountProblem(row, value) === undefined) order[row.name] = value;
  }
  for (const row of ORDER_OTHER_FIELDS) {
    if (!('setting' in row)) continue;
    const value = row.value === 'day' ? readers.text(config.get(row.setting)) : config.get(row.setting);
    if (row.value === 'day' ? value !== undefined : typeof value === 'boolean') order[row.name] = value;
  }
  return order;
}
