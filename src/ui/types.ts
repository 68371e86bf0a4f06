// Types the VS Code layer shares: the component log and the typed view of the settings. The
// services themselves (the one context every command receives) are in services.ts.

import type { WorkflowDefaults } from '../workflows/engine/ports';

/** A log tagged with one component, writing to the extension's single LogOutputChannel. */
export interface ComponentLog {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Typed, read-at-call-time view of the settings. */
export interface SettingsReader {
  /** From user (application) settings only; a workspace value is ignored. */
  baseUrl(): string;
  maxConcurrentRequests(): number;
  requestTimeoutSeconds(): number;
  requestDeadlineSeconds(): number;
  /** KiB per second under which a download is stopped; 0 = no floor. */
  minimumDownloadRate(): number;
  /** Absolute folder; defaults to `<first workspace folder>/imagery` when unset. */
  outputDirectory(): string | undefined;
  /** Credits / currency amount above which a confirmation is always asked; undefined = always ask. */
  confirmCostAbove(): number | undefined;
  /** The `satImagery.defaults.*` settings, only those the person has set. */
  defaults(): WorkflowDefaults;
}
