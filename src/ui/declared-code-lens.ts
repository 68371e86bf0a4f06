// A "Plan" code lens at the top of every imagery file (imagery.json, *.imagery.json): what an
// apply would buy, and what it would cost, one click away in the file itself.
import * as vscode from 'vscode';
import { Commands } from './constants';

/** The files the command's menus and the JSON Schema (package.json) name too. */
const IMAGERY_FILES: vscode.DocumentFilter[] = [{ pattern: '**/imagery.json' }, { pattern: '**/*.imagery.json' }];

class PlanCodeLens implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    return [
      new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), {
        title: '$(checklist) Plan',
        tooltip: 'What an apply would buy and what it would cost (nothing billed is sent)',
        command: Commands.planImagery,
        arguments: [document.uri],
      }),
    ];
  }
}

export function registerPlanCodeLens(): vscode.Disposable {
  return vscode.languages.registerCodeLensProvider(IMAGERY_FILES, new PlanCodeLens());
}
