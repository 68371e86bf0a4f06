// The `satImagery.defaults.output.*` settings: the optional output fields of every process
// request, read from their table (api/request-fields.ts). Empty strings and `false` mean "the
// service default" and are left out of the request. A field that decides where images go
// (UploadUrl) takes only the user's own value (never a workspace's).
import type * as vscode from 'vscode';
import { OUTPUT_FIELDS } from '../api/request-fields';
import type { OutputFields } from '../workflows/engine/output-fields';

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
