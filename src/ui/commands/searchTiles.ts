// satImagery.searchTiles(uri?, options?): the tiles and mini-tiles over the AOI on the panel's map
// and list; the selection can go on to an order or to processing.
import * as vscode from 'vscode';
import { searchTiles } from '../../workflows/tiles/search-tiles-workflow';
import type { SearchTilesOptions } from '../../workflows/tiles/search-tiles-workflow';
import type { TilesResult } from '../../workflows/engine/results';
import { Commands } from '../constants';
import { areaWorkflowCommand } from './area-command';
import type { AreaRun } from './area-command';
import type { ExtensionServices } from '../extension-services';
import { searchTilesOptionNames } from '../../workflows/option-names';
import { rememberTileSearch } from '../webview/map/tile-search-memory';
import type { Command } from './command';

/** The found tiles on the map, and the selection offered to processing or an order. */
async function offerTiles(
  _services: ExtensionServices,
  run: AreaRun<TilesResult>,
  options: SearchTilesOptions | undefined,
): Promise<TilesResult> {
  const { result } = run;
  // The map's tile-search layer shows the last result, whether or not tiles were chosen.
  rememberTileSearch({ aoi: run.uri?.toString(), tiles: result.tiles, selected: result.selected });
  if (
    result.outcome === 'completed' &&
    result.selected.length > 0 &&
    !(options as SearchTilesOptions | undefined)?.skipConfirmation
  ) {
    const tileGuids = result.selected;
    const whole = result.tiles
      .filter((t) => t.Guid && tileGuids.includes(t.Guid) && t.MiniTile !== true)
      .map((t) => t.Guid as string);
    const minis = tileGuids.filter((g) => !whole.includes(g));
    const choice = await vscode.window.showInformationMessage(
      `${tileGuids.length} selected (${whole.length} tiles, ${minis.length} mini-tiles).`,
      'Process',
      'Order',
    );
    if (choice === 'Process' && whole.length > 0)
      void vscode.commands.executeCommand(Commands.processTiles, run.uri, { tileGuids: whole });
    if (choice === 'Process' && minis.length > 0)
      void vscode.commands.executeCommand(Commands.processMiniTiles, run.uri, { tileGuids: minis });
    if (choice === 'Order')
      void vscode.commands.executeCommand(Commands.estimateOrder, run.uri, {
        tileGuids: whole,
        miniTileGuids: minis,
      });
  }
  return result;
}

export const searchTilesCommand: Command = areaWorkflowCommand(
  { id: Commands.searchTiles, title: 'Search tiles', optionNames: searchTilesOptionNames },
  searchTiles,
  offerTiles,
);
