// Registers the geometry diagnostics, their quick fixes, and the context key that puts the
// Satellite Imagery menus on `.json` files holding GeoJSON.
import * as vscode from 'vscode';
import { ContextKeys } from '../constants';
import type { AoiCache } from '../../geometry';
import type { ComponentLog } from '../types';
import { GeometryDiagnostics } from './geometry-diagnostics';
import { GeometryFixProvider } from './geometry-fixes';

export function registerGeometryDiagnostics(
  cache: AoiCache,
  log: ComponentLog,
): { diagnostics: GeometryDiagnostics; disposables: vscode.Disposable[] } {
  const diagnostics = new GeometryDiagnostics(cache, log, (paths) => {
    void vscode.commands.executeCommand('setContext', ContextKeys.geoJsonJsonPaths, paths);
  });
  const fixes = vscode.languages.registerCodeActionsProvider(
    GeometryFixProvider.selector,
    new GeometryFixProvider(diagnostics),
    {
      providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
    },
  );
  return { diagnostics, disposables: [diagnostics, fixes] };
}
