// The view container's trees, wired to the key and the settings. Lists load when their view is
// visible (or on an explicit refresh), so opening a GeoJSON file costs no request; the Field
// alerts read the workspace's field tables when their view first shows, and after each run that
// changes them.
import * as vscode from 'vscode';
import type { ImageryClient, TaskingModel, TaskOrder } from '../../api/types';
import type { ApiKeyStore } from '../api-key';
import { Settings, Views } from '../constants';
import type { AccountModel } from '../account';
import type { ComponentLog, SettingsReader } from '../types';
import { DownloadsModel } from './downloads-model';
import { DownloadsTreeProvider } from './downloads-provider';
import type { DownloadsTreeNode } from './downloads-provider';
import { FieldAlerts } from './field-alerts';
import { FieldAlertsTreeProvider } from './field-alerts-provider';
import type { FieldAlertsNode } from './field-alerts-provider';
import { ModelsTreeProvider } from './models-provider';
import type { ModelsTreeNode } from './models-provider';
import { OrdersModel } from './orders-model';
import type { OrdersModelOptions } from './orders-model';
import { OrdersTreeProvider } from './orders-provider';
import type { OrdersTreeNode } from './orders-provider';
import { orderLabel } from '../../workflows/orders/order-status';
import { RemoteList } from './remote-list';

/** What the trees need from the services (a narrow view, so the trees do not depend on them). */
export interface SidebarDeps {
  getClient(options: { quiet: true }): Promise<ImageryClient>;
  log(component: string): ComponentLog;
  readonly account: AccountModel;
  readonly settings: SettingsReader;
  readonly onDidRequestTreeRefresh: vscode.Event<void>;
  /** Where the Downloads tree keeps its runs (the workspace's state). */
  readonly context: { readonly workspaceState: vscode.Memento };
}

export class Sidebar implements vscode.Disposable {
  readonly orders: OrdersModel;
  readonly models: RemoteList<TaskingModel>;
  readonly ordersProvider: OrdersTreeProvider;
  readonly modelsProvider: ModelsTreeProvider;
  readonly ordersView: vscode.TreeView<OrdersTreeNode>;
  readonly modelsView: vscode.TreeView<ModelsTreeNode>;
  /** Batches and time series run here (no request: read from the workspace's state). */
  readonly downloads: DownloadsModel;
  readonly downloadsProvider: DownloadsTreeProvider;
  readonly downloadsView: vscode.TreeView<DownloadsTreeNode>;
  /** Field → alert, from the workspace's field tables (no request). */
  readonly fieldAlerts: FieldAlerts;
  readonly fieldAlertsProvider: FieldAlertsTreeProvider;
  readonly fieldAlertsView: vscode.TreeView<FieldAlertsNode>;
  private readonly disposables: vscode.Disposable[] = [];
  private stale = { orders: true, models: true };

  constructor(
    private readonly services: SidebarDeps,
    private readonly apiKey: ApiKeyStore,
    options: OrdersModelOptions = {},
  ) {
    const getClient = () => services.getClient({ quiet: true });
    this.orders = new OrdersModel(getClient, services.log('orders'), options);
    this.models = new RemoteList<TaskingModel>('models', services.log('models'));
    this.ordersProvider = new OrdersTreeProvider(this.orders);
    this.modelsProvider = new ModelsTreeProvider(
      this.models,
      services.account,
      () => services.settings.defaults().model,
    );
    this.ordersView = vscode.window.createTreeView(Views.orders, {
      treeDataProvider: this.ordersProvider,
      showCollapseAll: true,
    });
    this.modelsView = vscode.window.createTreeView(Views.models, { treeDataProvider: this.modelsProvider });
    this.downloads = new DownloadsModel(services.context.workspaceState);
    this.downloadsProvider = new DownloadsTreeProvider(this.downloads);
    this.downloadsView = vscode.window.createTreeView(Views.downloads, { treeDataProvider: this.downloadsProvider });
    this.fieldAlerts = new FieldAlerts(services.context.workspaceState, services.log('alerts'));
    this.fieldAlertsProvider = new FieldAlertsTreeProvider(this.fieldAlerts);
    this.fieldAlertsView = vscode.window.createTreeView(Views.fieldAlerts, {
      treeDataProvider: this.fieldAlertsProvider,
      showCollapseAll: true,
    });
    this.disposables.push(
      this.fieldAlerts,
      this.fieldAlertsView,
      this.fieldAlertsView.onDidChangeVisibility(({ visible }) => {
        if (visible && this.fieldAlerts.state.kind === 'idle') void this.fieldAlerts.refresh();
      }),
      this.orders,
      this.models,
      this.ordersProvider,
      this.modelsProvider,
      this.ordersView,
      this.modelsView,
      this.downloads,
      this.downloadsProvider,
      this.downloadsView,
      this.ordersView.onDidChangeVisibility(({ visible }) => {
        this.orders.setVisible(visible);
        if (visible && this.stale.orders) void this.refreshOrders();
      }),
      this.modelsView.onDidChangeVisibility(({ visible }) => {
        if (visible && this.stale.models) void this.refreshModels();
      }),
      apiKey.onDidChange(() => this.reloadAll()),
      services.onDidRequestTreeRefresh(() => this.reloadAll()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration(`${Settings.section}.${Settings.defaultModel}`)) this.modelsProvider.redraw();
        if (event.affectsConfiguration(`${Settings.section}.${Settings.baseUrl}`)) this.reloadAll();
      }),
      this.orders.onDidChangeOrderStatus(({ order, previous, current }) => {
        void vscode.window.showInformationMessage(
          `Order ${orderLabel(order)} (${shortGuid(order)}): ${previous} → ${current}.`,
        );
      }),
    );
    this.orders.setVisible(this.ordersView.visible);
    if (this.fieldAlertsView.visible) void this.fieldAlerts.refresh();
  }

  async refreshOrders(): Promise<TaskOrder[] | undefined> {
    this.stale.orders = false;
    return this.orders.refresh(await this.hasKey());
  }

  async refreshModels(): Promise<TaskingModel[] | undefined> {
    this.stale.models = false;
    const hasKey = await this.hasKey();
    const state = await this.models.load(
      hasKey ? async (signal) => (await this.services.getClient({ quiet: true })).listModels({ signal }) : undefined,
    );
    return state.kind === 'loaded' ? state.items : undefined;
  }

  /** Everything shown depends on the key and the address: reload what is visible, mark the rest. */
  private reloadAll(): void {
    this.stale = { orders: true, models: true };
    const hasKey = this.apiKey.hasKey;
    void this.services.account.refresh(hasKey);
    // Without a key nothing is fetched, so clearing every list is free and shows no stale data.
    if (this.ordersView.visible || !hasKey) void this.refreshOrders();
    if (this.modelsView.visible || !hasKey) void this.refreshModels();
  }

  private async hasKey(): Promise<boolean> {
    return !!(await this.apiKey.get());
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function shortGuid(order: TaskOrder): string {
  return (order.TaskOrderGuid ?? '?').slice(0, 8);
}
