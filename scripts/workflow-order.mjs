// The folders of src/workflows, lowest first: a folder imports only from folders of a lower rank
// (two of one rank not from each other). Read from how they use each other: the engine serves
// every workflow; the STAC writer and the date search serve the ones that buy images; an order's
// payload is priced by the composite (its automatic order); tiles and series are built from the
// composite's steps; imagery as code applies through series and orders. eslint.config.mjs holds
// the folders to it, and `npm run metrics` counts what goes against it.
export const WORKFLOW_ORDER = {
  engine: 0,
  stac: 1,
  dates: 2,
  orders: 3,
  composite: 4,
  tiles: 5,
  series: 5,
  declared: 6,
};
