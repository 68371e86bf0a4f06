// The Field alerts view's model, without VS Code: two small tables worked by hand (weekly dates,
// the rules' defaults: T 0.15, K 3, D 21 days, min-valid 50 %), their alerts grouped by table and
// field, each said in words, and which are new beside the keys the workspace kept as shown.
import * as assert from 'node:assert/strict';
import type { StatsRow } from '../../../src/stats/index';
import {
  alertText,
  alertsOfTables,
  fieldGroups,
  fieldText,
  keysToKeep,
  newAlerts,
  newAlertsSentence,
} from '../../../src/ui/tree/field-alerts-model';
import type { AlertTable } from '../../../src/ui/tree/field-alerts-model';

const D = ['2026-05-04', '2026-05-11', '2026-05-18', '2026-05-25', '2026-06-01', '2026-06-08'];

/** A field of 100 pixels on the i-th date: its mean, and the share of it with a value. */
function rows(field: string, values: (number | undefined)[], shares: number[] = []): StatsRow[] {
  return values.map((mean, i) => {
    const share = shares[i] ?? 1;
    return {
      field,
      date: D[i] as string,
      index: 'ndvi',
      ...(mean === undefined ? {} : { mean }),
      valid_pixels: Math.round(share * 100),
      nodata_pixels: 100 - Math.round(share * 100),
      valid_fraction: share,
      image: `${D[i]}.tif`,
    };
  });
}

// North: A drops on D[4] (0.40 against the median 0.70 of 0.60, 0.70, 0.72); B is under cloud on
// D[1] (10 % valid: low coverage). South: C valid on D[0] only, then clouds: low coverage on D[1],
// D[2], D[3], and on D[3] 21 days unseen since D[0].
const NORTH: AlertTable = {
  name: 'north/field-stats.csv',
  path: '/w/north/field-stats.csv',
  rows: [...rows('A', [0.5, 0.6, 0.7, 0.72, 0.4, 0.41]), ...rows('B', [0.5, 0.5, 0.52, 0.5], [1, 0.1, 1, 1])],
};
const SOUTH: AlertTable = {
  name: 'south/field-stats.csv',
  path: '/w/south/field-stats.csv',
  rows: rows('C', [0.5, undefined, undefined, undefined], [1, 0, 0, 0]),
};

describe('ui: the Field alerts view model', () => {
  it("lists each table's alerts, grouped by field, each keyed by its table", () => {
    const alerts = alertsOfTables([NORTH, SOUTH]);
    assert.deepEqual(
      alerts.map((a) => `${a.table} ${a.field} ${a.date} ${a.rule}`),
      [
        'north/field-stats.csv A 2026-06-01 drop',
        'north/field-stats.csv B 2026-05-11 low-coverage',
        'south/field-stats.csv C 2026-05-11 low-coverage',
        'south/field-stats.csv C 2026-05-18 low-coverage',
        'south/field-stats.csv C 2026-05-25 unseen',
        'south/field-stats.csv C 2026-05-25 low-coverage',
      ],
    );
    assert.equal(alerts[0]?.path, '/w/north/field-stats.csv');
    assert.equal(alerts[0]?.key, 'north/field-stats.csv\nA\nndvi\n2026-06-01\ndrop');
    const groups = fieldGroups(alerts);
    assert.deepEqual(
      groups.map((g) => [g.table, g.field, g.alerts.length]),
      [
        ['north/field-stats.csv', 'A', 1],
        ['north/field-stats.csv', 'B', 1],
        ['south/field-stats.csv', 'C', 4],
      ],
    );
    // With two tables a field's row names its table; with one, not.
    assert.deepEqual(fieldText(groups[2] as (typeof groups)[number], 2), {
      label: 'C',
      description: '4 alerts · latest: unseen on 2026-05-25 · south/field-stats.csv',
    });
    assert.equal(
      fieldText(groups[0] as (typeof groups)[number], 1).description,
      '1 alert · latest: drop on 2026-06-01',
    );
  });

  it('says each rule in words: value beside baseline, days unseen, the share with a value', () => {
    const [drop, cloud, , , unseen] = alertsOfTables([NORTH, SOUTH]);
    assert.deepEqual(alertText(drop as NonNullable<typeof drop>), {
      label: 'Drop on 2026-06-01',
      description: 'ndvi 0.40, 0.30 below its baseline 0.70',
      tooltip:
        'ndvi fell to 0.40, 0.30 below 0.70, the median of its 3 previous valid dates (2026-05-11, 2026-05-18, 2026-05-25); more than 0.15 is a drop.',
    });
    assert.deepEqual(alertText(cloud as NonNullable<typeof cloud>), {
      label: 'Low coverage on 2026-05-11',
      description: '10 % of the field had a ndvi value (a valid date needs 50 %)',
      tooltip: 'Only 10 % of the field had a ndvi value on this bought date; a valid date needs 50 %.',
    });
    assert.equal(alertText(unseen as NonNullable<typeof unseen>).label, 'Unseen on 2026-05-25');
    assert.equal(
      alertText(unseen as NonNullable<typeof unseen>).description,
      'no valid ndvi for 21 days (last 2026-05-04: 0.50)',
    );
  });

  it('tells new alerts from those shown before, and keeps the shown ones newest first within a bound', () => {
    const alerts = alertsOfTables([NORTH, SOUTH]);
    const shownBefore = alertsOfTables([NORTH]).map((a) => a.key);
    const fresh = newAlerts(alerts, new Set(shownBefore));
    assert.deepEqual(
      fresh.map((a) => `${a.field} ${a.date} ${a.rule}`),
      ['C 2026-05-11 low-coverage', 'C 2026-05-18 low-coverage', 'C 2026-05-25 unseen', 'C 2026-05-25 low-coverage'],
    );
    assert.equal(
      newAlertsSentence(fresh, 'the apply of imagery.json'),
      '4 new field alerts on 1 field after the apply of imagery.json: C low coverage on 2026-05-11 and 3 more.',
    );
    assert.deepEqual(newAlerts(alerts, new Set(alerts.map((a) => a.key))), [], 'all shown: nothing new');
    // An old key no table raises any more is kept behind the ones shown now, and the bound cuts it first.
    const kept = keysToKeep(alertsOfTables([SOUTH]), ['gone', ...shownBefore], 5);
    assert.deepEqual(kept, [...alertsOfTables([SOUTH]).map((a) => a.key), 'gone']);
  });
});
