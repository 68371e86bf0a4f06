// The run's spend guard on its own: what it lets through, what it refuses and how it says so.
import * as assert from 'node:assert/strict';
import { PriceRefusal, SpendGuard } from '../../../src/buying/spend-guard';

describe('buying: the spend guard of a run', () => {
  it('without a budget, holds the run to the prices confirmed in it, each unit apart', () => {
    const guard = new SpendGuard();
    guard.confirm('credits', 1);
    guard.confirm('credits', 0.5);
    guard.confirm('EUR', 10);
    guard.reserve('credits', 0.9, 'date 1').spent();
    guard.reserve('EUR', 10, 'the order').spent();
    assert.throws(
      () => guard.reserve('credits', 0.7, 'date 2', 0.5),
      (error: unknown) => {
        assert.ok(error instanceof PriceRefusal);
        assert.match(
          error.message,
          /^date 2 was not sent: the service priced it at 0\.7 credits just before sending \(it was 0\.5 credits when priced\), more than the 0\.6 credits left of the 1\.5 credits confirmed\. Nothing was charged/,
        );
        return true;
      },
    );
    guard.reserve('credits', 0.6, 'date 2').spent();
    assert.equal(guard.spent('credits'), 1.5);
    assert.equal(guard.spent('EUR'), 10);
  });

  it('a confirmation withdrawn no longer counts: the new price must be confirmed in its place', () => {
    const guard = new SpendGuard();
    guard.confirm('credits', 1);
    assert.throws(() => guard.reserve('credits', 2, 'a', 1), PriceRefusal);
    guard.withdraw('credits', 1);
    guard.confirm('credits', 2);
    guard.reserve('credits', 2, 'a').spent();
    assert.throws(() => guard.reserve('credits', 0.5, 'b'), /left of the 2 credits confirmed/);
  });

  it('nothing confirmed in a unit refuses every billed call in it, but a call priced at nothing', () => {
    const guard = new SpendGuard();
    assert.throws(() => guard.reserve('credits', 0.01, 'a tile'), /left of nothing confirmed/);
    guard.reserve('EUR', 0, 'an order of next month').spent();
  });

  it('a budget governs instead of what was confirmed; a plan holds the run below it', () => {
    const guard = new SpendGuard(5);
    guard.reserve('credits', 4, 'a').spent();
    assert.throws(() => guard.reserve('credits', 1.5, 'b'), /left of the budget of 5 \(--max-cost\)/);
    const held = new SpendGuard(100);
    held.holdTo('credits', 2);
    held.reserve('credits', 2, 'a').spent();
    assert.throws(() => held.reserve('credits', 0.01, 'b'), /left of the 2 credits of the plan/);
  });

  it('calls priced side by side cannot both take the last credits; a released call frees them', () => {
    const guard = new SpendGuard(1);
    const first = guard.reserve('credits', 0.6, 'a');
    assert.throws(() => guard.reserve('credits', 0.6, 'b'), PriceRefusal);
    first.release();
    guard.reserve('credits', 0.6, 'b').spent();
    assert.equal(guard.spent('credits'), 0.6);
  });

  it('a call whose answer was lost keeps its price held, apart from what was spent', () => {
    const guard = new SpendGuard(1);
    guard.reserve('credits', 0.7, 'a').uncertain();
    assert.throws(() => guard.reserve('credits', 0.5, 'b'), PriceRefusal);
    assert.equal(guard.spent('credits'), 0);
    assert.equal(guard.uncertain('credits'), 0.7);
  });

  it('sums to the millionth, as estimates are said: 0.1 + 0.2 fits a budget of 0.3', () => {
    const guard = new SpendGuard(0.3);
    guard.reserve('credits', 0.1, 'a').spent();
    guard.reserve('credits', 0.2, 'b').spent();
    assert.equal(guard.spent('credits'), 0.3);
  });

  it('refuses a price no budget can hold', () => {
    const guard = new SpendGuard(10);
    for (const price of [-1, Number.NaN, Number.POSITIVE_INFINITY])
      assert.throws(() => guard.reserve('credits', price, 'a'), /which no budget can hold/);
  });
});
