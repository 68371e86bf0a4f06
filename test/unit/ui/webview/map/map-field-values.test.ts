// The map's fields coloured by their latest value: the latest value per field (a date without
// a value passed over), a statistics table read back from its CSV, the ramp's colours in the
// order of the values with the legend's min, max, index and dates, a field without a value
// outlined only, and the choice of the table that knows the AOI's fields.
import * as assert from 'node:assert/strict';
import { latestValues, readFields, readStatsCsv, toCsv } from '../../../../../src/stats/index';
import type { StatsRow } from '../../../../../src/stats/index';
import {
  RAMP,
  chooseTable,
  fieldValuesFromTables,
  fieldValuesMessage,
  rampColour,
} from '../../../../../src/ui/webview/map/field-values-layer';
import { hostMessageSchema } from '../../../../../src/ui/webview/map/protocol';

const square = (x: number, y: number) => [
  [
    [x, y],
    [x + 0.01, y],
    [x + 0.01, y + 0.01],
    [x, y + 0.01],
    [x, y],
  ],
];
const aoi = JSON.stringify({
  type: 'FeatureCollection',
  features: ['north, wet', 'south', 'east', 'bare'].map((id, k) => ({
    type: 'Feature',
    properties: { id },
    geometry: { type: 'Polygon', coordinates: square(10 + k * 0.02, 56) },
  })),
});
const fields = readFields(aoi, 'fields.geojson', 'geojson');

function row(field: string, date: string, mean: number | undefined, index = 'ndvi'): StatsRow {
  const stats =
    mean === undefined
      ? {}
      : { mean, median: mean, std: 0.01, min: mean - 0.1, max: mean + 0.1, p10: mean, p25: mean, p75: mean, p90: mean };
  return {
    field,
    date,
    index,
    ...stats,
    valid_pixels: mean === undefined ? 0 : 100,
    nodata_pixels: mean === undefined ? 100 : 0,
    valid_fraction: mean === undefined ? 0 : 1,
    image: `images/s-${date}.tif`,
  };
}

const rows: StatsRow[] = [
  row('north, wet', '2024-05-01', 0.2),
  row('north, wet', '2024-06-01', 0.8),
  row('south', '2024-05-01', 0.3),
  // South's last date is cloudy: its latest value is May's.
  row('south', '2024-06-01', undefined),
  row('east', '2024-05-01', 0.1),
  row('east', '2024-06-01', 0.5),
  row('east', '2024-06-01', 0.9, 'ndwi'),
];

describe('map: fields coloured by their latest value', () => {
  it('takes each field the latest date that has a value, of one index and statistic', () => {
    const latest = latestValues(rows, 'ndvi');
    assert.deepEqual([...latest.keys()].sort(), ['east', 'north, wet', 'south']);
    assert.deepEqual(latest.get('north, wet'), {
      field: 'north, wet',
      date: '2024-06-01',
      value: 0.8,
      image: 'images/s-2024-06-01.tif',
    });
    assert.equal(latest.get('south')?.date, '2024-05-01');
    assert.equal(latest.get('east')?.value, 0.5);
    assert.equal(latestValues(rows, 'ndvi', 'max').get('east')?.value, 0.6);
    assert.equal(latestValues(rows, 'ndwi').get('east')?.value, 0.9);
  });

  it('reads a table back from its CSV as it was written (quoted ids, empty statistics)', () => {
    const read = readStatsCsv(toCsv(rows), 'stats.csv');
    assert.equal(read.length, rows.length);
    assert.equal(toCsv(read), toCsv(rows));
    assert.equal(read[0]?.field, 'north, wet');
    assert.equal(read[3]?.mean, undefined);
    assert.throws(() => readStatsCsv('a,b\r\n1,2\r\n', 'other.csv'), /other\.csv is not a statistics table/);
  });

  it('colours the fields on the ramp in the order of their values, with the legend; a field without a value outlined only', () => {
    const message = fieldValuesMessage(fields, latestValues(rows, 'ndvi'), {
      table: 'stats.csv',
      index: 'ndvi',
      statistic: 'mean',
    });
    assert.equal(hostMessageSchema.safeParse(message).success, true);
    assert.equal(message.title, 'Fields by latest ndvi mean (stats.csv)');
    const fill = Object.fromEntries(message.features.map((f) => [f.id, f.fill]));
    // 0.3 (south, May) lowest, 0.8 (north) highest: the ends of the ramp; east's 0.5 at 0.4 of it.
    assert.equal(fill.south, RAMP[0]);
    assert.equal(fill['north, wet'], RAMP[RAMP.length - 1]);
    assert.equal(fill.east, rampColour(0.4));
    assert.equal(fill.bare, undefined);
    assert.deepEqual(
      message.features.map((f) => f.kind),
      ['fieldValue', 'fieldValue', 'fieldValue', 'fieldValue'],
    );
    assert.match(message.features.find((f) => f.id === 'east')?.label ?? '', /east: ndvi mean 0\.5 on 2024-06-01/);
    assert.deepEqual(message.legend, {
      index: 'ndvi',
      statistic: 'mean',
      table: 'stats.csv',
      min: 0.3,
      max: 0.8,
      minText: '0.3',
      maxText: '0.8',
      firstDate: '2024-05-01',
      lastDate: '2024-06-01',
      stops: [...RAMP],
      withoutValue: 1,
    });
  });

  it('interpolates the ramp between its stops and clamps outside it; equal values take its middle', () => {
    assert.equal(rampColour(0), '#440154');
    assert.equal(rampColour(1), '#fde725');
    assert.equal(rampColour(0.5), RAMP[2]);
    assert.equal(rampColour(-3), RAMP[0]);
    assert.equal(rampColour(7), RAMP[4]);
    // Halfway between #440154 and #3b528b.
    assert.equal(rampColour(0.125), '#402a70');
    const one = fieldValuesMessage(fields.slice(0, 1), latestValues(rows, 'ndvi'), {
      table: 't.csv',
      index: 'ndvi',
      statistic: 'mean',
    });
    assert.equal(one.features[0]?.fill, RAMP[2]);
    assert.equal(one.legend?.firstDate, '2024-06-01');
    assert.equal(one.legend?.lastDate, '2024-06-01');
  });

  it('chooses the table that knows most of the fields, the newer of two that know as many; none: an empty layer, no legend', () => {
    const other = { name: 'other.csv', rows: [row('elsewhere', '2024-07-01', 0.4)], modified: 3 };
    const older = { name: 'older.csv', rows: rows.slice(0, 2), modified: 1 };
    const full = { name: 'full.csv', rows, modified: 1 };
    const newer = { name: 'newer.csv', rows, modified: 2 };
    assert.equal(chooseTable(fields, [other, older, full])?.table.name, 'full.csv');
    assert.equal(chooseTable(fields, [full, newer, older])?.table.name, 'newer.csv');
    assert.deepEqual(chooseTable(fields, [full])?.source, { table: 'full.csv', index: 'ndvi', statistic: 'mean' });
    const none = fieldValuesFromTables(fields, [other]);
    assert.deepEqual(none.features, []);
    assert.equal(none.legend, undefined);
    assert.equal(hostMessageSchema.safeParse(none).success, true);
  });

  it('refuses a fill that is not a ramp colour on arrival', () => {
    const message = fieldValuesMessage(fields, latestValues(rows, 'ndvi'), {
      table: 'stats.csv',
      index: 'ndvi',
      statistic: 'mean',
    });
    const bad = { ...message, features: [{ ...message.features[0], fill: 'url(https://example.com/x)' }] };
    assert.equal(hostMessageSchema.safeParse(bad).success, false);
  });
});
