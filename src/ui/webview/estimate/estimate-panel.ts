// The one estimate panel, on the panel base (common/panel-host.ts). A new estimate replaces the
// one shown (whose pending decision becomes 'cancel'); closing the panel is Cancel; a decision
// closes it. The page asks for its content with `ready` each time it loads (first show, and again
// when VS Code reloads a hidden webview), so the host keeps the `show` message and the page needs
// no retained context.
import * as vscode from 'vscode';
import type { EstimateDecision, EstimateModel } from '../../../pricing/estimate-view-model';
import { Views } from '../../constants';
import { WEBVIEW_SCRIPT } from '../common/html';
import type { MessageSchema, PanelPage } from '../common/messages';
import { readBasemapFile } from '../common/basemap-files';
import { PanelHost } from '../common/panel-host';
import { hostMessageSchema, webviewMessageSchema } from './protocol';
import type { HostMessage, ShowMessage, WebviewMessage } from './protocol';
import type { PlanDecision, PlanMessage, PlanView } from './plan-protocol';
import { payloadToText, toShowMessage } from './view-model';

type Resolve = (decision: EstimateDecision) => void;

const estimatePage: PanelPage<HostMessage, WebviewMessage> = {
  name: 'Estimate panel',
  title: 'Estimate',
  viewType: Views.estimatePanel,
  script: WEBVIEW_SCRIPT,
  loadingText: 'Loading the estimate…',
  // The schema mirrors EstimateModel field by field (protocol.ts, ModelFitsSchema).
  hostMessages: hostMessageSchema as unknown as MessageSchema<HostMessage>,
  pageMessages: webviewMessageSchema,
};

export class EstimatePanel extends PanelHost<HostMessage, WebviewMessage> {
  private static current: EstimatePanel | undefined;

  private show: ShowMessage | undefined;
  /** An imagery file's plan, shown instead of an estimate (never both). */
  private plan: PlanMessage | undefined;
  private resolvePlan: ((decision: PlanDecision) => void) | undefined;
  private model: EstimateModel | undefined;
  private resolvePending: Resolve | undefined;
  private pendingDecision: Promise<EstimateDecision> | undefined;
  private rendered: Record<string, string> | undefined;
  private readonly renderedEmitter = new vscode.EventEmitter<Record<string, string>>();

  /** Fires with the texts of the page's `data-testid` elements after each render. */
  readonly onDidRender = this.renderedEmitter.event;

  private constructor(
    panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
  ) {
    // The page's maps ask for their basemap files by message (common/protocol.ts), never by
    // fetch, and their stylesheet is in the page's head.
    super(panel, extensionUri, estimatePage, { mapStyle: true });
    this.onDidDispose(() => this.renderedEmitter.dispose());
  }

  /** The panel on screen, if any. */
  static get active(): EstimatePanel | undefined {
    return EstimatePanel.current;
  }

  /** The panel to show an estimate in: the one on screen, else a new one. */
  static obtain(extensionUri: vscode.Uri): EstimatePanel {
    if (EstimatePanel.current) return EstimatePanel.current;
    // A tab of the active editor group, as the map opens: the group's whole width. Beside the
    // editor it split the editor area (a third column when the map was beside the text: about
    // 300 px at 1280 px) and the extension cannot know how wide a new column would be.
    const panel = PanelHost.createPanel(estimatePage, extensionUri, 'Estimate', vscode.ViewColumn.Active);
    EstimatePanel.current = new EstimatePanel(panel, extensionUri);
    return EstimatePanel.current;
  }

  /** Adopts a panel VS Code restored after a window reload, showing its last content read-only. */
  static revive(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, show: ShowMessage): EstimatePanel {
    EstimatePanel.current?.panel.dispose();
    const revived = new EstimatePanel(panel, extensionUri);
    panel.title = show.model.title;
    revived.show = {
      ...show,
      readOnly: true,
      note: 'Restored after a window reload. The request behind this estimate no longer exists: run the command again to proceed.',
    };
    EstimatePanel.current = revived;
    return revived;
  }

  /** Shows a model and waits for the person's decision. */
  present(model: EstimateModel): Promise<EstimateDecision> {
    const show = toShowMessage(model);
    this.replaceShown(model.title, show, { model, show });
    const decision = new Promise<EstimateDecision>((resolve) => (this.resolvePending = resolve));
    this.pendingDecision = decision;
    return this.shownAwaiting(show, decision);
  }

  /** Shows an imagery file's plan and waits for Apply… or the panel's closing. The panel stays
   * open after Apply… (busy), so the host can show the fresh plan there when the apply ends. */
  presentPlan(view: PlanView): Promise<PlanDecision> {
    const plan: PlanMessage = { type: 'plan', plan: view };
    this.replaceShown(view.title, plan, { plan });
    return this.shownAwaiting(plan, new Promise<PlanDecision>((resolve) => (this.resolvePlan = resolve)));
  }

