// Read-only documents the extension shows (order details as Markdown). A content provider's
// documents cannot be edited or saved by mistake, and the path's extension gives their colouring.
import * as vscode from 'vscode';

const READ_ONLY_SCHEME = 'sat-imagery';

export class ReadOnlyDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(READ_ONLY_SCHEME, this);

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Opens (or updates) the document at `path`, e.g. `/orders/<guid>.md`, and shows it. */
  async show(path: string, text: string): Promise<vscode.TextDocument> {
    this.update(path, text);
    const uri = vscode.Uri.from({ scheme: READ_ONLY_SCHEME, path });
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: true });
    return document;
  }

  /** Whether the document at `path` is open in the window. */
  isOpen(path: string): boolean {
    const uri = vscode.Uri.from({ scheme: READ_ONLY_SCHEME, path }).toString();
    return vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri);
  }

  /** Puts `text` in the document at `path` (VS Code reads it again), without showing it. */
  update(path: string, text: string): void {
    const uri = vscode.Uri.from({ scheme: READ_ONLY_SCHEME, path });
    this.contents.set(uri.toString(), text);
    this.changed.fire(uri);
  }

  dispose(): void {
    this.registration.dispose();
    this.changed.dispose();
  }
}
