// Shared by the VS Code surface's integration tests: the extension's API, a simulator per test
// file with the key set against it, and waiting for events instead of sleeping.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { EstimatePanel } from '../../src/ui/webview/estimate/index';
import { startSimulator } from '../simulator';
import type { Simulator, SimulatorOptions } from '../simulator';

const EXTENSION_ID = 'sat-imagery-team.sat-imagery';

export async function extensionApi(): Promise<ExtensionApi> {
  const extension = vscode.extensions.getExtension<ExtensionApi | undefined>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed`);
  const api = await extension.activate();
  assert.ok(api, 'the extension gives its API only in the test host (ExtensionMode.Test)');
  return api;
}

export function packageJson(): {
  contributes: Record<string, any>;
  activationEvents?: string[];
  capabilities?: Record<string, any>;
} {
  return vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON;
}

export async function setBaseUrl(url: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('satImagery').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}

/** Starts a simulator for the file's tests, points the extension at it and sets the demo key. */
export function useSimulator(options: SimulatorOptions & { setKey?: boolean } = {}): {
  readonly sim: Simulator;
  readonly api: ExtensionApi;
} {
  let sim: Simulator | undefined;
  let api: ExtensionApi | undefined;
  before(async () => {
    api = await extensionApi();
    sim = await startSimulator(options);
    await setBaseUrl(sim.url);
    await vscode.commands.executeCommand('satImagery.clearApiKey');
    if (options.setKey !== false) {
      const result = await vscode.commands.executeCommand<{ stored: boolean }>('satImagery.setApiKey', 'demo-key');
      assert.equal(result.stored, true, 'the demo key was not stored');
    }
  });
  after(async () => {
    await vscode.commands.executeCommand('satImagery.clearApiKey');
    await setBaseUrl(undefined);
    await sim?.close();
  });
  return {
    get sim() {
      assert.ok(sim, 'simulator not started');
      return sim;
    },
    get api() {
      assert.ok(api, 'extension not activated');
      return api;
    },
  };
}

/** Resolves with the first event value that satisfies `accept`; fails after `timeoutMs`. */
export function nextEvent<T>(
  event: vscode.Event<T>,
  accept: (value: T) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`event not seen within ${timeoutMs} ms`));
    }, timeoutMs);
    const subscription = event((value) => {
      if (!accept(value)) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(value);
    });
  });
}

/**
 * The wizard's questions in the order they show: `next()` resolves with the next box's title (one
 * already shown and not yet taken first), or fails after `timeoutMs` naming what it waited for.
 * Listens from the call on; dispose() stops it.
 */
export async function questionQueue(api: ExtensionApi): Promise<{
  next(what: string, timeoutMs?: number): Promise<string>;
  dispose(): void;
}> {
  const titles: string[] = [];
  let wake: (() => void) | undefined;
  const subscription = (await api.onDidShowQuickInput())((title) => {
    titles.push(title);
    wake?.();
  });
  return {
    async next(what, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (titles.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the question ${what} did not show within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
      return titles.shift()!;
    },
    dispose: () => subscription.dispose(),
  };
}

/** Diagnostics of `uri` once they satisfy `accept` (now, or after the next changes). */
export function diagnosticsOf(
  uri: vscode.Uri,
  accept: (found: readonly vscode.Diagnostic[]) => boolean,
  timeoutMs = 10_000,
): Promise<readonly vscode.Diagnostic[]> {
  return diagnosticsFrom(uri, accept, timeoutMs, (d) => d.source === 'Satellite Imagery');
}

/** Every diagnostic of the file, whoever made it (VS Code's JSON validation too), once `accept` holds. */
export function allDiagnosticsOf(
  uri: vscode.Uri,
  accept: (found: readonly vscode.Diagnostic[]) => boolean,
  timeoutMs = 10_000,
): Promise<readonly vscode.Diagnostic[]> {
  return diagnosticsFrom(uri, accept, timeoutMs, () => true);
}

async function diagnosticsFrom(
  uri: vscode.Uri,
  accept: (found: readonly vscode.Diagnostic[]) => boolean,
  timeoutMs: number,
  keep: (d: vscode.Diagnostic) => boolean,
): Promise<readonly vscode.Diagnostic[]> {
  const kept = () => vscode.languages.getDiagnostics(uri).filter(keep);
  const waiting = nextEvent(
    vscode.languages.onDidChangeDiagnostics,
    (e) => e.uris.some((u) => u.toString() === uri.toString()) && accept(kept()),
    timeoutMs,
  );
  if (accept(kept())) {
    waiting.catch(() => undefined);
    return kept();
  }
  await waiting;
  return kept();
}

/** The extension's own cost panel (its bundle's module, not a test's compiled copy of it, which
 * never holds a panel) once a command has opened it, and the texts its page reported after
 * rendering what `accept` wants: the page's `rendered` event, not a timer. `opener` names what
 * should have opened it, for the error when nothing did. */
export async function renderedCostPanel(
  api: ExtensionApi,
  accept: (texts: Record<string, string>) => boolean,
  opener: string,
  timeoutMs: number,
): Promise<{ panel: EstimatePanel; texts: Record<string, string> }> {
  const deadline = Date.now() + timeoutMs;
  let panel = await api.estimatePanel();
  while (!panel) {
    if (Date.now() > deadline) throw new Error(`${opener} opened no cost panel`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    panel = await api.estimatePanel();
  }
  const now = panel.lastRendered;
  const texts =
    now && accept(now) ? now : await nextEvent(panel.onDidRender, accept, Math.max(1, deadline - Date.now()));
  return { panel, texts };
}
