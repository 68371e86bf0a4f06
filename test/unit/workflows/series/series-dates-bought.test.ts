// The series' thinning keeps the dates already bought: a period (ISO week, calendar month, or
// `every` days) that holds a bought date takes no other, even a date found earlier in it; periods
// without one still take their first date found.
import * as assert from 'node:assert/strict';
import { selectSeriesDates } from '../../../../src/workflows/series/series-dates';

describe('selectSeriesDates with dates already bought', () => {
  it('a week that holds a bought date takes no earlier date found later; other weeks their first', () => {
    // Weeks from Monday 2026-06-08 and 2026-06-15; 2026-06-22 is a week never bought.
    const found = ['2026-06-09', '2026-06-10', '2026-06-16', '2026-06-17', '2026-06-23', '2026-06-24'];
    assert.deepEqual(selectSeriesDates(found, { every: 'week' }), ['2026-06-09', '2026-06-16', '2026-06-23']);
    assert.deepEqual(selectSeriesDates(found, { every: 'week', bought: ['2026-06-10', '2026-06-17'] }), [
      '2026-06-10',
      '2026-06-17',
      '2026-06-23',
    ]);
  });

  it('a month that holds a bought date takes no other; a bought date the search no longer lists is kept', () => {
    const found = ['2026-05-02', '2026-05-20', '2026-06-01', '2026-07-03'];
    assert.deepEqual(selectSeriesDates(found, { every: 'month', bought: ['2026-05-20', '2026-06-12'] }), [
      '2026-05-20',
      '2026-06-12',
      '2026-07-03',
    ]);
  });

  it('every N days: a new date is taken only N days from the bought dates on both sides', () => {
    const found = ['2026-06-01', '2026-06-05', '2026-06-08', '2026-06-12', '2026-06-20'];
    // Bought 06-12: 06-08 lies 4 days before it, 06-05 only 4 days after 06-01, 06-20 8 after it.
    assert.deepEqual(selectSeriesDates(found, { every: 7, bought: ['2026-06-12'] }), [
      '2026-06-01',
      '2026-06-12',
      '2026-06-20',
    ]);
    assert.deepEqual(selectSeriesDates(found, { every: 7, bought: ['2026-06-12', '2026-06-14'] }), [
      '2026-06-01',
      '2026-06-12',
      '2026-06-14',
    ]);
  });

  it('without bought dates the thinning is as before', () => {
    const found = ['2026-06-01', '2026-06-05', '2026-06-08', '2026-06-12', '2026-06-20'];
    assert.deepEqual(selectSeriesDates(found, { every: 7, bought: [] }), selectSeriesDates(found, { every: 7 }));
    assert.deepEqual(selectSeriesDates(found, { every: 7 }), ['2026-06-01', '2026-06-08', '2026-06-20']);
  });
});
