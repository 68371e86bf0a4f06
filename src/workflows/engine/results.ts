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
} from '../../api/types';
import type { AutomaticOrderPrice, CoverOption } from '../../pricing/estimate-view-model';
import type { DateCoverage } from './date-coverage';

/** What would make a refused composite available: an order of the area, or another date. */
export type AvailabilityFix = 'order-area' | 'other-date';

/**
 * completed: the goal was reached. cancelled: the person dismissed a prompt, declined the cost or
 * pressed Cancel. not-available: the service cannot serve the request; `fix` says what would help.
 * may-have-been-charged: a billed call (processing) was sent and its answer lost; it may have run
 * and been charged, and it was not sent again (`charge` says what is known). unknown: the same for
 * creating an order, when the order list did not show whether it was created.
 */
export type Outcome = 'completed' | 'cancelled' | 'not-available' | 'may-have-been-charged' | 'unknown';

/** What is known after a billed call whose answer was lost. */
export interface ChargeUncertainty {
  /** What happened, in the client's words (names the request; says it was not sent again). */
  reason: string;
  /** 'credits' for images, 'EUR' for orders (the account's EuroCreditAmount). */
  unit: 'credits' | 'EUR';
  /** The account's balance before the call and after the failure; undefined where the account
   * endpoint did not answer. */
  before: number | undefined;
  after: number | undefined;
  /** The answer arrived and was paid for, but its file could not be written (a full disk):
   * `reason` says so, with what fetching it again costs. */
  paidNotSaved?: true;
}

/** The words a person reads: that it may have been charged, the balance before and after, and
 * where to look instead of sending it again. */
export function chargeSentence(charge: ChargeUncertainty, subject: string): string {
  const fmt = (n: number) => `${Math.round(n * 100) / 100} ${charge.unit}`;
  const balance =
    charge.before !== undefined && charge.after !== undefined
      ? ` Account balance before: ${fmt(charge.before)}, now: ${fmt(charge.after)}${charge.after < charge.before ? ` (${fmt(charge.before - charge.after)} spent)` : ' (no change seen yet)'}.`
      : charge.after !== undefined
        ? ` Account balance now: ${fmt(charge.after)}.`
        : ' The account could not be read to compare the balance.';
  if (charge.paidNotSaved) return `${charge.reason}${balance}`;
  return `${subject} may have been charged: the request was sent but its answer was lost, and it was not sent again.${balance} Check the Orders list and the account before trying again.`;
}

/** How a person reads an image's share of valid (non-nodata) pixels: an empty image was still
 * paid for, and is said to be empty, not "done" without a word. */
export function validitySentence(fraction: number | undefined): string | undefined {
  if (fraction === undefined) return undefined;
  if (fraction <= 0) return 'paid, but no valid pixels: every pixel is nodata';
  return `${validPercent(fraction)} of the image has valid pixels`;
}

/** "87 %": rounded down, so "100 %" means every pixel and a few valid pixels read "under 1 %". */
export function validPercent(fraction: number): string {
  if (fraction >= 1) return '100 %';
  return fraction > 0 && fraction < 0.01 ? 'under 1 %' : `${Math.floor(fraction * 100)} %`;
}

/** What a bought image holds over the area it was bought for: the share (0..1) of valid pixels
 * of the whole area and of each of its fields (`purchase-notes.ts` says when that is too little). */
export interface AreaCoverage {
  /** Undefined when no pixel of the image lies in the area. */
  area: number | undefined;
  /** Each field of the area file (a FeatureCollection's features, named as `sat-imagery stats`
   * names them: `properties.id`, `id`, `properties.name` or the index); none for an area of one
   * field. `validFraction` is undefined for a field with no pixel of the image. */
  fields: { field: string; validFraction: number | undefined }[];
}

/** The ground size of a pixel asked and the one the file holds (the service may send coarser
 * pixels over a large area), in metres; `delivered` is undefined when the file does not say. */
export interface PixelSize {
  asked: number;
  delivered: number | undefined;
}

