// The `satImagery.defaults.output.*` settings: the optional output fields of every process
// request. Empty strings and `false` mean "the service default" and are left out of the request.
// UploadUrl decides where images go, so only the user's own value counts (never a workspace's).
import type * as vscode from 'vscode';
import type { OutputFields } from '../workflows/engine/output-fields';
import { Settings } from './constants';

function text(config: vscode.WorkspaceConfiguration, key: string): string | undefined {
  const value = config.get(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function flag(config: vscode.WorkspaceConfiguration, key: string): true | undefined {
  return config.get(key) === true ? true : undefined;
}

export function readOutputSettings(config: vscode.WorkspaceConfiguration): OutputFields {
  const upload = config.inspect<string>(Settings.outputUploadUrl)?.globalValue;
  const fields: OutputFields = {
    DataType: text(config, Settings.outputDataType),
    PixelSelectionMode: text(config, Settings.outputPixelSelectionMode),
    UtmDataSelectionMode: text(config, Settings.outputUtmDataSelectionMode),
    UtmGridForcePixelResolutionSize: flag(config, Settings.outputUtmGridForce),
    AllowPartialImage: flag(config, Settings.outputAllowPartialImage),
    FileType: text(config, Settings.outputFileType),
    AutomaticOrderCreation: flag(config, Settings.outputAutomaticOrderCreation),
    UploadUrl: typeof upload === 'string' && upload.trim() !== '' ? upload.trim() : undefined,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as OutputFields;
}
