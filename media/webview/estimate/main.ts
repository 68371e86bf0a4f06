// The estimate page's script (bundled by esbuild.mjs into dist/webview.js). It validates every
// message from the host with the shared protocol, renders the `show` message, keeps it in the
// webview state (so a reload of the page or of the window brings it back) and reports what it
// rendered. It says `ready` once it listens; the host answers with the current estimate.
import { parseHostMessage, parsePersistedState } from '../../../src/ui/webview/estimate/protocol';
import type { PersistedState, ShowMessage, WebviewMessage } from '../../../src/ui/webview/estimate/protocol';
import { PageView } from './render';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('app') as HTMLElement;
let view: PageView | undefined;
let state: PersistedState | undefined = parsePersistedState(vscode.getState());

const post = (message: WebviewMessage) => vscode.postMessage(message);

function save(next: PersistedState): void {
  state = next;
  vscode.setState(next);
}

function show(message: ShowMessage): void {
  // The same estimate shown again (page reloaded while hidden) keeps the person's tile choice.
  const same = state !== undefined && JSON.stringify(state.show) === JSON.stringify(message);
  const selectedTiles = same ? state?.selectedTiles : undefined;
  save(selectedTiles ? { show: message, selectedTiles } : { show: message });
  view = new PageView(root, message, selectedTiles, {
    locale: undefined,
    now: new Date(),
    post,
    onSelectionChange: (selected) => save({ show: message, selectedTiles: selected }),
  });
  view.render();
}

window.addEventListener('message', (event: MessageEvent) => {
  const message = parseHostMessage(event.data);
  if (!message) {
    console.warn('Estimate page: ignored a message that does not match the protocol');
    return;
  }
  switch (message.type) {
    case 'show':
      show(message);
      return;
    case 'busy':
      view?.setBusy(message.message);
      return;
    case 'copied':
      view?.setStatus('Payload copied to the clipboard.');
      return;
  }
});

// Escape is Cancel: the safe way out, from anywhere on the page.
window.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && view && !event.defaultPrevented) post({ type: 'cancel' });
});

if (state) show(state.show);
post({ type: 'ready' });
