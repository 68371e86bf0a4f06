// The walkthrough's "Open an area" step completes on `onContext:satImagery.areaOpened`: the
// context key turns true the first time an area of interest (GeoJSON, WKT, a .json holding
// GeoJSON) is the active editor, and the listener goes away then.
import * as vscode from 'vscode';
import { ContextKeys } from '../constants';
import { aoiFormatOf } from '../diagnostics/aoi-documents';
import { markStepDone } from './step-done';

export function trackAreaOpened(): vscode.Disposable {
  let listener: vscode.Disposable | undefined;
  const check = (editor: vscode.TextEditor | undefined) => {
    if (!editor || aoiFormatOf(editor.document) === undefined) return;
    listener?.dispose();
    listener = undefined;
    markStepDone(ContextKeys.areaOpened);
  };
  listener = vscode.window.onDidChangeActiveTextEditor(check);
  check(vscode.window.activeTextEditor);
  return { dispose: () => listener?.dispose() };
}
