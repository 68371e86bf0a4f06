// The result objects the workflow commands return, so tests, keybindings and other extensions
// can see what was requested, what it was estimated to cost, which files were written and which
// order was created, without reading any UI.
import type {
  CompositeAvailability,
  CompositeEstimate,
  CompositeRequest,
  OrderCreateRequest,
  OrderEstimate,
  TaskOrder,
  TileRecord,
} from '../api/types';
import type { AvailabilityFix } from './availability';
import type { DateCoverage } from './date-coverage';

/**
 * completed: the goal was reached. cancelled: the person dismissed a prompt, declined the cost or
 * pressed Cancel. not-available: the service cannot serve the request; `fix` says what would help.
 */
export type Outcome = 'completed' | 'cancelled' | 'not-available';

export interface CompositeResult {
  outcome: Outcome;
  request: CompositeRequest | undefined;
  availability: CompositeAvailability | undefined;
  /** Sentence naming the failed readiness condition, when not available. */
  reason?: string;
  /** Fixes that would help, when not available. */
  fixes?: AvailabilityFix[];
  /** The fix the person chose when it was offered; the command carries it out. */
  fix?: AvailabilityFix;
  /** True when the workflow already showed the fixes to the person. */
  fixOffered?: boolean;
  estimate: CompositeEstimate | undefined;
  files: string[];
  /** The STAC Item written beside each image (`<name>.json`). */
  stacItems?: string[];
  bytes: number;
  /** Set when the AOI was above the key's maximum composite area and went in parts. */
  parts?: BatchResult;
  /** How many times composite/available ran (more than once when a setting changed). */
  availabilityChecks: number;
}

export interface DatesResult {
  outcome: Outcome;
  model: string | undefined;
  satelliteConstellations: string[];
  from: string;
  to: string;
  coverage: DateCoverage | undefined;
  /** The dates as a plain-text table. */
  text?: string;
}

export interface OrderResult {
  outcome: Outcome;
  request: OrderCreateRequest | undefined;
  estimate: OrderEstimate | undefined;
  /** Set when an order was created. */
  order: TaskOrder | undefined;
  recurring: boolean;
  /** For a recurring order: the last moment (ISO, UTC) a cancellation stops next month's charge. */
  cancellationDeadline: string | undefined;
}

export interface TilesResult {
  outcome: Outcome;
  tiles: TileRecord[];
  selected: string[];
}

export interface BatchUnitReport {
  id: string;
  status: 'done' | 'failed' | 'skipped';
  file?: string;
  bytes?: number;
  error?: string;
}

export interface BatchResult {
  outcome: Outcome;
  /** The settings every unit used (model, constellations, date, resolution...), for a retry. */
  choices?: Record<string, unknown>;
  manifestPath: string | undefined;
  units: BatchUnitReport[];
  files: string[];
  failed: BatchUnitReport[];
  bytes: number;
}
