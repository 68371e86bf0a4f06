// Every identifier the extension shares with package.json, in one place. Command ids are a public
// interface (keybindings, other extensions and tests call them): never rename one.

/** Command ids. */
export const Commands = {
  /** Prompt for the API key (or take it as a string argument) and keep it in SecretStorage. */
  setApiKey: 'satImagery.setApiKey',
  /** Remove the API key from SecretStorage. */
  clearApiKey: 'satImagery.clearApiKey',
  /** Reload the Orders tree. */
  refreshOrders: 'satImagery.refreshOrders',
  /** Reload the Models tree. */
  refreshModels: 'satImagery.refreshModels',
  /** Open an order's details as read-only JSON; takes an order node or GUID. */
  showOrderDetails: 'satImagery.showOrderDetails',
  /** Cancel an order after confirmation; takes an order node or GUID. */
  cancelOrder: 'satImagery.cancelOrder',
  /** Copy an order's GUID; takes an order node or GUID. */
  copyOrderId: 'satImagery.copyOrderId',
  /** Open an order's AOI as a GeoJSON document; takes an order node or GUID. */
  openOrderAoi: 'satImagery.openOrderAoi',
  /** Toggle the Orders filters. */
  toggleRecurringOnly: 'satImagery.toggleRecurringOnly',
  toggleShowExpired: 'satImagery.toggleShowExpired',
  /** Make a model (node or name) the default model setting. */
  useModelAsDefault: 'satImagery.useModelAsDefault',
  /** Show the account's limits and credits. */
  showAccount: 'satImagery.showAccount',
  /** Show the log output channel. */
  showLog: 'satImagery.showLog',
  /** Open a GeoTIFF in the image viewer; takes a Uri, a path, or a node with `path`/`uri` (a batch unit). */
  openImage: 'satImagery.openImage',
  // Workflows: each takes (uri?, options?) and returns a result object.
  downloadComposite: 'satImagery.downloadComposite',
  findAvailableDates: 'satImagery.findAvailableDates',
  estimateOrder: 'satImagery.estimateOrder',
  createOrder: 'satImagery.createOrder',
  searchTiles: 'satImagery.searchTiles',
  processTiles: 'satImagery.processTiles',
  downloadTimeSeries: 'satImagery.downloadTimeSeries',
  processMiniTiles: 'satImagery.processMiniTiles',
  /** Open the map of an AOI file (uri, else the active editor) with the account's and workspace's layers. */
  showOnMap: 'satImagery.showOnMap',
  /** Per-field index statistics over time in a chart panel; takes a series folder, a Downloads run,
   * an area file or an image, and options `{ aoi, images, indices, rule, idProperty }`. */
  showFieldStatistics: 'satImagery.showFieldStatistics',
  /** Plan an imagery file (imagery.json, *.imagery.json) in the cost panel, with Apply… there;
   * takes its uri and options `{ maxCost }` (Apply… without the modal when the total is within it). */
  planImagery: 'satImagery.planImagery',
  /** Read the workspace's field tables again and list their alerts in the Field alerts view. */
  refreshFieldAlerts: 'satImagery.refreshFieldAlerts',
  /** Open the statistics chart at an alert's field and date; takes a Field alerts row's alert. */
  openFieldAlert: 'satImagery.openFieldAlert',
} as const;

/** View container and view ids. */
export const Views = {
  container: 'satImagery',
  orders: 'satImagery.orders',
  models: 'satImagery.models',
  /** The batches and time series run in this workspace, with Open Image on finished images. */
  downloads: 'satImagery.downloads',
  /** Field → alert, from the workspace's field tables (field-stats.csv). */
  fieldAlerts: 'satImagery.fieldAlerts',
  estimatePanel: 'satImagery.estimate',
  /** The GeoTIFF viewer (custom editor); protocol.ts's VIEWER_VIEW_TYPE is the same id. */
  imageViewer: 'satImagery.imageViewer',
  /** The field statistics panel; stats/protocol.ts's STATS_VIEW_TYPE is the same id. */
  fieldStatistics: 'satImagery.fieldStatistics',
} as const;

/** Setting keys, relative to the `satImagery` section. */
export const Settings = {
  section: 'satImagery',
  /** application scope: decides where the key is sent, so a workspace may never set it. */
  baseUrl: 'baseUrl',
  maxConcurrentRequests: 'maxConcurrentRequests',
  requestTimeoutSeconds: 'requestTimeoutSeconds',
  /** Overall deadline of a JSON request, beside the idle timeout above. */
  requestDeadlineSeconds: 'requestDeadlineSeconds',
  /** KiB/s; machine scope: how long a download may crawl is the machine's business, not a repository's. */
  minimumDownloadRate: 'minimumDownloadRate',
  outputDirectory: 'outputDirectory',
  confirmCostAbove: 'confirmCostAbove',
  /** application scope: an XYZ template for an online basemap; the map calls no server without it. */
  mapTileUrl: 'map.tileUrl',
  /** application scope: whether the walkthrough opens by itself at the first activation. */
  openWalkthroughOnFirstRun: 'walkthrough.openOnFirstRun',
  /** The model a run starts from (Use Model as Default writes it); the choices' settings are
   * named in their table, api/request-fields.ts (a unit test keeps this one equal to its row). */
  defaultModel: 'defaults.model',
  // defaults.output.*: the output fields' settings are named in their table, api/request-fields.ts.
} as const;

/** Context keys used in `when` clauses. */
export const ContextKeys = {
  /** true while an API key is in SecretStorage. */
  hasApiKey: 'satImagery.hasApiKey',
  recurringOnly: 'satImagery.recurringOnly',
  showExpired: 'satImagery.showExpired',
  /** Paths of open `.json` documents whose content is GeoJSON (menus use `resourcePath in ...`). */
  geoJsonJsonPaths: 'satImagery.geoJsonJsonPaths',
  /** How many field tables the Field alerts view read last (its welcome text says why it is empty). */
  fieldTables: 'satImagery.fieldAlerts.tables',
  /** true once an area of interest was the active editor in this window (the walkthrough's step). */
  areaOpened: 'satImagery.areaOpened',
  /** true once Show on Map / Plan Imagery File ran in this window, from a code lens too (the
   * walkthrough's steps: ui/first-run/step-commands.ts). */
  mapShown: 'satImagery.mapShown',
  imageryPlanned: 'satImagery.imageryPlanned',
  /** true once a composite's image was saved in this window (Download Composite, after Proceed):
   * the walkthrough's "Price and download an image" (ui/first-run/step-done.ts). */
  compositeDownloaded: 'satImagery.compositeDownloaded',
  /** true once the image viewer drew an image in this window: the walkthrough's "Look at it". */
  imageShown: 'satImagery.imageShown',
} as const;

/** The walkthrough's id in package.json's `contributes.walkthroughs`. */
export const WALKTHROUGH_ID = 'satImagery.firstRun';

/** SecretStorage key under which the API key lives. */
export const SECRET_API_KEY = 'satImagery.apiKey';

export const DEFAULT_BASE_URL = 'https://api.clearsky.vision';
