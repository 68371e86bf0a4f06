// What one run may still spend, held against the price the service asks right before each billed
// call. A cost is confirmed from an estimate (the cost panel, a budget on the command line, a saved
// plan), and an estimate can be minutes old or come from a cache: the service's price may have
// risen since. So each billed call is priced again just before it leaves (estimates are free) and
// reserved here; the call is refused when that fresh price would take the run above its limit.
//
// The limit of a unit ('credits', or an order's currency) is the run's budget when one governs it
// (the command line's --max-cost: the person set a budget, not a price), otherwise the sum of the
// prices the person confirmed in this run (the cost panel's Proceed; a request under
// satImagery.confirmCostAbove). A saved plan holds the run to its own total besides (`holdTo`),
// whatever a larger budget would allow. A unit with no limit at all refuses every billed call.
//
// "Spent" is the sum of the fresh prices of the calls that were sent and answered; a call whose
// answer was lost keeps its reservation (it may have been charged) and is counted apart.

export class PriceRefusal extends Error {
  readonly kind = 'price-refused';
  constructor(message: string) {
    super(message);
    this.name = 'PriceRefusal';
  }
}

export function isPriceRefusal(error: unknown): error is PriceRefusal {
  return error instanceof PriceRefusal;
}

/** A fresh price held for one billed call until its outcome is known. */
export interface Reservation {
  readonly unit: string;
  readonly amount: number;
  /** The call was answered: its price is spent. */
  spent(): void;
  /** The call may have been charged (its answer was lost): its price stays held. */
  uncertain(): void;
  /** The call was not sent, or the service proved it did not run it: the price is free again. */
  release(): void;
}

interface Figures {
  confirmed: number;
  held: number;
  spent: number;
  uncertain: number;
}

/** To the millionth, as the estimates say them: 0.1 + 0.2 credits are 0.3. */
const round6 = (n: number): number => Math.round(n * 1e6) / 1e6;

export class SpendGuard {
  private readonly figures = new Map<string, Figures>();
  private readonly holds = new Map<string, number>();

  /** `budget`: the run's budget in every unit (--max-cost), named in a refusal by `budgetName`. */
  constructor(
    private readonly budget?: number,
    private readonly budgetName = '--max-cost',
  ) {}

  private of(unit: string): Figures {
    let figures = this.figures.get(unit);
    if (!figures) {
      figures = { confirmed: 0, held: 0, spent: 0, uncertain: 0 };
      this.figures.set(unit, figures);
    }
    return figures;
  }

  /** A price the person saw and confirmed (or that a budget let through) in this run. */
  confirm(unit: string, amount: number): void {
    if (Number.isFinite(amount) && amount >= 0) this.of(unit).confirmed += amount;
  }

  /** A confirmed price no longer stands (the call it was for was refused at a higher price, and
   * the person is asked again): what the run may spend goes down by it. */
  withdraw(unit: string, amount: number): void {
    const figures = this.figures.get(unit);
    if (figures && Number.isFinite(amount) && amount > 0) figures.confirmed = Math.max(0, figures.confirmed - amount);
  }

  /** A saved plan's total: the run never goes above it in this unit, whatever the budget. */
  holdTo(unit: string, amount: number): void {
    const before = this.holds.get(unit);
    this.holds.set(unit, before === undefined ? amount : Math.min(before, amount));
  }

  /** What the run may spend in this unit, and what the limit is called in a refusal. */
  private limit(unit: string): { amount: number; says: string } | undefined {
    const hold = this.holds.get(unit);
    const base =
      this.budget !== undefined
        ? { amount: this.budget, says: `the budget of ${this.budget} (${this.budgetName})` }
        : this.figures.has(unit)
          ? { amount: this.of(unit).confirmed, says: `the ${round6(this.of(unit).confirmed)} ${unit} confirmed` }
          : undefined;
    if (hold !== undefined && (base === undefined || hold < base.amount))
      return { amount: hold, says: `the ${round6(hold)} ${unit} of the plan` };
    return base;
  }

  /** Holds `amount` for one billed call, or throws a PriceRefusal naming `what`, the fresh price
   * and the limit. Synchronous, so calls priced side by side cannot both take the last credits. */
  reserve(unit: string, amount: number, what: string, before?: number): Reservation {
    if (!Number.isFinite(amount) || amount < 0)
      throw new PriceRefusal(
        `${what} was not sent: the service priced it at ${amount} ${unit} just before sending, which no budget can hold.`,
      );
    // Nothing to hold: a call the service prices at nothing takes nothing from any limit.
    const limit = amount === 0 ? { amount: Number.POSITIVE_INFINITY, says: '' } : this.limit(unit);
    const figures = this.of(unit);
    const committed = figures.held + figures.spent + figures.uncertain;
    if (limit === undefined || round6(committed + amount) > round6(limit.amount)) {
      const rose = before !== undefined && amount > before ? ` (it was ${before} ${unit} when priced)` : '';
      const left = limit === undefined ? 0 : Math.max(0, round6(limit.amount - committed));
      throw new PriceRefusal(
        `${what} was not sent: the service priced it at ${amount} ${unit} just before sending${rose}, more than the ${left} ${unit} left of ${limit?.says ?? 'nothing confirmed'}. Nothing was charged for it; price it again to see the new cost.`,
      );
    }
    figures.held += amount;
    let open = true;
    const settle = (into?: 'spent' | 'uncertain') => {
      if (!open) return;
      open = false;
      figures.held -= amount;
      if (into) figures[into] += amount;
    };
    return {
      unit,
      amount,
      spent: () => settle('spent'),
      uncertain: () => settle('uncertain'),
      release: () => settle(),
    };
  }

  /** The fresh prices of the calls answered in this run, in this unit. */
  spent(unit: string): number {
    return round6(this.figures.get(unit)?.spent ?? 0);
  }

  /** The fresh prices of the calls whose answers were lost. */
  uncertain(unit: string): number {
    return round6(this.figures.get(unit)?.uncertain ?? 0);
  }
}
