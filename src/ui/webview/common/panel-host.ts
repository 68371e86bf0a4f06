// The host side every webview panel builds on: the page shell (CSP with a fresh nonce, assets only
// from the extension's own folders), messages validated with the panel's zod schemas in both
// directions, the `ready` handshake, requests matched to their replies, and disposal. A panel
// (estimate/, and the viewer and map after it) subclasses it, declares its page in a PanelPage
// and implements `onReady` and `handle`. The page's counterpart is media/webview/common/host-channel.ts.
import * as vscode from 'vscode';
import { buildPageShell, createNonce, WEBVIEW_RESOURCE_FOLDERS } from './html';
import type { PageShellOptions } from './html';
import type { Message, MessageSchema, PanelPage } from './messages';
import { isReply } from './messages';

/** A host message as the panel writes it; the base adds the `requestId`. */
type WithoutRequestId<T> = T extends unknown ? Omit<T, 'requestId'> : never;

export class PanelHost<HostMessage extends Message, PageMessage extends Message> implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private readonly pending = new Map<
    string,
    { resolve: (reply: PageMessage) => void; reject: (error: Error) => void }
  >();
  private readonly disposedEmitter = new vscode.EventEmitter<void>();
  private nextRequest = 0;
  private disposed = false;

  /** Fires once, when the panel closes (by the person, by `dispose`, or with the window). */
  readonly onDidDispose = this.disposedEmitter.event;

  /** The options a panel of this extension is created (and restored) with. */
  static webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
    return {
      enableScripts: true,
      localResourceRoots: WEBVIEW_RESOURCE_FOLDERS.map((folder) => vscode.Uri.joinPath(extensionUri, folder)),
    };
  }

  /** A new panel for `page`, beside the editor. */
  static createPanel(
    page: PanelPage<Message, Message>,
    extensionUri: vscode.Uri,
    title: string,
    column: vscode.ViewColumn = vscode.ViewColumn.Beside,
  ): vscode.WebviewPanel {
    return vscode.window.createWebviewPanel(page.viewType, title, column, {
      ...PanelHost.webviewOptions(extensionUri),
      enableFindWidget: true,
    });
  }

  /** Takes over `panel` (new, or restored by VS Code after a reload) and loads the page into it. */
  protected constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly page: PanelPage<HostMessage, PageMessage>,
    /** What the page's CSP allows beyond the default (a map fetches its basemap files). */
    shellOptions: Pick<PageShellOptions, 'imageOrigin' | 'mapStyle'> = {},
  ) {
    panel.webview.options = PanelHost.webviewOptions(extensionUri);
    panel.webview.html = buildPageShell({
      cspSource: panel.webview.cspSource,
      asWebviewUri: (path) =>
        panel.webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path.split('/'))).toString(),
      nonce: createNonce(),
      title: page.title,
      script: page.script,
      loadingText: page.loadingText,
      ...shellOptions,
    });
    this.disposables.push(
      panel.webview.onDidReceiveMessage((data: unknown) => this.receive(data)),
      panel.onDidDispose(() => this.disposeNow()),
      this.disposedEmitter,
    );
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Handles a message exactly as if the page had sent it (tests act through this). */
  receive(data: unknown): void {
    const checked = this.page.pageMessages.safeParse(data);
    if (!checked.success) return; // not one of ours: dropped, never trusted
    const message = checked.data;
    if (isReply(message)) {
      const waiting = this.pending.get(message.inReplyTo);
      this.pending.delete(message.inReplyTo);
      waiting?.resolve(message);
      return;
    }
    const handled = message.type === 'ready' ? this.onReady() : this.handle(message);
    Promise.resolve(handled).catch((error: unknown) => {
      void vscode.window.showErrorMessage(
        `${this.page.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }

  reveal(): void {
    this.panel.reveal(undefined, false);
  }

  dispose(): void {
    this.panel.dispose();
  }

  /** The page says it listens: each time it loads (first show, and when VS Code reloads a hidden
   * webview). The panel sends what the page should show. */
  protected onReady(): void | Promise<void> {}

  /** Every other message from the page, already validated. */
  protected handle(_message: PageMessage): void | Promise<void> {}

  /** Called once when the panel closes, before the listeners are disposed. */
  protected onDisposed(): void {}

  /** Sends a message to the page. The host validates what it sends too: a message the page would
   * reject fails here, loudly, with the field named, instead of as a page that never renders. */
  protected post(message: HostMessage): void {
    this.check(message);
    if (this.disposed) return;
    void this.panel.webview.postMessage(message);
  }

  /** Sends a request and resolves with the page's reply (the page message whose `inReplyTo` is
   * this request's `requestId`); rejects when the panel closes first. */
  protected request(message: WithoutRequestId<HostMessage>): Promise<PageMessage> {
    const requestId = `${++this.nextRequest}`;
    const full = { ...message, requestId } as unknown as HostMessage;
    this.check(full);
    if (this.disposed) return Promise.reject(new Error(`${this.page.name}: the panel is closed.`));
    return new Promise<PageMessage>((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject });
      void this.panel.webview.postMessage(full);
    });
  }

  /** Throws when `message` does not match the panel's host-message schema. */
  protected check(message: HostMessage): void {
    const checked = (this.page.hostMessages as MessageSchema<HostMessage>).safeParse(message);
    if (!checked.success)
      throw new Error(`${this.page.name}: invalid '${message.type}' message: ${checked.error.message}`);
  }

  private disposeNow(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const { reject } of this.pending.values()) reject(new Error(`${this.page.name}: the panel was closed.`));
    this.pending.clear();
    this.onDisposed();
    this.disposedEmitter.fire();
    for (const disposable of this.disposables) disposable.dispose();
  }
}
