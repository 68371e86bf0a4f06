import * as assert from 'node:assert/strict';
import {
  counted,
  formatArea,
  formatCredits,
  formatMegabytes,
  formatMoney,
  formatUtc,
  NOT_GIVEN,
} from '../../../../src/common/format';
import { budgetedCost, deriveWarnings } from '../../../../media/webview/estimate/warnings';
import { cancellationTerms, nextRenewal } from '../../../../src/common/cancellation-terms';
import { readAoi } from '../../../../src/geometry/read-aoi';
import { billingRulesFrom } from '../../../../src/geometry/billing-rules';
import { estimateAoi } from '../../../../src/pricing/estimate-view-builders';
import { compositeModel, orderModel, tilesModel } from './webview-fixtures';

const en = 'en-US';
const now = new Date('2026-11-22T10:00:00Z');
/** Intl puts a no-break space between a currency code and the amount. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('webview figures', () => {
  it('writes money with its currency code, and survives an unknown code', () => {
    assert.equal(plain(formatMoney(1234.5, 'EUR', en)), 'EUR 1,234.50');
    assert.equal(formatMoney(3, 'CREDITS', en), '3 CREDITS');
    assert.equal(formatMoney(undefined, 'EUR', en), NOT_GIVEN);
  });

  it('writes credits, areas and UTC dates', () => {
    assert.equal(formatCredits(14.04, en), '14.04 credits');
    assert.equal(formatArea(1234.56, en), '1,235 km²');
    assert.equal(formatArea(0.5, en), '0.5 km²');
    assert.equal(formatUtc('2026-12-01T00:00:00Z', en), 'Dec 1, 2026, 00:00 UTC');
    assert.equal(formatUtc('2026-06-03', en), 'Jun 3, 2026');
    assert.equal(formatUtc('soon', en), 'soon');
  });

  it('writes a small file size in kB, never "0 MB", and counts in the singular for one (seen on the walk)', () => {
    assert.equal(formatMegabytes(0.0136, en), '14 kB');
    assert.equal(formatMegabytes(0.0004, en), 'under 1 kB');
    assert.equal(formatMegabytes(12.34, en), '12.3 MB');
    assert.equal(formatMegabytes(undefined, en), NOT_GIVEN);
    assert.equal(counted(1, 'tile'), '1 tile');
    assert.equal(counted(0, 'mini-tile'), '0 mini-tiles');
  });
});

describe('webview warnings', () => {
  it('warns when the billed area is above 1.5× the drawn one, not at 1.5×', () => {
    const aoi = (billed: number) => ({ polygons: [], billedBoxes: [], areaKm2: 10, billedAreaKm2: billed });
    const ids = (billed: number) =>
      deriveWarnings(orderModel({ aoi: aoi(billed), recurring: false }), en, now).map((w) => w.id);
    assert.deepEqual(ids(15), []);
    assert.deepEqual(ids(15.1), ['billed-area']);
    const text = deriveWarnings(orderModel({ aoi: aoi(40), recurring: false }), en, now)[0].text;
    assert.match(text, /40 km².*4× the drawn area \(10 km²\)/);
  });

  it('names the minimum billed area of the billing rules the area was measured with, never a figure of its own', () => {
    // Two small fields far apart: each billed at the minimum, far above what is drawn.
    const wkt =
      'MULTIPOLYGON(((10 56,10.001 56,10.001 56.001,10 56.001,10 56)),((10.2 56,10.201 56,10.201 56.001,10.2 56.001,10.2 56)))';
    const text = (rules?: ReturnType<typeof billingRulesFrom>) => {
      const read = readAoi(wkt, 'wkt', rules);
      assert.ok(read.ok);
      return (
        deriveWarnings(orderModel({ aoi: estimateAoi(read.aoi), recurring: false }), en, now).find(
          (w) => w.id === 'billed-area',
        )?.text ?? ''
      );
    };
    // The default rules (0.5 km² a polygon): billed 1 km², and the warning says 0.5, not 1.
    assert.match(text(), /The billed area \(1 km²\).*at least 0\.5 km²\.$/);
    assert.doesNotMatch(text(), /at least 1 km²/);
    // A specification document that says 2 km²: billed 4 km², the warning says 2.
    assert.match(
      text(billingRulesFrom({ 'x-billing': { minimumBilledAreaKm2: 2 } })),
      /The billed area \(4 km²\).*at least 2 km²\.$/,
    );
  });

  it("uses the service's billed area for a composite", () => {
    const model = compositeModel({ areaEstimateKm2: 200 });
    assert.deepEqual(
      deriveWarnings(model, en, now).map((w) => w.id),
      ['billed-area'],
    );
  });

  it('warns when the cost is above the budget, in credits or in the currency', () => {
    assert.deepEqual(deriveWarnings(compositeModel({ budget: 14.04 }), en, now), []);
    const [credits] = deriveWarnings(compositeModel({ budget: 10 }), en, now);
    assert.equal(credits.id, 'budget');
    assert.match(credits.text, /14\.04 credits, above your budget of 10 credits/);
    const order = orderModel({ budget: 20, recurring: false });
    assert.equal(budgetedCost(order), 23.5);
    const [money] = deriveWarnings(order, en, now);
    assert.match(plain(money.text), /EUR 23\.50, above your budget of EUR 20\.00/);
  });

  it("states a recurring order's renewal, next month's cost and the cancellation deadline", () => {
    const [w] = deriveWarnings(orderModel(), en, now);
    assert.equal(w.id, 'recurring');
    assert.match(w.text, /renews every month/);
    assert.match(plain(w.text), /EUR 23\.50/);
    assert.match(w.text, /before Dec 1, 2026, 00:00 UTC/);
    const [fallback] = deriveWarnings(
      orderModel({ cancellationDeadline: undefined }),
      en,
      new Date('2026-12-31T23:59:00Z'),
    );
    assert.match(fallback.text, /Jan 1, 2027, 00:00 UTC/);
    assert.equal(nextRenewal(new Date('2026-02-10T00:00:00Z')), '2026-03-01T00:00:00.000Z');
  });

  it("adds the workflow's own sentences after the derived ones, without saying a topic twice", () => {
    assert.deepEqual(deriveWarnings(tilesModel({ warnings: ['Two tiles overlap.'] }), en, now), [
      { id: 'workflow', text: 'Two tiles overlap.' },
    ]);
    const order = orderModel({
      warnings: ['This order renews every month. Cancel it before 2026-12-01 00:00 UTC.', 'Storage is extra.'],
    });
    assert.deepEqual(
      deriveWarnings(order, en, now).map((w) => w.id),
      ['recurring', 'workflow'],
    );
    // A sentence on a topic the panel did not raise itself is kept.
    const fixed = orderModel({ recurring: false, warnings: ['The cost (5) is at or above your budget of 5.'] });
    assert.deepEqual(
      deriveWarnings(fixed, en, now).map((w) => w.id),
      ['workflow'],
    );
  });
});

describe('webview cancellation terms', () => {
  const today = new Date('2026-11-26T15:30:00Z');
  const ids = (terms: { id: string }[]) => terms.map((t) => t.id);

  it('does not show a cancellation date already past: an order with an end date starting today', () => {
    // The service's CancellationDate of an order starting today: that day's 00:00 UTC.
    const terms = cancellationTerms(
      orderModel({ recurring: false, cancellationDeadline: undefined, cancellationDate: '2026-11-26T00:00:00Z' }),
      en,
      today,
    );
    assert.deepEqual(ids(terms), ['cancellation-rule']);
    assert.equal(terms[0]?.value, 'In full only while the order is in Review; it has no renewal to stop.');
    assert.ok(!terms.some((t) => /Nov 26, 2026/.test(t.value)));
  });

  it("shows the service's date while it is ahead, and a recurring order's deadline before the 1st", () => {
    const terms = cancellationTerms(
      orderModel({
        recurring: true,
        cancellationDeadline: '2026-12-01T00:00:00.000Z',
        cancellationDate: '2026-12-01T00:00:00Z',
      }),
      en,
      today,
    );
    assert.deepEqual(ids(terms), ['cancellation-deadline', 'cancellation-rule', 'cancellation-date']);
    assert.equal(terms[0]?.value, 'Dec 1, 2026, 00:00 UTC');
    assert.match(terms[1]?.value ?? '', /only its renewal can be stopped/);
    // The last minute of a year: the next renewal is in the next year.
    const [deadline] = cancellationTerms(
      orderModel({ recurring: true, cancellationDeadline: undefined }),
      en,
      new Date('2027-12-31T23:30:00Z'),
    );
    assert.equal(deadline?.value, 'Jan 1, 2028, 00:00 UTC');
  });
});
