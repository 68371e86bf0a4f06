// An imagery file's problems (imagery.json, *.imagery.json) in the Problems view, as the AOI files'
// are: at their line and column, with the same source. The Plan code lens reads the file through
// the core (workflows/declared/declared-file.ts) and shows what it refused here; the checks that
// need the service (models, EPSG codes, bands) come back from the plan at their dataset's place.
// A syntax error or a problem of the shipped JSON Schema is left to VS Code's JSON validation when
// it shows it (the file open, validation on): the same typo was listed twice, once by each.
import * as vscode from 'vscode';
import type { DeclaredProblem } from '../../workflows/declared/declared-file';
import { DIAGNOSTIC_SOURCE } from './geometry-diagnostics';

let collection: vscode.DiagnosticCollection | undefined;

/** The collection, made on the first plan (and disposed with the extension). */
function problems(context: Pick<vscode.ExtensionContext, 'subscriptions'>): vscode.DiagnosticCollection {
  if (!collection) {
    const made = vscode.languages.createDiagnosticCollection('satImagery.declared');
    context.subscriptions.push(made, { dispose: () => (collection = undefined) });
    collection = made;
  }
  return collection;
}

function diagnosticOf(
  document: vscode.TextDocument | undefined,
  problem: Pick<DeclaredProblem, 'line' | 'column' | 'message'>,
): vscode.Diagnostic {
  const line = Math.max(0, problem.line - 1);
  const start = new vscode.Position(line, Math.max(0, problem.column - 1));
  // To the end of the value the problem names (a word, a string), else of the line.
  const end =
    document && line < document.lineCount
      ? (document.getWordRangeAtPosition(start, /"[^"]*"|[^\s,:{}[\]]+/)?.end ?? document.lineAt(line).range.end)
      : start;
  const diagnostic = new vscode.Diagnostic(
    new vscode.Range(start, end),
    problem.message,
    vscode.DiagnosticSeverity.Error,
  );
  diagnostic.source = DIAGNOSTIC_SOURCE;
  return diagnostic;
}

/** Whether VS Code's JSON validation shows an open imagery file's syntax and schema problems:
 * its JSON language features are there and `json.validate.enable` is not off. */
function jsonValidationShows(document: vscode.TextDocument | undefined): boolean {
  return (
    document !== undefined &&
    !document.isClosed &&
    vscode.extensions.getExtension(JSON_LANGUAGE_FEATURES) !== undefined &&
    vscode.workspace.getConfiguration('json').get<boolean>('validate.enable', true)
  );
}

const JSON_LANGUAGE_FEATURES = 'vscode.json-language-features';

export function showDeclaredProblems(
  context: Pick<vscode.ExtensionContext, 'subscriptions'>,
  document: vscode.TextDocument | undefined,
  uri: vscode.Uri,
  found: readonly Pick<DeclaredProblem, 'line' | 'column' | 'message' | 'bySchema'>[],
): void {
  const shownByJson = jsonValidationShows(document);
  problems(context).set(
    uri,
    found.filter((p) => !(p.bySchema && shownByJson)).map((p) => diagnosticOf(document, p)),
  );
}

export function clearDeclaredProblems(uri: vscode.Uri): void {
  collection?.delete(uri);
}

/** A problem the plan found against the service, said at its place ("FILE:LINE:COLUMN: text"). */
export function placedProblem(
  path: string,
  message: string,
): Pick<DeclaredProblem, 'line' | 'column' | 'message'> | undefined {
  if (!message.startsWith(`${path}:`)) return undefined;
  const match = /^(\d+):(\d+): ([\s\S]*)$/.exec(message.slice(path.length + 1));
  return match ? { line: Number(match[1]), column: Number(match[2]), message: match[3]! } : undefined;
}
