// The one context every command and view receives, built once in activate() with everything in
// it (the key store, the account, the trees); nothing is attached later. The client is built
// lazily (the network stack costs ~100 ms to load, so activation does not pay for it) and rebuilt
// only when a setting that shapes it changes, so every caller shares one concurrency gate.
import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import { AoiCache, billingRulesFrom } from '../geometry';
import type { ClientOptions, ImageryClient } from '../api/types';
import { AccountModel } from './account';
import type { ApiKeyStore } from './api-key';
import { baseUrlProblem } from './base-url';
import type { ExtensionLog } from './log';
import { ReadOnlyDocuments } from './read-only-documents';
import { confirmOrderSpend } from './prompts/order-spend-question';
import { promptForApiKey } from './key-prompt';
import { Sidebar } from './tree/sidebar';
import type { ComponentLog, SettingsReader } from './types';
import { keyRedactor } from './key-redaction';
import type { NotifyPort } from '../workflows/engine/ports';
import { vscodeNotify } from './prompts/progress-notify';

export class ExtensionServices implements vscode.Disposable {
  private cached: { signature: string; client: ImageryClient } | undefined;
  private readonly treeRefresh = new vscode.EventEmitter<void>();
  /** The trees listen here; `refreshTrees()` is what commands call. */
  readonly onDidRequestTreeRefresh = this.treeRefresh.event;
  /** Credits and limits of the key's account (status bar, Models tree). */
  readonly account: AccountModel;
  /** Read-only JSON views (order details). */
  readonly documents = new ReadOnlyDocuments();
  /** The modal before an order is placed from the cost panel; the integration tests, which
   * cannot click a modal, put their answer in its place. */
  askOrderSpend = confirmOrderSpend;
  /** What readAoi made of each open document, keyed by uri and version: the diagnostics fill it
   * as the person types, so a workflow on the same document does not parse a large AOI again. */
  readonly aoiCache = new AoiCache();
  notify: NotifyPort = vscodeNotify;
  /** The Orders and Models trees. */
  readonly sidebar: Sidebar;

  constructor(
    readonly context: vscode.ExtensionContext,
    private readonly extensionLog: ExtensionLog,
    readonly settings: SettingsReader,
    readonly apiKey: ApiKeyStore,
  ) {
    this.account = new AccountModel(() => this.getClient({ quiet: true }), this.log('account'));
    this.sidebar = new Sidebar(this, apiKey);
  }

  log(component: string): ComponentLog {
    return this.extensionLog.for(component);
  }

  /** The client for the configured service. Asks for the key when none is set (unless `quiet`), and
   * throws an ApiError of kind 'auth' when there is still none. Loads the network stack lazily. */
  async getClient(options?: { quiet?: boolean }): Promise<ImageryClient> {
    if (!(await this.apiKey.get()) && !options?.quiet) {
      await promptForApiKey(this);
    }
    if (!(await this.apiKey.get())) {
      throw new ApiError({
        kind: 'auth',
        message: 'No API key is set. Run "Satellite Imagery: Set API Key…" and try again.',
      });
    }
    const wanted = this.clientOptions(() => this.apiKey.get());
    const signature = JSON.stringify([
      wanted.baseUrl,
      wanted.timeoutMs,
      wanted.deadlineMs,
      wanted.maxConcurrentRequests,
      wanted.download,
    ]);
    if (this.cached?.signature !== signature) {
      this.cached = { signature, client: await buildClient(wanted) };
      this.learnBillingRules(this.cached.client);
    }
    return this.cached.client;
  }

  /** The billing thresholds of the service's specification document (the warnings in the Problems
   * panel use them from then on; the defaults until then, or when it gives none). */
  private learnBillingRules(client: ImageryClient): void {
    client
      .getSpecification()
      .then((document) => {
        if (this.aoiCache.setBillingRules(billingRulesFrom(document)))
          this.log('geometry').info(
            `billing rules from the specification document: ${JSON.stringify(this.aoiCache.billingRules)}`,
          );
      })
      .catch(() => undefined); // no document: the live-service notes' figures stay
  }

  /** A one-off client for a key that is not stored yet (checking a new key before keeping it). */
  async clientForKey(key: string): Promise<ImageryClient> {
    keyRedactor.remember(key); // the key being tried is redacted like the stored one
    return await buildClient(this.clientOptions(() => key));
  }

  showLog(): void {
    this.extensionLog.channel.show(true);
  }

  /** Reload the sidebar trees (after an order is created or cancelled). */
  refreshTrees(): void {
    this.treeRefresh.fire();
  }

  private clientOptions(getApiKey: ClientOptions['getApiKey']): ClientOptions {
    const baseUrl = this.settings.baseUrl();
    const problem = baseUrlProblem(baseUrl);
    if (problem) throw new ApiError({ kind: 'local-validation', message: problem });
    const http = this.log('http');
    return {
      baseUrl,
      getApiKey,
      timeoutMs: this.settings.requestTimeoutSeconds() * 1000,
      deadlineMs: this.settings.requestDeadlineSeconds() * 1000,
      maxConcurrentRequests: this.settings.maxConcurrentRequests(),
      download: { minimumRate: this.settings.minimumDownloadRate() * 1024 },
      log: (level, message) => http[level](message),
      redactor: keyRedactor,
      userAgent: `vscode-sat-imagery/${String(this.context.extension.packageJSON.version ?? '0')} vscode/${vscode.version}`,
    };
  }

  dispose(): void {
    this.sidebar.dispose();
    this.account.dispose();
    this.documents.dispose();
    this.treeRefresh.dispose();
  }
}

async function buildClient(options: ClientOptions): Promise<ImageryClient> {
  // Loaded on first use: keeps undici and zod out of activation.
  const { createClient } = await import('../api/client');
  return createClient(options);
}
