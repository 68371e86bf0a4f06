// The alert rules against a small table worked by hand: each expected alert is written out with
// its arithmetic beside it. Weekly dates, T = 0.15, K = 3, D = 21 days, min-valid 0.5 unless a
// case says otherwise.
import * as assert from 'node:assert/strict';
import { alertsOf } from '../../../src/stats/alerts/index';
import type { Alert } from '../../../src/stats/alerts/index';
import type { StatsRow } from '../../../src/stats/index';

const D = ['2026-05-04', '2026-05-11', '2026-05-18', '2026-05-25', '2026-06-01', '2026-06-08', '2026-06-15'];

/** A field of 100 pixels on a date: its mean and the share of its pixels with a value. */
function row(field: string, date: string, mean: number | undefined, share = 1, index = 'ndvi'): StatsRow {
  const valid = Math.round(share * 100);
  return {
    field,
    date,
    index,
    ...(mean === undefined ? {} : { mean }),
    valid_pixels: valid,
    nodata_pixels: 100 - valid,
    valid_fraction: share,
    image: `${date}.tif`,
  };
}

/** An alert without its sentence, to compare with the hand-worked ones. */
function bare({ sentence: _sentence, ...alert }: Alert): Omit<Alert, 'sentence'> {
  return alert;
}

function series(field: string, values: (number | undefined)[], shares: number[] = []): StatsRow[] {
  return values.map((v, i) => row(field, D[i] as string, v, shares[i] ?? 1));
}

