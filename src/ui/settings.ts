// The settings, read at call time so a change applies to the next request without a reload.
import * as vscode from 'vscode';
import * as path from 'node:path';
import { Settings } from './constants';
import { baseUrlFromInspection } from './base-url';
import { readChoiceSettings, readOrderSettings, readOutputSettings } from './output-settings';
import type { WorkflowDefaults } from '../workflows/engine/ports';
import type { SettingsReader } from './types';

function section(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(Settings.section);
}

function positiveInteger(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function createSettingsReader(): SettingsReader {
  return {
    // Only the user's own value or the default: a workspace must never redirect the key.
    baseUrl: () => baseUrlFromInspection(section().inspect<string>(Settings.baseUrl)),
    maxConcurrentRequests: () => positiveInteger(section().get(Settings.maxConcurrentRequests), 2),
    requestTimeoutSeconds: () => positiveInteger(section().get(Settings.requestTimeoutSeconds), 60),
    requestDeadlineSeconds: () => positiveInteger(section().get(Settings.requestDeadlineSeconds), 120),
    minimumDownloadRate: () => {
      const value = finiteNumber(section().get(Settings.minimumDownloadRate));
      return value !== undefined && value >= 0 ? value : 16;
    },
    outputDirectory: () => {
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
      // In an untrusted workspace a workspace-chosen folder could point anywhere: use the user's.
      const configured = vscode.workspace.isTrusted
        ? nonEmptyString(section().get(Settings.outputDirectory))
        : nonEmptyString(section().inspect<string>(Settings.outputDirectory)?.globalValue);
      if (configured) return path.isAbsolute(configured) || !folder ? configured : path.join(folder, configured);
      return folder ? path.join(folder, 'imagery') : undefined;
    },
    confirmCostAbove: () => finiteNumber(section().get(Settings.confirmCostAbove)),
    defaults: (): WorkflowDefaults => {
      const config = section();
      const defaults: WorkflowDefaults = {
        ...readChoiceSettings(config),
        output: readOutputSettings(config),
        order: readOrderSettings(config),
      };
      return Object.fromEntries(Object.entries(defaults).filter(([, value]) => value !== undefined));
    },
  };
}
