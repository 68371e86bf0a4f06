// A "Show on Map" code lens at the top of every AOI document, so the map is one click away in
// the file itself (the menus hold it too).
import * as vscode from 'vscode';
import { Commands } from './constants';
import { aoiFormatOf } from './diagnostics/aoi-documents';

class MapCodeLens implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!aoiFormatOf(document)) return [];
    return [
      new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), {
        title: '$(globe) Show on Map',
        command: Commands.showOnMap,
        arguments: [document.uri],
      }),
    ];
  }
}

export function registerMapCodeLens(): vscode.Disposable {
  return vscode.languages.registerCodeLensProvider(
    [{ pattern: '**/*.{geojson,wkt}' }, { language: 'wkt' }, { language: 'json' }, { language: 'jsonc' }],
    new MapCodeLens(),
  );
}