describe('stats: field alerts by hand', () => {
  it('drop: told on the first date more than T below the median of the 3 valid dates before it, once per drop', () => {
    // d1 0.50, d2 0.60, d3 0.70: fewer than 3 dates before them, no baseline, no drop.
    // d4 0.72: median(0.50, 0.60, 0.70) = 0.60, above it.
    // d5 0.40: median(0.60, 0.70, 0.72) = 0.70; 0.70 - 0.40 = 0.30 > 0.15: a drop.
    // d6 0.38: median(0.70, 0.72, 0.40) = 0.70; 0.32 > 0.15, but d5 was below its baseline too:
    //          the same drop, not told again.
    // d7 0.39: median(0.72, 0.40, 0.38) = 0.40; 0.01: no drop.
    const rows = series('A', [0.5, 0.6, 0.7, 0.72, 0.4, 0.38, 0.39]);
    const alerts = alertsOf(rows);
    assert.deepEqual(alerts.map(bare), [
      {
        field: 'A',
        date: D[4],
        index: 'ndvi',
        rule: 'drop',
        value: 0.4,
        baseline: 0.7,
        threshold: 0.15,
        baselineDates: [D[1], D[2], D[3]],
      },
    ]);
    assert.equal(
      alerts[0]?.sentence,
      'ndvi fell to 0.40, 0.30 below 0.70, the median of its 3 previous valid dates (2026-05-11, 2026-05-18, 2026-05-25); more than 0.15 is a drop.',
    );
    // With T = 0.35 the 0.30 is no drop.
    assert.deepEqual(alertsOf(rows, { drop: 0.35 }), []);
  });

  it('an even baseline (K = 4) is the mean of its two middle values', () => {
    // d5 0.55 after 0.80, 0.60, 0.70, 0.90: sorted 0.60, 0.70, 0.80, 0.90, median (0.70 + 0.80) / 2
    // = 0.75; 0.75 - 0.55 = 0.20 > 0.15: a drop. (The lower middle, 0.70, would give 0.15, no drop.)
    const rows = series('B', [0.8, 0.6, 0.7, 0.9, 0.55]);
    assert.deepEqual(alertsOf(rows, { baseline: 4 }).map(bare), [
      {
        field: 'B',
        date: D[4],
        index: 'ndvi',
        rule: 'drop',
        value: 0.55,
        baseline: (0.7 + 0.8) / 2,
        threshold: 0.15,
        baselineDates: [D[0], D[1], D[2], D[3]],
      },
    ]);
    // K = 5: only 4 valid dates before d5, the start of the season: no drop at all.
    assert.deepEqual(alertsOf(rows, { baseline: 5 }), []);
  });

  it('low-coverage on each date below min-valid; unseen once D days after the last valid date', () => {
    // d1 0.60 whole: valid. d2 30 %: low-coverage (7 days unseen). d3 every pixel nodata (no mean):
    // low-coverage at 0 % (14 days). d4 49 %: low-coverage, and 21 days since d1 ≥ 21: unseen,
    // told once, with d1's 0.60 as its baseline. d5 valid again: the gap is closed. Only d1 and d5
    // are valid: fewer than 3, so no drop whatever the values.
    const rows = series('C', [0.6, 0.1, undefined, 0.2, 0.61], [1, 0.3, 0, 0.49, 1]);
    const low = (date: string, share: number) => ({
      field: 'C',
      date,
      index: 'ndvi',
      rule: 'low-coverage' as const,
      value: share,
      baseline: null,
      threshold: 0.5,
      baselineDates: [],
    });
    const alerts = alertsOf(rows);
    assert.deepEqual(alerts.map(bare), [
      low(D[1] as string, 0.3),
      low(D[2] as string, 0),
      {
        field: 'C',
        date: D[3],
        index: 'ndvi',
        rule: 'unseen',
        value: 21,
        baseline: 0.6,
        threshold: 21,
        baselineDates: [D[0]],
      },
      low(D[3] as string, 0.49),
    ]);
    assert.equal(
      alerts[2]?.sentence,
      'No valid ndvi for 21 days while dates were bought (last valid on 2026-05-04); 21 days make an alert.',
    );
    assert.equal(
      alerts[0]?.sentence,
      'Only 30 % of the field had a ndvi value on this bought date; a valid date needs 50 %.',
    );
    // With min-valid 0.25, d2 (30 %) and d4 (49 %) are valid: d3 alone is low, no gap of 21 days.
    assert.deepEqual(
      alertsOf(rows, { minValid: 0.25 }).map((a) => `${a.date} ${a.rule}`),
      [`${D[2]} low-coverage`],
    );
  });

  it('a field with no valid date at all: low-coverage each date, unseen 21 days after its first date bought', () => {
    // d1 10 %, d2 0 %, d3 20 %, d4 5 %: no valid date; d4 is 21 days after d1: unseen, no baseline.
    const rows = series('D', [0.3, undefined, 0.3, 0.3], [0.1, 0, 0.2, 0.05]);
    assert.deepEqual(
      alertsOf(rows).map((a) => [a.date, a.rule, a.value, a.baseline, a.baselineDates]),
      [
        [D[0], 'low-coverage', 0.1, null, []],
        [D[1], 'low-coverage', 0, null, []],
        [D[2], 'low-coverage', 0.2, null, []],
        [D[3], 'unseen', 21, null, []],
        [D[3], 'low-coverage', 0.05, null, []],
      ],
    );
    assert.match(
      alertsOf(rows).find((a) => a.rule === 'unseen')?.sentence ?? '',
      /no valid date since the first date bought/,
    );
  });

  it('a date NaN for one index is no valid date for it, and no concern of another index', () => {
    // E's ndvi is NaN on d3 with every pixel "valid" (a table from another tool): its share is 0,
    // low-coverage. The B8 of the same date is a number: nothing. Flat otherwise: no drop.
    const ndvi = series('E', [0.5, 0.5, Number.NaN, 0.5, 0.5]);
    const b8 = [0.3, 0.3, 0.3, 0.3, 0.3].map((v, i) => row('E', D[i] as string, v, 1, 'B8'));
    const alerts = alertsOf([...ndvi, ...b8]);
    assert.deepEqual(
      alerts.map((a) => [a.date, a.index, a.rule, a.value]),
      [[D[2], 'ndvi', 'low-coverage', 0]],
    );
    assert.deepEqual(alertsOf([...ndvi, ...b8], {}, 'B8'), []);
  });

  it('a field outside an image is not observed by it; of two images of one date the better counts', () => {
    // F lies outside d2's image (no pixel): d2 is no date of F's, nothing to say of it. On d3 two
    // images: 20 % in one, 100 % in the other: the 100 % counts, no low-coverage.
    const outside: StatsRow = { ...row('F', D[1] as string, undefined, 0), nodata_pixels: 0 };
    const rows = [
      row('F', D[0] as string, 0.5),
      outside,
      row('F', D[2] as string, 0.5, 0.2),
      row('F', D[2] as string, 0.5),
    ];
    assert.deepEqual(alertsOf(rows), []);
    // Alone, the 20 % image of d3 is low coverage.
    assert.deepEqual(
      alertsOf(rows.slice(0, 3)).map((a) => `${a.date} ${a.rule}`),
      [`${D[2]} low-coverage`],
    );
  });

  it('alerts come ordered by field, index, date, then drop, unseen, low-coverage', () => {
    const rows = [...series('Z', [0.5, 0.1], [1, 0.1]), ...series('C', [0.6, 0.1, undefined, 0.2], [1, 0.3, 0, 0.49])];
    assert.deepEqual(
      alertsOf(rows).map((a) => `${a.field} ${a.date} ${a.rule}`),
      [
        `C ${D[1]} low-coverage`,
        `C ${D[2]} low-coverage`,
        `C ${D[3]} unseen`,
        `C ${D[3]} low-coverage`,
        `Z ${D[1]} low-coverage`,
      ],
    );
  });
});
