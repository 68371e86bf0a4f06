// The field statistics panel apart from VS Code: the long table packed for the page and read back
// by the page's model, the protocol's schemas (typed arrays only, a PNG data URL only), the chart
// model (search, day of year, value range, faded dates, the table's rows), the properties offered
// as field ids, and the viewer's outline placed through the raster core's UTM conversion.
import * as assert from 'node:assert/strict';
import { lonLatToUtm } from '../../../src/raster/utm';
import { lonLatToPixel, pixelToLonLat } from '../../../src/raster/index';
import type { RasterMetadata } from '../../../src/raster/index';
import type { StatsRow } from '../../../src/stats/index';
import { idCandidates } from '../../../src/ui/webview/stats/field-ids';
import { packTable } from '../../../src/ui/webview/stats/packed-table';
import { STAT_COLUMNS, statsHostSchema, statsPageSchema } from '../../../src/ui/webview/stats/protocol';
import { outlinePolygons, toPixelOutline } from '../../../src/ui/webview/viewer/outline';
import {
  dayOfYear,
  defaultSelection,
  formatStat,
  indexView,
  isFaded,
  monthLabels,
  searchFields,
  seasons,
  stat,
  styleSlots,
  tableLines,
  ticks,
  timeLabels,
  valueRange,
} from '../../../media/webview/stats/chart-model';

function row(
  field: string,
  date: string,
  index: string,
  mean: number | undefined,
  validFraction: number | undefined,
  image = `img-${date}.tif`,
): StatsRow {
  const stats =
    mean === undefined
      ? {}
      : {
          mean,
          median: mean,
          std: 0.01,
          min: mean - 0.1,
          max: mean + 0.1,
          p10: mean - 0.08,
          p25: mean - 0.05,
          p75: mean + 0.05,
          p90: mean + 0.08,
        };
  return {
    field,
    date,
    index,
    ...stats,
    valid_pixels: mean === undefined ? 0 : 40,
    nodata_pixels: 2,
    valid_fraction: validFraction,
    image,
  };
}

const ROWS: StatsRow[] = [
  row('north', '2024-04-01', 'ndvi', 0.3, 1),
  row('north', '2024-04-01', 'ndwi', -0.2, 1),
  row('South field', '2024-04-01', 'ndvi', 0.5, 0.2),
  row('South field', '2024-04-01', 'ndwi', -0.3, 0.2),
  row('north', '2025-04-11', 'ndvi', 0.6, 0.9),
  row('north', '2025-04-11', 'ndwi', -0.1, 0.9),
  row('South field', '2025-04-11', 'ndvi', undefined, undefined),
  row('South field', '2025-04-11', 'ndwi', undefined, undefined),
];

