// Tiles: the grid search (by AOI, by tile GUIDs, or the mini-tiles of one tile) and the tile
// and mini-tile processing, which need an order covering the tile on the date.
import { findModel, TILE_REBATE } from '../catalog';
import { checkOutputFields, compositeCredits } from '../composite-request';
import { dayNumber } from '../dates';
import { Codes, SimError } from '../envelope';
import { billedAreaKm2, readAoi } from '../geometry';
import { miniTilesOf, tileByGuid, tileRecord, tilesInBbox } from '../tiles';
import type { Tile } from '../tiles';
import { checkUploadUrl } from '../upload';
import { FieldChecker } from '../validation';
import { chargeForImage } from './imagery';
import { json } from './route';
import type { Reply, Route, RouteContext } from './route';

function tilesByGuid(ctx: RouteContext, field: string, mini: boolean): Tile[] {
  const value = ctx.body[field];
  if (!Array.isArray(value))
    throw new SimError(400, `${field} must be an array of GUIDs.`, Codes.validation, {
      [field]: ['Must be an array of GUIDs.'],
    });
  return value.map((guid) => {
    const tile = typeof guid === 'string' ? tileByGuid(ctx.state.seed, guid) : undefined;
    if (!tile || tile.sub > 0 !== mini)
      throw new SimError(404, `No ${mini ? 'mini-tile' : 'tile'} ${String(guid)}.`, 404);
    return tile;
  });
}

function search(ctx: RouteContext): Reply {
  const seed = ctx.state.seed;
  const body = ctx.body;
  let tiles: Tile[];
  if (body.TileGuidForMiniTiles !== undefined) {
    const parent =
      typeof body.TileGuidForMiniTiles === 'string' ? tileByGuid(seed, body.TileGuidForMiniTiles) : undefined;
    if (!parent || parent.sub !== 0) throw new SimError(404, `No tile ${String(body.TileGuidForMiniTiles)}.`, 404);
    tiles = miniTilesOf(seed, parent);
  } else if (body.TileGuids !== undefined) {
    tiles = tilesByGuid(ctx, 'TileGuids', false);
  } else if (body.MiniTileGuids !== undefined) {
    tiles = tilesByGuid(ctx, 'MiniTileGuids', true);
  } else {
    const aoi = readAoi(body);
    const seen = new Set<string>();
    tiles = [];
    for (const part of aoi.parts) {
      for (const tile of tilesInBbox(seed, part.bbox)) {
        if (!seen.has(tile.guid)) tiles.push(tile);
        seen.add(tile.guid);
      }
    }
  }
  return json({ Tiles: tiles.map(tileRecord) });
}

/** POST /api/tasking/tile/optimize: a cost-focused cover of the area (live-service notes, newer
 * material). Tiles the area's box holds whole are ordered as tiles, the rest as the mini-tiles
 * that touch the box: fewer, cheaper units than every tile the area touches. */
function optimize(ctx: RouteContext): Reply {
  const aoi = readAoi(ctx.body);
  const tiles = new Set<string>();
  const minis = new Set<string>();
  const inside = (a: Tile['bbox'], b: Tile['bbox']): boolean =>
    a.west >= b.west && a.east <= b.east && a.south >= b.south && a.north <= b.north;
  const touches = (a: Tile['bbox'], b: Tile['bbox']): boolean =>
    a.west < b.east && a.east > b.west && a.south < b.north && a.north > b.south;
  for (const part of aoi.parts) {
    for (const tile of tilesInBbox(ctx.state.seed, part.bbox)) {
      if (inside(tile.bbox, part.bbox)) tiles.add(tile.guid);
      else
        for (const mini of miniTilesOf(ctx.state.seed, tile)) if (touches(mini.bbox, part.bbox)) minis.add(mini.guid);
    }
  }
  return json({ Tiles: [...tiles], MiniTiles: [...minis] });
}

function processTile(ctx: RouteContext, mini: boolean): Reply {
  const field = mini ? 'MiniTileGuid' : 'TileGuid';
  const check = new FieldChecker(ctx.body);
  const guid = check.guid(field);
  const modelInfo = check.model();
  const date = check.dateTime('Date');
  check.constellations(modelInfo, false);
  const bands = check.bands(modelInfo, false);
  const resolution = check.resolution(false) ?? 10;
  const epsg = check.epsg(false) ?? 47000;
  checkOutputFields(check, ctx.body);
  const level = ctx.body.Level;
  if (level !== undefined && level !== 1 && level !== 2) check.add('Level', 'Level must be 1 or 2.');
  for (const flag of ['Harmonize', 'ClipReflectance']) {
    if (ctx.body[flag] !== undefined && typeof ctx.body[flag] !== 'boolean')
      check.add(flag, `${flag} must be true or false.`);
  }
  const tile = guid ? tileByGuid(ctx.state.seed, guid) : undefined;
  if (guid && (!tile || tile.sub > 0 !== mini))
    check.add(field, `'${guid}' is not a known ${mini ? 'mini-tile' : 'tile'} GUID.`);
  check.done();
  const { state } = ctx;
  const known = tile as Tile;
  const model = findModel(modelInfo?.model);
  const day = dayNumber(date as string);
  const name = model?.model as string;
  const uploadTo = typeof ctx.body.UploadUrl === 'string' ? checkUploadUrl(ctx.body.UploadUrl) : undefined;
  if (bands.length > state.account.MaxTotalBands) {
    throw new SimError(
      400,
      `Too many bands: ${bands.length} asked, at most ${state.account.MaxTotalBands}.`,
      Codes.tooManyBands,
    );
  }
  if (!state.coveringOrder(name, known.bbox, day))
    throw new SimError(400, `No active ${name} order covers this tile on ${date}.`, Codes.notCovered);
  const part = { rings: [], bbox: known.bbox };
  const imagery = state.dates.hasImagery(name, [part], day, state.today());
  if (!(imagery.all || (ctx.body.AllowPartialImage === true && imagery.any)))
    throw new SimError(400, `No imagery for this tile on ${date}.`, Codes.noImagery);
  const billedKm2 = billedAreaKm2([known.bbox]).billed;
  chargeForImage(
    state,
    compositeCredits(
      { billedKm2, model: model as NonNullable<typeof model>, resolution },
      TILE_REBATE,
      state.currentPriceFactor(),
    ),
  );
  const kind = mini ? 'minitile' : 'tile';
  const image = {
    fileName: `${kind}_${known.guid.slice(0, 8)}_${date}_${resolution}m.tif`,
    bbox: known.bbox,
    resolution,
    bands,
    epsg,
    dataType: ctx.body.DataType === 'uint8' ? ('uint8' as const) : ('int16' as const),
    date: date as string,
  };
  if (uploadTo) return { kind: 'upload', image, url: uploadTo };
  if (typeof ctx.body.UploadUrl === 'string') return { kind: 'empty', status: 201 };
  return { kind: 'image', image };
}

export function tileRoutes(): Route[] {
  return [
    { method: 'POST', path: '/api/tasking/search/tiles', needsBody: true, handle: search },
    { method: 'POST', path: '/api/tasking/tile/optimize', needsBody: true, handle: optimize },
    {
      method: 'POST',
      path: '/api/satelliteimages/process/tile',
      needsBody: true,
      handle: (ctx) => processTile(ctx, false),
    },
    {
      method: 'POST',
      path: '/api/satelliteimages/process/minitile',
      needsBody: true,
      handle: (ctx) => processTile(ctx, true),
    },
  ];
}
