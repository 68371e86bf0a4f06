// Quick fixes for the simple geometry problems the reader can repair itself (close a ring, swap
// latitude and longitude): each QuickFix becomes an edit of the document.
import * as vscode from 'vscode';
import { DIAGNOSTIC_SOURCE, toRange } from './geometry-diagnostics';
import type { GeometryDiagnostics } from './geometry-diagnostics';

export class GeometryFixProvider implements vscode.CodeActionProvider {
  static readonly selector: vscode.DocumentSelector = [
    { pattern: '**/*.geojson' },
    { pattern: '**/*.wkt' },
    { language: 'wkt' },
    { language: 'json' },
  ];

  constructor(private readonly diagnostics: GeometryDiagnostics) {}

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const ours = context.diagnostics.filter((d) => d.source === DIAGNOSTIC_SOURCE);
    if (ours.length === 0) return [];
    const actions: vscode.CodeAction[] = [];
    for (const problem of this.diagnostics.problemsOf(document.uri)) {
      const diagnostic = ours.find((d) => d.code === problem.code && d.range.isEqual(toRange(problem.range)));
      if (!diagnostic) continue;
      for (const fix of problem.fixes ?? []) {
        const action = new vscode.CodeAction(fix.title, vscode.CodeActionKind.QuickFix);
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(document.uri, toRange(fix.range), fix.replacement);
        action.diagnostics = [diagnostic];
        action.isPreferred = problem.fixes?.length === 1;
        actions.push(action);
      }
    }
    return actions;
  }
}
