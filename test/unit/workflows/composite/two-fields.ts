// An area file of two fields side by side, named as `sat-imagery stats` names them
// (properties.id): 'north' and 'south'. A simulator's nodataBoxes box over NORTH leaves that field
// without data on a date sold for the whole area.

export const NORTH = { west: 10.05, south: 56.0555, east: 10.07, north: 56.06 };
const SOUTH = { west: 10.05, south: 56.05, east: 10.07, north: 56.0545 };

function box(b: typeof NORTH): number[][][] {
  return [
    [
      [b.west, b.south],
      [b.east, b.south],
      [b.east, b.north],
      [b.west, b.north],
      [b.west, b.south],
    ],
  ];
}

export const TWO_FIELDS = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { id: 'north' }, geometry: { type: 'Polygon', coordinates: box(NORTH) } },
    { type: 'Feature', properties: { id: 'south' }, geometry: { type: 'Polygon', coordinates: box(SOUTH) } },
  ],
});
