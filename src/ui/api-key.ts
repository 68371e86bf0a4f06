// The API key lives in SecretStorage and nowhere else. This store keeps the `hasApiKey` context
// key (welcome views, menus) in step with it, in this window and, through
// `secrets.onDidChange`, when another window sets or clears the key.
import * as vscode from 'vscode';
import { ContextKeys, SECRET_API_KEY } from './constants';
import { keyRedactor } from './key-redaction';

export class ApiKeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<boolean>();
  /** Fires with whether a key is present, after any change from any window. */
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private present: boolean | undefined;
  /** The key last seen, to announce only real changes (a store here also echoes through onDidChange). */
  private lastSeen: string | undefined | null = null;
  private syncing: Promise<unknown> = Promise.resolve();

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.subscription = secrets.onDidChange((event) => {
      if (event.key === SECRET_API_KEY) void this.sync();
    });
  }

  async get(): Promise<string | undefined> {
    const key = await this.secrets.get(SECRET_API_KEY);
    keyRedactor.remember(key); // whatever a server echoes of it is redacted from then on
    return key;
  }

  async store(key: string): Promise<void> {
    keyRedactor.remember(key);
    await this.secrets.store(SECRET_API_KEY, key);
    await this.sync();
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_API_KEY);
    await this.sync();
  }

  /** Re-reads the storage, updates the context key, and announces a change of presence or key. */
  sync(): Promise<boolean> {
    // One at a time: a store here and its echo through onDidChange must not interleave, or the
    // caller of store()/clear() could return before the change is announced.
    const next = this.syncing.then(() => this.syncNow());
    this.syncing = next.catch(() => false);
    return next;
  }

  private async syncNow(): Promise<boolean> {
    const key = await this.get();
    const present = !!key;
    if (key === this.lastSeen) return present;
    this.lastSeen = key;
    await vscode.commands.executeCommand('setContext', ContextKeys.hasApiKey, present);
    this.present = present;
    this.changed.fire(present);
    return present;
  }

  get hasKey(): boolean {
    return this.present === true;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** Why a typed key cannot be one, or undefined. Only the shape is checked here; the service decides. */
export function apiKeyFormatProblem(value: string): string | undefined {
  const key = value.trim();
  if (key === '') return 'Enter the API key from your account dashboard.';
  if (/\s/.test(key)) return 'An API key has no spaces in it.';
  if (!/^[\x21-\x7e]+$/.test(key)) return 'An API key has only letters, digits and punctuation.';
  if (key.length < 4 || key.length > 512) return 'That does not look like an API key (wrong length).';
  return undefined;
}
