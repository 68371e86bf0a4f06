// What every command and view receives: the services activate() builds once. Commands take it as
// their first argument, so a test or another feature can see exactly what a command depends on.
import type * as vscode from 'vscode';
import type { ImageryClient } from '../api/types';
import type { AoiCache } from '../geometry/index';

/** A log tagged with one component, writing to the extension's single LogOutputChannel. */
export interface ComponentLog {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The `satImagery.defaults.*` settings; undefined where the person has not chosen. */
export interface RequestDefaults {
  model: string | undefined;
  satelliteConstellations: string[] | undefined;
  epsgProjection: number | undefined;
  resolution: number | undefined;
  bandnames: string | undefined;
}

/** Typed, read-at-call-time view of the settings. */
export interface SettingsReader {
  /** From user (application) settings only; a workspace value is ignored. */
  baseUrl(): string;
  maxConcurrentRequests(): number;
  requestTimeoutSeconds(): number;
  /** Absolute folder; defaults to `<first workspace folder>/imagery` when unset. */
  outputDirectory(): string | undefined;
  /** Credits / currency amount above which a confirmation is always asked; undefined = always ask. */
  confirmCostAbove(): number | undefined;
  defaults(): RequestDefaults;
}

export interface Services {
  readonly context: vscode.ExtensionContext;
  /** `log('workflow').info(...)`: a log for one component. */
  log(component: string): ComponentLog;
  readonly settings: SettingsReader;
  /** The client for the configured service. Asks for the key when none is set (unless `quiet`), and
   * throws an ApiError of kind 'auth' when there is still none. Loads the network stack lazily. */
  getClient(options?: { quiet?: boolean }): Promise<ImageryClient>;
  /** Reload the sidebar trees (after an order is created or cancelled). */
  refreshTrees(): void;
  /** What readAoi made of each open document, keyed by uri and version: the diagnostics fill it
   * as the person types, so a workflow on the same document does not parse a large AOI again. */
  readonly aoiCache: AoiCache;
}

/** One contributed command: its id and its handler. Each lives in its own file under commands/. */
export interface CommandDefinition {
  readonly id: string;
  run(services: Services, ...args: unknown[]): unknown;
}