describe('field statistics panel: the packed table', () => {
  const table = packTable(ROWS, ['north', 'South field'], ['ndvi', 'ndwi']);

  it('names each field, date and index once, and keeps every row with its statistics in STAT_COLUMNS order', () => {
    assert.deepEqual(table.fields, ['north', 'South field']);
    assert.deepEqual(table.dates, ['2024-04-01', '2025-04-11']);
    assert.deepEqual(table.indices, ['ndvi', 'ndwi']);
    assert.equal(table.field.length, ROWS.length);
    assert.equal(table.stats.length, ROWS.length * STAT_COLUMNS.length);
    ROWS.forEach((r, i) => {
      assert.equal(table.fields[table.field[i] as number], r.field);
      assert.equal(table.dates[table.date[i] as number], r.date);
      assert.equal(table.indices[table.index[i] as number], r.index);
      for (const column of STAT_COLUMNS) {
        const expected = r[column];
        if (expected === undefined) assert.ok(Number.isNaN(stat(table, i, column)), `${column} of row ${i} is empty`);
        else assert.equal(stat(table, i, column), expected, `${column} of row ${i}`);
      }
    });
  });

  it('passes the host schema as it is, and the schema refuses the table as plain arrays', () => {
    const show = { type: 'show', title: 't', subtitle: 's', table, validThreshold: 0.5, failures: [] };
    assert.equal(statsHostSchema.safeParse(show).success, true);
    const plain = { ...show, table: { ...table, stats: [...table.stats] } };
    assert.equal(statsHostSchema.safeParse(plain).success, false);
    assert.equal(statsHostSchema.safeParse({ ...show, validThreshold: 2 }).success, false);
  });

  it("holds a Field alerts row's focus to a field name and a YYYY-MM-DD date", () => {
    const focus = { type: 'focus', field: 'F03', date: '2026-08-17', index: 'ndvi', note: 'ndvi fell to 0.20' };
    assert.equal(statsHostSchema.safeParse(focus).success, true);
    assert.equal(statsHostSchema.safeParse({ type: 'focus', field: 'F03', date: '2026-08-17' }).success, true);
    for (const bad of [
      { ...focus, date: '17/08/2026' },
      { ...focus, date: '2026-08-17T00:00' },
      { ...focus, field: '' },
      { ...focus, field: 3 },
      { ...focus, field: 'x'.repeat(1001) },
    ])
      assert.equal(statsHostSchema.safeParse(bad).success, false, JSON.stringify(bad).slice(0, 80));
  });

  it('accepts from the page only what the protocol names: a PNG data URL, a row as a whole number', () => {
    assert.equal(
      statsPageSchema.safeParse({ type: 'png', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' }).success,
      true,
    );
    assert.equal(statsPageSchema.safeParse({ type: 'png', dataUrl: 'data:text/html;base64,PGgxPg==' }).success, false);
    assert.equal(statsPageSchema.safeParse({ type: 'png', dataUrl: 'data:image/png;base64,<script>' }).success, false);
    assert.equal(statsPageSchema.safeParse({ type: 'openPoint', row: 3 }).success, true);
    for (const row of [-1, 1.5, '3', Number.NaN])
      assert.equal(statsPageSchema.safeParse({ type: 'openPoint', row }).success, false, String(row));
    assert.equal(
      statsPageSchema.safeParse({ type: 'openPoint', field: 'north', date: '2024-04-01' }).success,
      false,
      'a row, not a field and date the host would have to choose among',
    );
    assert.equal(statsPageSchema.safeParse({ type: 'writeFile', path: '/etc/passwd' }).success, false);
  });
});

describe('field statistics panel: the chart model', () => {
  const table = packTable(ROWS, ['north', 'South field'], ['ndvi', 'ndwi']);

  it('lays one index out per field and date, -1 where a field has no row', () => {
    const ndwi = indexView(table, 1);
    assert.equal(ndwi.dateCount, 2);
    assert.equal(stat(table, ndwi.rowAt[0] as number, 'mean'), -0.2);
    assert.equal(stat(table, ndwi.rowAt[1] as number, 'mean'), -0.1);
    const partial = indexView(packTable(ROWS.slice(0, 4), ['north', 'South field', 'east'], ['ndvi', 'ndwi']), 0);
    assert.equal(partial.rowAt[2], -1, 'east has no row');
  });

  it('two images of one date (two tiles of a day): the chart draws, and a click opens, the one that saw more of the field', () => {
    const empty = row('north', '2024-05-01', 'ndvi', undefined, 0, 'tile-b-2024-05-01.tif');
    const full = row('north', '2024-05-01', 'ndvi', 0.5, 1, 'tile-a-2024-05-01.tif');
    for (const rows of [
      [full, empty],
      [empty, full],
    ]) {
      const packed = packTable(rows, ['north'], ['ndvi']);
      assert.equal(
        stat(packed, indexView(packed, 0).rowAt[0] as number, 'median'),
        0.5,
        'the valid one, in either order',
      );
      // A click sends the row drawn; the host opens that row's image (stats-panel.ts openPoint).
      assert.equal(rows[indexView(packed, 0).rowAt[0] as number]?.image, 'tile-a-2024-05-01.tif');
    }
    // Of equals, the first: the chart and the click agree.
    const twins = [full, { ...full, image: 'tile-c-2024-05-01.tif', median: 0.7 }];
    const packed = packTable(twins, ['north'], ['ndvi']);
    assert.equal(stat(packed, indexView(packed, 0).rowAt[0] as number, 'median'), 0.5);
    assert.equal(twins[indexView(packed, 0).rowAt[0] as number]?.image, 'tile-a-2024-05-01.tif');
  });

  it("keeps each selected field's colour whatever else is picked or dropped; a new one takes the lowest colour free", () => {
    let slots = styleSlots(new Map(), [0, 1, 2]);
    assert.deepEqual(
      [...slots],
      [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
    );
    slots = styleSlots(slots, [2]);
    assert.deepEqual([...slots], [[2, 2]], 'the field left alone keeps its colour');
    slots = styleSlots(slots, [2, 7, 4]);
    assert.deepEqual(
      [...slots],
      [
        [2, 2],
        [7, 0],
        [4, 1],
      ],
    );
  });

  it('finds fields by any part of their id, whatever the case; an empty search finds all', () => {
    assert.deepEqual(searchFields(table.fields, 'FIELD'), [1]);
    assert.deepEqual(searchFields(table.fields, ' '), [0, 1]);
    assert.deepEqual(searchFields(table.fields, 'west'), []);
    assert.deepEqual(defaultSelection(1000), [0, 1, 2, 3, 4]);
    assert.deepEqual(defaultSelection(2), [0, 1]);
  });

  it('counts days of the year from 1 January, leap years included, and names the seasons', () => {
    assert.equal(dayOfYear('2023-01-01'), 1);
    assert.equal(dayOfYear('2023-03-01'), 60);
    assert.equal(dayOfYear('2024-03-01'), 61);
    assert.equal(dayOfYear('2024-12-31'), 366);
    assert.deepEqual(seasons(table.dates), [2024, 2025]);
  });

  it("labels the time axis by month, and names a season's first month when its dates start within it", () => {
    const day = 86_400_000;
    const may2 = Date.UTC(2026, 4, 2);
    const labels = (first: number, days: number) =>
      monthLabels(first, days * day, 0, 600).map((l) => `${l.label}@${Math.round(l.x)}${l.partial ? ' partial' : ''}`);
    // 2 May to 29 September: May at the start, then each month's first day at its place.
    assert.deepEqual(labels(may2, 150), ['May@0 partial', 'Jun@120', 'Jul@240', 'Aug@364', 'Sep@488']);
    // Starting on the 1st: that month's line is the start, no partial label.
    assert.deepEqual(labels(Date.UTC(2026, 4, 1), 61).slice(0, 2), ['May@0', 'Jun@305']);
    // 28 May: no room for May's name before June's line (12 px of 600 over 150 days).
    assert.equal(labels(Date.UTC(2026, 4, 28), 150)[0], 'Jun@16');
    // Over a new year: January is the year's number.
    assert.deepEqual(labels(Date.UTC(2025, 11, 15), 40), ['Dec@0 partial', '2026@255']);
  });

  it('adapts the time axis to the span: days over weeks, months over a season, never one label for all', () => {
    const day = 86_400_000;
    const texts = (first: number, days: number, width = 600) =>
      timeLabels(first, days * day, 0, width).map((l) => l.label);
    // Three weeks of November (3 to 24 Nov): every other day fits in 600 px; Mondays in 250 px.
    const nov3 = Date.UTC(2025, 10, 3);
    assert.deepEqual(texts(nov3, 21, 600), [
      '3 Nov',
      '5 Nov',
      '7 Nov',
      '9 Nov',
      '11 Nov',
      '13 Nov',
      '15 Nov',
      '17 Nov',
      '19 Nov',
      '21 Nov',
      '23 Nov',
    ]);
    assert.deepEqual(texts(nov3, 21, 250), ['3 Nov', '10 Nov', '17 Nov', '24 Nov']);
    // A single date (the chart's span is then one day): that day and the next.
    assert.deepEqual(texts(nov3, 1), ['3 Nov', '4 Nov']);
    // Over a new year in days: the year where it changes.
    assert.deepEqual(texts(Date.UTC(2025, 11, 29), 14, 250), ['29 Dec', '5 Jan 2026', '12 Jan']);
    // Six months (a season): each month, the season's first named at the start.
    assert.deepEqual(texts(Date.UTC(2026, 3, 10), 182), ['Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct']);
    // Two years: every third month in 400 px, every sixth in 300 px; January as its year.
    const y2024 = Date.UTC(2024, 0, 1);
    assert.deepEqual(texts(y2024, 730, 400), ['2024', 'Apr', 'Jul', 'Oct', '2025', 'Apr', 'Jul', 'Oct']);
    assert.deepEqual(texts(y2024, 730, 300), ['2024', 'Jul', '2025', 'Jul']);
    // Every label sits on the axis, in order.
    const placed = timeLabels(nov3, 21 * day, 0, 600);
    assert.ok(placed.every((l, i) => l.x >= 0 && l.x <= 600 && (i === 0 || l.x > (placed[i - 1]?.x ?? 0))));
  });

  it('spans the medians of every field drawn or selected and the p25–p75 band of the selected ones only', () => {
    const ndvi = indexView(table, 0);
    const [low, high] = valueRange(table, ndvi, [0, 1], []);
    assert.ok(low < 0.3 && low > 0.25 && high > 0.6 && high < 0.65, `${low}..${high}`);
    const [bandLow, bandHigh] = valueRange(table, ndvi, [0, 1], [0]);
    assert.ok(bandLow < 0.25 && bandHigh > 0.65, `${bandLow}..${bandHigh}: north's p25 0.25 and p75 0.65 included`);
    assert.deepEqual(valueRange(table, ndvi, [], []), [0, 1]);
    const [selectedLow, selectedHigh] = valueRange(table, ndvi, [], [0]);
    assert.ok(
      selectedLow < 0.25 && selectedHigh > 0.65,
      'a selected field the search did not find still sets the range',
    );
    assert.deepEqual(ticks(0, 1), [0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('fades a date below the threshold of valid area, and one with no pixel at all', () => {
    const ndvi = indexView(table, 0);
    const lines = tableLines(table, ndvi, [1, 0], 0.5);
    assert.deepEqual(
      lines.map((l) => [l.field, l.date, l.faded]),
      [
        ['South field', '2024-04-01', true],
        ['South field', '2025-04-11', true],
        ['north', '2024-04-01', false],
        ['north', '2025-04-11', false],
      ],
    );
    assert.equal(isFaded(table, ndvi.rowAt[2] as number, 0.1), false, '20 % valid is enough above a 10 % threshold');
    assert.equal(formatStat(0.123456, 'mean'), '0.1235');
    assert.equal(formatStat(0.2, 'valid_fraction'), '20 %');
    assert.equal(formatStat(Number.NaN, 'mean'), '–');
  });
});

describe('field statistics panel: the properties offered as field ids', () => {
  it('offers a property present on every feature, a string or number, each value once', () => {
    const fc = (props: object[]) =>
      JSON.stringify({
        type: 'FeatureCollection',
        features: props.map((properties) => ({ type: 'Feature', properties, geometry: null })),
      });
    assert.deepEqual(
      idCandidates(
        fc([
          { code: 'A', crop: 'wheat', n: 1 },
          { code: 'B', crop: 'wheat', n: 2 },
        ]),
      ),
      ['code', 'n'],
    );
    assert.deepEqual(idCandidates(fc([{ code: 'A' }, { other: 'B' }])), []);
    assert.deepEqual(idCandidates('POLYGON((0 0,1 0,1 1,0 0))'), []);
    assert.deepEqual(idCandidates(JSON.stringify({ type: 'Polygon', coordinates: [] })), []);
  });
});

describe('image viewer: a field outlined', () => {
  // A 10 m UTM 33N grid whose upper-left corner is at 500,000 E, 5,800,000 N.
  const meta = {
    path: 'x.tif',
    epsg: 32633,
    origin: [500_000, 5_800_000],
    resolution: [10, 10],
  } as unknown as RasterMetadata;
  const ring = [
    [15.0, 52.3],
    [15.01, 52.3],
    [15.01, 52.31],
    [15.0, 52.3],
  ];

  it('places each position on the image grid by the exact UTM conversion, and back within a centimetre (1e-7°)', () => {
    const outline = toPixelOutline({ geometry: { type: 'Polygon', coordinates: [ring] }, label: 'Field north' }, meta, {
      lonLatToPixel,
    });
    assert.equal(outline.label, 'Field north');
    assert.equal(outline.rings.length, 1);
    outline.rings[0]?.forEach(([c, r], i) => {
      const [lon, lat] = ring[i] as [number, number];
      const [e, n] = lonLatToUtm(lon, lat, { zone: 33, south: false });
      assert.ok(Math.abs(c - (e - 500_000) / 10) < 1e-9 && Math.abs(r - (5_800_000 - n) / 10) < 1e-9);
      const [lon2, lat2] = pixelToLonLat(meta, c, r);
      assert.ok(Math.abs(lon2 - lon) < 1e-7 && Math.abs(lat2 - lat) < 1e-7, `${lon2},${lat2} vs ${lon},${lat}`);
    });
  });

  it('refuses what is no polygon in longitude/latitude, saying what it needs', () => {
    assert.throws(() => outlinePolygons({ type: 'Point', coordinates: [1, 2] }), /Polygon or MultiPolygon/);
    assert.throws(
      () =>
        outlinePolygons({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [0, 0],
            ],
          ],
        }),
      /at least four/,
    );
    assert.throws(
      () =>
        outlinePolygons({
          type: 'Polygon',
          coordinates: [
            [
              [500_000, 0],
              [1, 0],
              [1, 1],
              [500_000, 0],
            ],
          ],
        }),
      /longitude, latitude/,
    );
    assert.throws(
      () => outlinePolygons({ type: 'Polygon', coordinates: [Array.from({ length: 200_001 }, () => [0, 0])] }),
      /at most/,
    );
    assert.equal(outlinePolygons({ type: 'MultiPolygon', coordinates: [[ring], [ring]] }).length, 2);
  });
});
