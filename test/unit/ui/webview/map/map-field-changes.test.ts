// The map's fields coloured by their change since their previous valid date: the change between
// each field's last two valid dates (a cloudy or mostly empty date passed over), the diverging
// scale symmetric about zero (the largest change either way at its end, no change in its middle),
// the legend's ends and its text lines, and a field with fewer than two valid dates outlined only.
import * as assert from 'node:assert/strict';
import { readFields } from '../../../../../src/stats/index';
import type { StatsRow } from '../../../../../src/stats/index';
import {
  DIVERGING,
  changesSincePrevious,
  fieldChangesFromTables,
} from '../../../../../src/ui/webview/map/field-changes';
import { rampColour } from '../../../../../src/ui/webview/map/field-values-layer';
import { hostMessageSchema } from '../../../../../src/ui/webview/map/protocol';

const square = (x: number) => [
  [
    [x, 56],
    [x + 0.01, 56],
    [x + 0.01, 56.01],
    [x, 56.01],
    [x, 56],
  ],
];
const fields = readFields(
  JSON.stringify({
    type: 'FeatureCollection',
    features: ['harvested', 'growing', 'cloudy', 'new'].map((id, k) => ({
      type: 'Feature',
      properties: { id },
      geometry: { type: 'Polygon', coordinates: square(10 + k * 0.02) },
    })),
  }),
  'fields.geojson',
  'geojson',
);

/** A field on a date: its mean and the share of it with a value. */
function row(field: string, date: string, mean: number, share = 1): StatsRow {
  return {
    field,
    date,
    index: 'ndvi',
    mean,
    valid_pixels: share * 100,
    nodata_pixels: 100 - share * 100,
    valid_fraction: share,
    image: `s-${date}.tif`,
  };
}

const rows: StatsRow[] = [
  row('harvested', '2026-08-03', 0.62),
  row('harvested', '2026-08-10', 0.6),
  row('harvested', '2026-08-17', 0.2), // −0.40: the largest change, the scale's brown end
  row('growing', '2026-08-10', 0.5),
  row('growing', '2026-08-17', 0.6), // +0.10
  row('cloudy', '2026-08-03', 0.4),
  row('cloudy', '2026-08-10', 0.5),
  row('cloudy', '2026-08-17', 0.1, 0.3), // 30 % valid: passed over, so 0.40 → 0.50 counts: +0.10
  row('new', '2026-08-17', 0.7), // one valid date: no change
];

describe('map: fields coloured by their change since their previous valid date', () => {
  it('takes the last two valid dates of each field', () => {
    const changes = changesSincePrevious(rows, 'ndvi');
    assert.deepEqual(
      [...changes.values()].map((c) => [c.field, c.previousDate, c.date, Number(c.change.toFixed(6))]),
      [
        ['harvested', '2026-08-10', '2026-08-17', -0.4],
        ['growing', '2026-08-10', '2026-08-17', 0.1],
        ['cloudy', '2026-08-03', '2026-08-10', 0.1],
      ],
    );
  });

  it('colours them on a diverging scale symmetric about no change, with the legend and every field as text', () => {
    const message = fieldChangesFromTables(fields, [{ name: 'season/field-stats.csv', rows, modified: 1 }]);
    assert.ok(hostMessageSchema.safeParse(message).success, 'the page accepts it');
    const fill = Object.fromEntries(message.features.map((f) => [f.id, f.fill]));
    assert.equal(fill.harvested, DIVERGING[0], 'the largest loss: the scale’s loss end');
    // +0.10 of ±0.40: three eighths of the way from no change to the gain end.
    assert.equal(fill.growing, rampColour(0.5 + 0.1 / 0.8, DIVERGING));
    assert.equal(fill.cloudy, fill.growing);
    assert.equal(fill.new, undefined, 'fewer than two valid dates: outlined only');
    assert.deepEqual(
      {
        min: Number(message.legend?.min.toFixed(6)),
        max: Number(message.legend?.max.toFixed(6)),
        minText: message.legend?.minText,
        maxText: message.legend?.maxText,
        midText: message.legend?.midText,
        mode: message.legend?.mode,
        withoutValue: message.legend?.withoutValue,
        dates: [message.legend?.firstDate, message.legend?.lastDate],
      },
      {
        min: -0.4,
        max: 0.4,
        minText: '−0.4',
        maxText: '+0.4',
        midText: 'no change',
        mode: 'change',
        withoutValue: 1,
        dates: ['2026-08-10', '2026-08-17'],
      },
    );
    assert.deepEqual(message.legend?.lines, [
      'harvested: ndvi mean −0.4 since 2026-08-10 (0.6 → 0.2 on 2026-08-17)',
      'growing: ndvi mean +0.1 since 2026-08-10 (0.5 → 0.6 on 2026-08-17)',
      'cloudy: ndvi mean +0.1 since 2026-08-03 (0.4 → 0.5 on 2026-08-10)',
      'new: fewer than two valid dates of ndvi mean',
    ]);
    assert.equal(message.features[0]?.label, message.legend?.lines?.[0], 'the label says what the colour does');
  });

  it('an empty layer and no legend when no table knows the fields', () => {
    const message = fieldChangesFromTables(fields, [
      { name: 'other.csv', rows: [row('elsewhere', '2026-08-17', 0.5)], modified: 1 },
    ]);
    assert.deepEqual(message.features, []);
    assert.equal(message.legend, undefined);
  });
});
