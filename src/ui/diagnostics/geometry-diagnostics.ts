// Geometry problems of open AOI documents in the Problems panel, at their positions, as the
// person types (debounced: a large file is parsed once per pause, not once per keystroke).
import * as vscode from 'vscode';
import type { AoiCache } from '../../geometry';
import type { GeometryProblem, TextRange } from '../../geometry/types';
import type { ComponentLog } from '../types';
import { aoiFormatOf, isJsonDocument } from './aoi-documents';

export const DIAGNOSTIC_SOURCE = 'Satellite Imagery';

export function toRange(range: TextRange): vscode.Range {
  return new vscode.Range(range.start.line, range.start.column, range.end.line, range.end.column);
}

export class GeometryDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('satImagery');
  private readonly problems = new Map<string, GeometryProblem[]>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly geoJsonJsonPaths = new Set<string>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly cache: AoiCache,
    private readonly log: ComponentLog,
    private readonly onGeoJsonJsonPaths: (paths: string[]) => void,
    private readonly debounceMs = 300,
  ) {
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document, 0)),
      vscode.workspace.onDidChangeTextDocument(({ document }) => this.schedule(document, this.delayFor(document))),
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.forget(document.uri);
        this.cache.forget(document.uri.toString());
        this.trackJson(document, false);
      }),
      // New billing thresholds (from the specification document) change the warnings: read again.
      cache.onRulesChanged(() => {
        for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
      }),
    ];
    for (const document of vscode.workspace.textDocuments) this.schedule(document, 0);
  }

  /** The problems last found in a document (the code actions read their fixes here). */
  problemsOf(uri: vscode.Uri): GeometryProblem[] {
    return this.problems.get(uri.toString()) ?? [];
  }

  private delayFor(document: vscode.TextDocument): number {
    // Reading a multi-megabyte AOI takes long enough that it should wait for a longer pause.
    // offsetAt of the end gives the length without copying the text on every keystroke.
    const length = document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
    return length > 1_000_000 ? this.debounceMs * 4 : this.debounceMs;
  }

  private schedule(document: vscode.TextDocument, delay: number): void {
    const key = document.uri.toString();
    const pending = this.timers.get(key);
    if (pending) clearTimeout(pending);
    const format = aoiFormatOf(document);
    this.trackJson(document, format !== undefined);
    if (!format) {
      if (this.problems.has(key)) this.forget(document.uri);
      return;
    }
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.analyse(document, format);
      }, delay),
    );
  }

  private analyse(document: vscode.TextDocument, format: 'wkt' | 'geojson'): void {
    if (document.isClosed) return;
    const started = Date.now();
    let found: GeometryProblem[];
    try {
      found = this.cache.read(document.getText(), format, {
        uri: document.uri.toString(),
        version: document.version,
      }).problems;
    } catch (err) {
      // A reader bug must not take the editor down; say so in the log instead.
      this.log.error(
        `reading ${document.uri.path.split('/').pop()} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      return;
    }
    this.problems.set(document.uri.toString(), found);
    this.collection.set(document.uri, found.map(toDiagnostic));
    this.log.debug(`${document.uri.path.split('/').pop()}: ${found.length} problem(s) in ${Date.now() - started} ms`);
  }

  private trackJson(document: vscode.TextDocument, isGeoJson: boolean): void {
    if (!isJsonDocument(document) || document.uri.scheme === 'untitled') return;
    const path = document.uri.fsPath;
    const had = this.geoJsonJsonPaths.has(path);
    if (isGeoJson === had) return;
    if (isGeoJson) this.geoJsonJsonPaths.add(path);
    else this.geoJsonJsonPaths.delete(path);
    this.onGeoJsonJsonPaths([...this.geoJsonJsonPaths]);
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    const pending = this.timers.get(key);
    if (pending) clearTimeout(pending);
    this.timers.delete(key);
    this.problems.delete(key);
    this.collection.delete(uri);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const subscription of this.subscriptions) subscription.dispose();
    this.collection.dispose();
  }
}

function toDiagnostic(problem: GeometryProblem): vscode.Diagnostic {
  const severity = problem.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
  const diagnostic = new vscode.Diagnostic(toRange(problem.range), problem.message, severity);
  diagnostic.source = DIAGNOSTIC_SOURCE;
  diagnostic.code = problem.code;
  return diagnostic;
}
