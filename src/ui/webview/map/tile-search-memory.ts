// The last Search Tiles result of this window, kept for the map's tile-search layer: the tiles and
// mini-tiles found over an AOI and the ones the person selected. Kept in memory only (a search is
// free to repeat); the map panels listen and redraw the layer when a new search completes. No
// `vscode` import: the search command records here without loading the map panel.
import type { TileRecord } from '../../../api/types';

export interface TileSearch {
  /** The AOI document the search was made for (its uri as text). */
  aoi: string | undefined;
  tiles: readonly TileRecord[];
  selected: readonly string[];
}

let last: TileSearch | undefined;
const listeners = new Set<(search: TileSearch) => void>();

/** Records a search's result (one that found nothing leaves the previous result in place). */
export function rememberTileSearch(search: TileSearch): void {
  if (search.tiles.length === 0) return;
  last = { aoi: search.aoi, tiles: [...search.tiles], selected: [...search.selected] };
  for (const listener of listeners) listener(last);
}

export function lastTileSearch(): TileSearch | undefined {
  return last;
}

/** Calls `listener` after each remembered search; returns the function that stops it. */
export function onTileSearch(listener: (search: TileSearch) => void): { dispose(): void } {
  listeners.add(listener);
  return { dispose: () => listeners.delete(listener) };
}
