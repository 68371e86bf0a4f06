// Estimate models for the webview tests, shaped like what the workflows build from the
// simulator's answers.
import type {
  CompositeEstimateModel,
  OrderEstimateModel,
  TileSelectionModel,
} from '../../../../src/pricing/estimate-view-model';
import { compositeUnits } from '../../../../src/pricing/estimate-view-builders';
import { purchasePlan, settingBudget } from '../../../../src/pricing/purchase-plan';

/** A 0.1° square with a square hole, near Copenhagen. */
const squareWithHole = [
  [
    [12.5, 55.6],
    [12.6, 55.6],
    [12.6, 55.7],
    [12.5, 55.7],
    [12.5, 55.6],
  ],
  [
    [12.53, 55.63],
    [12.57, 55.63],
    [12.57, 55.67],
    [12.53, 55.67],
    [12.53, 55.63],
  ],
];

/** The square as an estimate shows it: drawn, and billed as its box. */
const aoi = () => ({
  polygons: [squareWithHole],
  billedBoxes: [{ west: 12.5, south: 55.6, east: 12.6, north: 55.7 }],
  areaKm2: 62.4,
  billedAreaKm2: 70.2,
});

/** A composite of one unit, priced at its credits, as compositeEstimateModel plans it. */
export function compositeModel(overrides: Partial<CompositeEstimateModel> = {}): CompositeEstimateModel {
  const model = compositeFigures(overrides);
  const plan = purchasePlan({
    units: compositeUnits('2026-06-01', model.credits),
    credits: model.credits,
    budget: settingBudget(model.budget, 'images'),
  });
  return { ...model, plan: overrides.plan ?? plan };
}

function compositeFigures(overrides: Partial<CompositeEstimateModel>): Omit<CompositeEstimateModel, 'plan'> {
  return {
    kind: 'composite',
    title: 'Composite 2026-06-01: aoi.geojson',
    aoi: aoi(),
    settings: [
      { label: 'Model', value: 'Stratus3' },
      { label: 'Constellations', value: 'Sentinel2' },
      { label: 'Date', value: '2026-06-01' },
      { label: 'Resolution', value: '10 m' },
      { label: 'Bands', value: 'rgb' },
      { label: 'EPSG', value: '47000' },
    ],
    warnings: [],
    payload: {
      Wkt: 'POLYGON((12.5 55.6, 12.6 55.6, 12.6 55.7, 12.5 55.7, 12.5 55.6))',
      Date: '2026-06-01T00:00:00Z',
      Model: 'Stratus3',
      Resolution: 10,
    },
    budget: undefined,
    credits: 14.04,
    areaEstimateKm2: 70.2,
    fileSizeMB: 12.5,
    timeSeconds: 40,
    ...overrides,
  };
}

/** An order, planned as one order to create at its two months' totals. */
export function orderModel(overrides: Partial<OrderEstimateModel> = {}): OrderEstimateModel {
  const model = orderFigures(overrides);
  const month = (total: number | undefined, order: number | undefined, storage: number | undefined) =>
    total ?? (order ?? 0) + (storage ?? 0);
  const plan = purchasePlan({
    units: [],
    orders: [
      {
        kind: 'create',
        order: model.title,
        area: 'the area',
        currency: model.currency,
        euroThisMonth: month(model.currentMonthCost, model.currentMonthOrder, model.currentMonthStorage),
        euroPerMonth: month(model.perMonthCost, model.nextMonthOrder, model.nextMonthStorage),
      },
    ],
    budget: settingBudget(model.budget, 'order'),
  });
  return { ...model, plan: overrides.plan ?? plan };
}

function orderFigures(overrides: Partial<OrderEstimateModel>): Omit<OrderEstimateModel, 'plan'> {
  return {
    kind: 'order',
    title: 'Order estimate: fields.wkt',
    aoi: aoi(),
    settings: [
      { label: 'Model', value: 'Stratus2' },
      { label: 'From', value: '2026-06-01' },
      { label: 'To', value: 'open (recurring)' },
    ],
    warnings: [],
    payload: { Wkt: 'GEOMETRYCOLLECTION(POLYGON((12.5 55.6, 12.6 55.6, 12.6 55.7, 12.5 55.7, 12.5 55.6)))', To: null },
    budget: undefined,
    currency: 'EUR',
    currentMonthOrder: 10.5,
    currentMonthStorage: 1.25,
    nextMonthOrder: 21,
    nextMonthStorage: 2.5,
    recurring: true,
    cancellationDeadline: '2026-12-01T00:00:00Z',
    cancellationDate: undefined,
    imageDates: ['2026-06-03', '2026-06-08'],
    ...overrides,
  };
}

export function tilesModel(overrides: Partial<TileSelectionModel> = {}): TileSelectionModel {
  const tile = (guid: string, west: number) => ({
    guid,
    miniTile: false,
    epsg: '32633',
    polygons: [
      [
        [
          [west, 55.6],
          [west + 0.05, 55.6],
          [west + 0.05, 55.7],
          [west, 55.7],
          [west, 55.6],
        ],
      ],
    ],
  });
  return {
    kind: 'tiles',
    title: 'Tiles for aoi.geojson',
    aoi: aoi(),
    settings: [{ label: 'Model', value: 'Stratus3' }],
    warnings: [],
    payload: { TileGuids: ['t-1', 't-2'] },
    budget: undefined,
    tiles: [tile('t-1', 12.5), tile('t-2', 12.55)],
    preselected: ['t-1'],
    plan: purchasePlan({
      units: ['t-1', 't-2'].map((guid) => ({ kind: 'buy' as const, label: guid, area: 'tile', date: '' })),
      notPricedYet: 'Process Tiles prices the tiles you choose before anything is bought',
    }),
    ...overrides,
  };
}