/** What a bought image holds, read once after it is saved (the STAC Item's read): the one outcome
 * a single composite, each part, each tile and each date of a series or an apply report, which
 * every place a purchase is told reads (`purchase-notes.ts` words the warning). Each is unset
 * when the image was not bought or not read in this run. */
export interface ImageOutcome {
  /** The share (0..1) of the image's pixels that hold data (0: paid for, but empty). */
  validFraction?: number;
  /** The image's valid share over the area it was bought for and each of its fields. */
  coverage?: AreaCoverage;
  /** The pixel size asked and the one the file holds. */
  pixelSize?: PixelSize;
}

export interface CompositeResult extends ImageOutcome {
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
  /** AutomaticOrderCreation on an unordered area: the order the service would create, priced. */
  automaticOrder?: AutomaticOrderPrice;
  files: string[];
  /** The pixel size asked, in metres, when an image was bought: the file's may be coarser (the
   * service's choice over a large area), and its name then says the size it holds. */
  resolution?: number;
  /** The STAC Item written beside each image (`<name>.json`). */
  stacItems?: string[];
  bytes: number;
  /** Set when the AOI was above the key's maximum composite area and went in parts. */
  parts?: BatchResult;
  /** How many times composite/available ran (more than once when a setting changed). */
  availabilityChecks: number;
  /** Set with outcome 'may-have-been-charged'. */
  charge?: ChargeUncertainty;
  /** The credits this run spent: the estimate accepted before the billed call, once the call was
   * answered (in parts: only when every part was bought in this run, the sum priced). Unset when
   * nothing was bought or what was spent is not known. */
  creditsSpent?: number;
  /** Where the service uploaded the image (UploadUrl, without its query): nothing was saved. */
  uploadedTo?: string;
  /** The composite was bought before with exactly this request and is in the folder: nothing
   * was sent, bought or written in this run (`bytes` is 0; `files` names the one there). */
  boughtBefore?: boolean;
  /** Said of a date used in part (AllowPartialImage), with the covered share. */
  partialNote?: string;
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
  /** Sentences naming existing orders whose area the estimated one overlaps, with the km². */
  overlaps?: string[];
  /** The polygon order and the service's cheapest tile cover, both estimated, when compared. */
  covers?: CoverOption[];
  /** Set when an order was created. */
  order: TaskOrder | undefined;
  recurring: boolean;
  /** For a recurring order: the last moment (ISO, UTC) a cancellation stops next month's charge. */
  cancellationDeadline: string | undefined;
  /** Set with outcome 'unknown': the create request's answer was lost and no order showed. */
  charge?: ChargeUncertainty;
}

export interface TilesResult {
  outcome: Outcome;
  tiles: TileRecord[];
  selected: string[];
}

export interface BatchUnitReport extends ImageOutcome {
  id: string;
  /** may-have-been-charged: sent, answer lost; not sent again unless the person chooses it. */
  status: 'done' | 'failed' | 'skipped' | 'may-have-been-charged';
  file?: string;
  bytes?: number;
  error?: string;
  /** A failed unit that was not sent because the service has no imagery for it (nothing billed). */
  notAvailable?: true;
}

export interface BatchResult {
  outcome: Outcome;
  /** The settings every unit used (model, constellations, date, resolution...), for a retry. */
  choices?: Record<string, unknown>;
  manifestPath: string | undefined;
  units: BatchUnitReport[];
  files: string[];
  failed: BatchUnitReport[];
  /** Units whose answer was lost after sending: not in `failed`, never retried by "Retry failed". */
  uncertain: BatchUnitReport[];
  /** Set when `uncertain` is not empty. */
  charge?: ChargeUncertainty;
  bytes: number;
  /** The credits of the units bought in this run, each at the estimate it was sent under; unset
   * when none was bought or one of them had no estimate (what was spent is then not known). */
  creditsSpent?: number;
  /** The STAC ItemCollection of the folder's images (each also has its Item beside it). */
  itemCollection?: string;
}

/** A batch before its first unit: what a run stopped before it sent anything returns. */
export function batchNotStarted(): BatchResult {
  return { outcome: 'cancelled', manifestPath: undefined, units: [], files: [], failed: [], uncertain: [], bytes: 0 };
}