  /** Puts a model or a plan in place of what the panel shows, whose decision is then a cancel.
   * Checked before anything changes: an invalid one must not cancel the one shown. */
  private replaceShown(
    title: string,
    message: ShowMessage | PlanMessage,
    shown: { model?: EstimateModel; show?: ShowMessage; plan?: PlanMessage },
  ): void {
    this.check(message);
    this.settle({ action: 'cancel' });
    this.model = shown.model;
    this.show = shown.show;
    this.plan = shown.plan;
    this.rendered = undefined;
    this.panel.title = title;
  }

  /** Sends the page what it now shows and brings the panel forward; answers with the decision. */
  private shownAwaiting<T>(message: ShowMessage | PlanMessage, decision: Promise<T>): Promise<T> {
    this.post(message);
    this.reveal();
    return decision;
  }

  /** The plan on screen, if the panel shows one. */
  get shownPlan(): PlanView | undefined {
    return this.plan?.plan;
  }

  /** Closes the panel if it still waits for `decision` (not if a newer estimate replaced it). */
  withdraw(decision: Promise<EstimateDecision>): void {
    if (this.pendingDecision === decision && this.resolvePending) this.dispose();
  }

  /** Tells the page that work is under way (e.g. the next estimate); the buttons wait meanwhile. */
  busy(message: string): void {
    this.post({ type: 'busy', message });
  }

  /** The last `show` message, i.e. what the page is asked to display. */
  get shown(): ShowMessage | undefined {
    return this.show;
  }

  /** The texts the page reported after its last render (undefined until it has rendered). */
  get lastRendered(): Record<string, string> | undefined {
    return this.rendered;
  }

  protected override onReady(): void {
    if (this.show) this.post(this.show);
    else if (this.plan) this.post(this.plan);
  }

  protected override async handle(message: WebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready': // answered by onReady
        return;
      case 'basemapRequest':
        this.post(await readBasemapFile(this.extensionUri, message));
        return;
      case 'rendered':
        this.rendered = message.texts;
        this.renderedEmitter.fire(message.texts);
        return;
      case 'copyPayload': {
        const text = this.model ? payloadToText(this.model.payload) : this.show?.payloadText;
        if (text === undefined) return;
        await vscode.env.clipboard.writeText(text);
        this.post({ type: 'copied' });
        return;
      }
      case 'proceed': {
        if (!this.resolvePending || this.show?.readOnly) return;
        const decision = this.proceedDecision(message.selectedTiles, message.cover);
        if (decision) this.decide(decision);
        return;
      }
      case 'apply': {
        const resolve = this.resolvePlan;
        // Only a plan with something to do; uncertain units only when the person ticked them.
        const plan = this.plan?.plan;
        const resend = message.resendUncertain && plan?.units.some((u) => u.kind === 'uncertain') === true;
        if (!resolve || !plan || plan.stops.length > 0 || (!plan.applicable && !resend)) return;
        this.resolvePlan = undefined;
        this.busy('Checking the plan again before anything is bought…');
        resolve({ action: 'apply', resendUncertain: resend });
        return;
      }
      case 'forget': {
        const resolve = this.resolvePlan;
        // Only an order the plan on screen holds as uncertain.
        const held = this.plan?.plan.orders.some((o) => o.kind === 'uncertain' && o.order === message.order);
        if (!resolve || !held) return;
        this.resolvePlan = undefined;
        this.busy(`Forgetting order ${message.order}…`);
        resolve({ action: 'forget', order: message.order });
        return;
      }
      case 'cancel':
      case 'change':
        this.decide({ action: message.type });
        return;
    }
  }

  /** Keeps only tiles the model offered (a page cannot add a GUID of its own); undefined when a
   * tile selection has nothing selected, which the page does not allow to proceed either. */
  private proceedDecision(
    selectedTiles: string[] | undefined,
    cover: 'polygon' | 'tiles' | undefined,
  ): EstimateDecision | undefined {
    if (this.model?.kind === 'order') {
      // Only a cover the model offered may be chosen.
      const offered = cover !== undefined && this.model.covers?.some((c) => c.id === cover);
      return offered ? { action: 'proceed', cover } : { action: 'proceed' };
    }
    if (this.model?.kind !== 'tiles') return { action: 'proceed' };
    const offered = new Set(this.model.tiles.map((tile) => tile.guid));
    const selected = [...new Set(selectedTiles ?? [])].filter((guid) => offered.has(guid));
    return selected.length ? { action: 'proceed', selectedTiles: selected } : undefined;
  }

  private decide(decision: EstimateDecision): void {
    this.settle(decision);
    this.dispose();
  }

  private settle(decision: EstimateDecision): void {
    const plan = this.resolvePlan;
    this.resolvePlan = undefined;
    plan?.({ action: 'close' });
    const resolve = this.resolvePending;
    this.resolvePending = undefined;
    this.pendingDecision = undefined;
    resolve?.(decision);
  }

  protected override onDisposed(): void {
    this.settle({ action: 'cancel' });
    if (EstimatePanel.current === this) EstimatePanel.current = undefined;
  }
}
