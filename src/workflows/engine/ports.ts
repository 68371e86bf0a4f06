// The small interfaces the workflows are written against. The VS Code layer (src/ui/prompts)
// implements them with quick picks, withProgress and notifications; the unit tests implement
// them with a script. Nothing here knows about VS Code.
import type { OutputFields } from '../../request/output-fields';
import type { ImageryClient } from '../../api/types';
import type { SpendGuard } from '../../buying/spend-guard';
import type { RunAccount } from '../../pricing/account-snapshot';
import type { AoiReadResult } from '../../geometry/types';
import type { EstimateDecision, EstimateModel } from '../../pricing/estimate-view-model';
import type { PickItem } from '../../request/pick-item';

/** Answer of a prompt step that asks to go one step back. A symbol, so no picked value collides. */
export const BACK: unique symbol = Symbol('back');
type Back = typeof BACK;

/** What a prompt returns: the value, BACK, or undefined when the person dismissed it. */
export type Answer<T> = T | Back | undefined;

interface QuestionCommon {
  /** Stable id of the question ('model', 'date', 'resolution'...): scripts and logs key on it. */
  id: string;
  title: string;
  placeholder?: string;
  /** Position in the multi-step sequence, for the "2/5" of the quick pick title. */
  step: number;
  totalSteps: number;
  /** False on the first asked step: there is nothing to go back to. */
  canGoBack: boolean;
}

export interface PickQuestion<T> extends QuestionCommon {
  items: PickItem<T>[];
  /** The item shown active first (from the settings or the models list). */
  defaultValue?: T;
}

export interface PickManyQuestion<T> extends QuestionCommon {
  items: PickItem<T>[];
  defaultValues: T[];
}

export interface InputQuestion extends QuestionCommon {
  value: string;
  prompt?: string;
  /** A sentence saying what is wrong, or undefined when the text is acceptable. */
  validate?: (text: string) => string | undefined;
}

/** "Ask the user". Every method may answer BACK or undefined (dismissed). */
export interface AskPort {
  pick<T>(question: PickQuestion<T>): Promise<Answer<T>>;
  pickMany<T>(question: PickManyQuestion<T>): Promise<Answer<T[]>>;
  input(question: InputQuestion): Promise<Answer<string>>;
}

export interface ProgressUpdate {
  message?: string;
  /** Percent of the whole run this update adds (0-100 in total). */
  increment?: number;
  /** Bytes written so far in the current download(s). */
  bytes?: number;
}

export interface ProgressPort {
  report(update: ProgressUpdate): void;
}

/** "Notify": a non-blocking message with optional action buttons; resolves to the chosen action. */
export interface NotifyPort {
  info(message: string, ...actions: string[]): Promise<string | undefined>;
  warn(message: string, ...actions: string[]): Promise<string | undefined>;
}

/** The `satImagery.defaults.*` settings as the core sees them; undefined = not fixed. */
export interface WorkflowDefaults {
  model?: string;
  satelliteConstellations?: string[];
  epsgProjection?: number;
  resolution?: number;
  bandnames?: string;
  /** satImagery.defaults.output.*: optional output fields of every process request. */
  output?: OutputFields;
  /** `satImagery.defaults.order.*`: the cadence of a tasking order, offered as the answers. */
  order?: {
    imageFrequency?: number;
    storageMonths?: number;
    apiRequests?: number;
    geometryTileOrdering?: boolean;
    /** YYYY-MM-DD; unset: each order's first day. */ referenceDate?: string;
  };
}

export interface WorkflowSettings {
  defaults: WorkflowDefaults;
  /** Cost above which a confirmation is always asked; undefined = always ask. */
  confirmCostAbove?: number;
  /** Folder outputs are written to when the options name none. */
  outputDirectory?: string;
  /** The folder the person works in (the CLI's current folder, the first workspace folder): a
   * symbolic link inside it on the way to the output folder is refused (engine/output-folder.ts). */
  workspaceFolder?: string;
}

/** Everything a workflow needs from its host. */
export interface WorkflowPorts {
  client: ImageryClient;
  ask: AskPort;
  progress: ProgressPort;
  notify: NotifyPort;
  /** Shows the cost (the webview in VS Code) and answers proceed / cancel / change. */
  confirmCost(model: EstimateModel, signal: AbortSignal): Promise<EstimateDecision>;
  /** Aborts every request in flight when the person cancels. */
  signal: AbortSignal;
  /** What this run may still spend: each confirmed price goes in, and every billed call is priced
   * again right before it leaves and held against it (buying/spend-guard.ts). One per run. */
  spending: SpendGuard;
  /** The run's one reading of the account when several workflows share it (an apply: its plan,
   * each series, each order: `withOneAccountReading`); unset, each workflow reads it once. */
  account?: RunAccount;
  /** Read at each step, so a setting changed mid-run is seen before the process call. */
  settings(): WorkflowSettings;
  /** Clock, injectable for the date window and the recurring-order deadline. */
  now?: () => Date;
  log?: (message: string) => void;
  /** Redacts the API key from text the workflow writes (the manifest); the host's KeyRedactor. */
  redact?: (text: string) => string;
}

/** Reads an AOI, remembering the result (the geometry module's AoiCache fits). */
export interface AoiReader {
  read(text: string, format: 'wkt' | 'geojson' | 'auto', key?: { uri: string; version: number }): AoiReadResult;
}

/** The area to work on: the text of a document and its name (for messages). */
export interface AoiSource {
  text: string;
  name: string;
  format?: 'wkt' | 'geojson' | 'auto';
  /** The editor document the text comes from, so a cached read of the same version is reused. */
  document?: { uri: string; version: number };
  /** Shared with the editor diagnostics, so one document version is parsed once. */
  reader?: AoiReader;
}

/** The workflow's clock: the injected one, else the system's. */
export function nowOf(ports: Pick<WorkflowPorts, 'now'>): Date {
  return ports.now ? ports.now() : new Date();
}
