// The estimate page's script (bundled by esbuild.mjs into dist/webview.js). Its channel to the
// host (common/host-channel.ts) validates every message with the shared protocol; it renders the `show` message, keeps it in the
// webview state (so a reload of the page or of the window brings it back) and reports what it
// rendered. It says `ready` once it listens; the host answers with the current estimate.
import type { MessageSchema } from '../../../src/ui/webview/common/messages';
import { hostMessageSchema, parsePersistedState } from '../../../src/ui/webview/estimate/protocol';
import type {
  HostMessage,
  PersistedState,
  PlanMessage,
  ShowMessage,
  WebviewMessage,
} from '../../../src/ui/webview/estimate/protocol';
import { connectToHost } from '../common/host-channel';
import { closeDisclosuresOnEscape } from '../common/escape-closes';
import { returnFocusAfterDialogs } from '../common/focus-return';
import { createBasemapChannel } from '../common/map/basemap-channel';
import { PageView } from './render';
import { PlanPage } from './plan-view';

const root = document.getElementById('app') as HTMLElement;
let view: PageView | undefined;
/** An imagery file's plan, shown instead of an estimate. */
let planPage: PlanPage | undefined;

const host = connectToHost<HostMessage, WebviewMessage>({
  name: 'Estimate page',
  // The schema mirrors EstimateModel field by field (protocol.ts, ModelFitsSchema).
  hostMessages: hostMessageSchema as unknown as MessageSchema<HostMessage>,
  onMessage: (message) => {
    switch (message.type) {
      case 'show':
        show(message);
        return;
      case 'plan':
        showPlan(message.plan);
        return;
      case 'busy':
        view?.setBusy(message.message);
        planPage?.setBusy(message.message);
        return;
      case 'copied':
        view?.setStatus('Payload copied to the clipboard.');
        return;
      case 'basemapFile':
        basemap.receive(message);
        return;
    }
  },
});
let state: PersistedState | undefined = parsePersistedState(host.getState());

const post = (message: WebviewMessage) => host.post(message);
const basemap = createBasemapChannel(post);

function save(next: PersistedState): void {
  state = next;
  host.setState(next);
}

/** A plan is not kept in the page's state: after a window reload its Apply… would have no host
 * behind it, and an old plan shown as current would mislead (the Plan lens makes a fresh one). */
function showPlan(plan: PlanMessage['plan']): void {
  drawn = undefined;
  state = undefined;
  host.setState(undefined);
  view?.dispose();
  view = undefined;
  planPage = new PlanPage(root, plan, false, undefined, post);
  planPage.render();
}

/** The same estimate, whether or not it is shown read-only: the host sends the saved one back
 * read-only, with its note, after a window reload (EstimatePanel.revive). */
function sameEstimate(a: ShowMessage, b: ShowMessage): boolean {
  return JSON.stringify(a.model) === JSON.stringify(b.model) && a.payloadText === b.payloadText;
}

/** The estimate drawn, as text. The host sends it again each time the page says `ready`, and VS
 * Code also delivers the one sent before the page listened: a new panel got the same estimate twice,
 * and the second drawing replaced the buttons (one a person had already reached) and put the focus
 * back on the title. The same estimate again is not drawn again, unless the page is busy (the host
 * then answers what the page asked for). */
let drawn: string | undefined;

function show(message: ShowMessage): void {
  const text = JSON.stringify(message);
  if (view && !view.isBusy && text === drawn) {
    view.report();
    return;
  }
  drawn = text;
  planPage = undefined;
  // The same estimate shown again (page reloaded while hidden, or the window reloaded and the
  // panel restored) keeps the person's tile choice: the restored plan lists the tiles they chose.
  const selectedTiles = state !== undefined && sameEstimate(state.show, message) ? state.selectedTiles : undefined;
  save(selectedTiles ? { show: message, selectedTiles } : { show: message });
  view?.dispose();
  view = new PageView(root, message, selectedTiles, {
    locale: undefined,
    now: new Date(),
    post,
    readBasemapFile: basemap.read,
    onSelectionChange: (selected) => save({ show: message, selectedTiles: selected }),
  });
  view.render();
}

// Escape is Cancel (a plan's Close): the safe way out, from anywhere on the page.
window.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && (view || planPage) && !event.defaultPrevented) post({ type: 'cancel' });
});

if (state) show(state.show);
closeDisclosuresOnEscape();
returnFocusAfterDialogs();
host.ready();
