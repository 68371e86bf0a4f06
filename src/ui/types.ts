// Types the VS Code layer shares: the component log and the typed view of the settings. The
// services themselves (the one context every command receives) are in services.ts.

import type { OutputFields } from '../workflows/engine/output-fields';

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
  /** `satImagery.defaults.output.*`, only the fields set. */
  output: OutputFields;
  /** `satImagery.defaults.order.*`: the cadence offered when ordering. */
  order: { imageFrequency: number | undefined; storageMonths: number | undefined; apiRequests: number | undefined; geometryTileOrdering: boolean | undefined; referenceDate: string | undefined };
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
  defaults(): RequestDefaults;
}
