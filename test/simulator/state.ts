// What the simulated service remembers: the account, the orders, and the clock that moves
// order statuses along. Order records are stored as requested and turned into the service's
// shape (with the status of the moment) when read.
import type { AccountLimits } from './types';
import { DateCatalog, dayNumber, isoDay, todayOf } from './dates';
import { bboxContains, unionBbox } from './geometry';
import type { Bbox } from './geometry';
import { guidOf } from './random';
import type { SeasonScript } from './season';

const ORDER_STATUSES = ['Review', 'Preparing', 'AwaitingSatelliteProducts', 'Processing'] as const;

export interface StoredOrder {
  TaskOrderGuid: string;
  StorageMonths: number;
  ApiRequests: number;
  ImageFrequency: number;
  TaskOrderAreaKm2: number;
  Model: string;
  ReferenceDate: string;
  From: string;
  To: string | null;
  SatelliteConstellations: string[];
  Tiles: string[];
  MiniTiles: string[];
  DeduplicatedTiles: string[];
  Wkt: string | null;
  /** Areas the order covers: each AOI part's box, or each ordered tile's box. */
  boxes: Bbox[];
  createdAt: number;
  canceledAt?: number;
  /** What creating it charged (EUR): this month's cost, taken from the balance, and next month's,
   * committed. Absent for the demo's preloaded orders, which were never charged. */
  costs?: { thisMonth: number; nextMonth: number };
  /** What the service billed it, month by month (YYYY-MM, UTC): its first month when it was
   * created, each later month it runs on that month's 1st (order-billing.ts). Absent for the
   * demo's preloaded orders. A month cancelled in Review is taken out again. */
  charges?: { month: string; euros: number }[];
  /** Cancelled while in Review: cancelled in full, billed nothing. */
  canceledInReview?: boolean;
}

export type Account = AccountLimits & { CurrentMonthCosts: number; NextMonthCosts: number };

const DEFAULT_ACCOUNT: AccountLimits = {
  MaxConcurrentConnections: 4,
  MaxCompositeAreaKm2: 1000,
  MaxTotalBands: 16,
  CreditAmount: 10_000,
  CreditLimit: 10_000,
  EuroCreditAmount: 500,
  EuroCreditLimit: 500,
};

export class SimulatorState {
  readonly account: Account;
  readonly dates: DateCatalog;
  /** Orders as stored, oldest first; `orders` gives the service's view of them. */
  readonly stored: StoredOrder[] = [];
  private clockOffset = 0;
  /** The last calendar month (YYYY-MM, UTC) whose orders were billed (order-billing.ts). */
  billedMonth: string;
  private orderCounter = 0;
  /** Every image price (estimate and charge alike) is multiplied by it: a service whose price
   * changes between a plan and its apply. Tests set it at any time. */
  priceFactor = 1;
  /** From the image charge after `afterCharges` on, prices are multiplied by `factor` instead: a
   * price that rises during a run, after its first billed calls. */
  priceRise: { afterCharges: number; factor: number } | undefined;
  /** Image charges made so far (composites, tiles, mini-tiles), for `priceRise`. */
  imageCharges = 0;
  /** The scripted season the images show (season.ts), when one is loaded. */
  season: SeasonScript | undefined;
  /** The demo data is loaded: images of the demo region show its landscape (demo-landscape.ts). */
  demo = false;

  constructor(
    readonly seed: number,
    account: Partial<AccountLimits> | undefined,
    private readonly baseClock: () => number,
    readonly statusStepMs: number,
    imageryEveryDay = false,
    imageryEastEdge?: number,
  ) {
    this.account = { ...DEFAULT_ACCOUNT, ...account, CurrentMonthCosts: 0, NextMonthCosts: 0 };
    this.billedMonth = new Date(this.now()).toISOString().slice(0, 7);
    this.dates = new DateCatalog(seed, imageryEveryDay, imageryEastEdge);
  }

  /** What image prices are multiplied by now. */
  currentPriceFactor(): number {
    const rise = this.priceRise;
    return rise && this.imageCharges >= rise.afterCharges ? rise.factor : this.priceFactor;
  }

  now(): number {
    return this.baseClock() + this.clockOffset;
  }

  today(): number {
    return todayOf(this.now());
  }

  advanceClock(ms: number): void {
    this.clockOffset += ms;
  }

  nextOrderGuid(): string {
    return guidOf(this.seed, 'order', ++this.orderCounter);
  }

  /** The orders as the service returns them, with their current status. */
  get orders(): Array<Record<string, unknown>> {
    return this.stored.map((o) => this.view(o));
  }

  /** Orders that name tiles or mini-tiles. */
  get tileOrders(): Array<Record<string, unknown>> {
    return this.stored
      .filter((o) => o.Tiles.length + o.MiniTiles.length + o.DeduplicatedTiles.length > 0)
      .map((o) => this.view(o));
  }

  find(guid: string): StoredOrder | undefined {
    return this.stored.find((o) => o.TaskOrderGuid === guid.toLowerCase());
  }

  status(order: StoredOrder): string {
    if (order.canceledAt !== undefined) return 'Canceled';
    const step = Math.floor((this.now() - order.createdAt) / this.statusStepMs);
    if (step < ORDER_STATUSES.length) return ORDER_STATUSES[Math.max(0, step)] as string;
    return order.To === null ? 'UpToDate' : 'Completed';
  }

  /** An order whose period has ended and whose storage months have run out. */
  isExpired(order: StoredOrder): boolean {
    if (order.To === null) return false;
    const end = new Date(order.To + 'T00:00:00Z');
    end.setUTCMonth(end.getUTCMonth() + order.StorageMonths);
    return end.getTime() < this.now();
  }

  isActive(order: StoredOrder): boolean {
    return order.canceledAt === undefined && !this.isExpired(order);
  }

  view(order: StoredOrder): Record<string, unknown> {
    const {
      boxes: _boxes,
      createdAt,
      canceledAt: _canceledAt,
      costs: _costs,
      charges: _charges,
      canceledInReview: _inReview,
      DeduplicatedTiles,
      ...fields
    } = order;
    return {
      ...fields,
      BillingCycle: order.To === null ? 'Monthly' : 'Once',
      OrderingProcessStatus: this.status(order),
      CreatedDate: new Date(createdAt).toISOString(),
      ...(DeduplicatedTiles.length > 0 ? { DeduplicatedTiles } : {}),
    };
  }

  /** The active order of this model whose area holds the box and whose period holds the day. */
  coveringOrder(model: string, box: Bbox, day: number): StoredOrder | undefined {
    return this.stored.find((o) => {
      if (!this.isActive(o) || o.Model !== model) return false;
      if (day < dayNumber(o.From) || (o.To !== null && day > dayNumber(o.To))) return false;
      const isTileOrder = o.Tiles.length + o.MiniTiles.length > 0;
      return isTileOrder ? bboxContains(unionBbox(o.boxes), box) : o.boxes.some((b) => bboxContains(b, box));
    });
  }

  todayIso(): string {
    return isoDay(this.today());
  }
}
