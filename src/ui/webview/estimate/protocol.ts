// The messages between the extension host and the estimate webview, in both directions. Both sides
// import this file and validate every message on arrival: a webview is a separate page, and a
// message that does not parse is dropped rather than trusted. zod/mini keeps the webview bundle
// small (the classic API would add ~450 KB). This file must not import `vscode`.
import * as z from 'zod/mini';
import { estimateModelSchema } from '../../../pricing/estimate-view-model';
export type * from '../../../pricing/estimate-view-model';
export type * from '../../../pricing/purchase-plan';
import { basemapReplySchema, basemapRequestSchema } from '../common/protocol';
import { applyMessage, forgetMessage, planMessage } from './plan-protocol';
export type { PlanMessage, PlanView } from './plan-protocol';

/** What the page shows: the model (polygons thinned for drawing) plus the payload as text. */
const showMessage = z.object({
  type: z.literal('show'),
  model: estimateModelSchema,
  /** Pretty JSON of the payload, cut at a size the page can hold; Copy always copies it whole. */
  payloadText: z.string(),
  payloadTruncated: z.boolean(),
  /** Restored after a reload: Proceed is disabled, since the request behind it is gone. */
  readOnly: z.boolean(),
  note: z.optional(z.string()),
});

export const hostMessageSchema = z.discriminatedUnion('type', [
  showMessage,
  /** An imagery file's plan (Plan code lens), and after Apply… the fresh plan with its summary. */
  planMessage,
  /** The host is working (e.g. a new estimate is on its way); buttons are disabled meanwhile. */
  z.object({ type: z.literal('busy'), message: z.string() }),
  /** The payload is on the clipboard. */
  z.object({ type: z.literal('copied') }),
  /** A basemap file the page's map asked for. */
  basemapReplySchema,
]);

export const webviewMessageSchema = z.discriminatedUnion('type', [
  /** The page script runs and listens: the host may send `show`. */
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('proceed'),
    selectedTiles: z.optional(z.array(z.string())),
    cover: z.optional(z.enum(['polygon', 'tiles'])),
  }),
  z.object({ type: z.literal('cancel') }),
  z.object({ type: z.literal('change') }),
  /** Apply… under a plan: buys exactly the plan shown (the host asks once more, naming the total). */
  applyMessage,
  /** Forget… on an order held as uncertain (the host confirms in a modal). */
  forgetMessage,
  z.object({ type: z.literal('copyPayload') }),
  /** After each render: the text of every `data-testid` element, so tests can read what is shown. */
  z.object({ type: z.literal('rendered'), texts: z.record(z.string(), z.string()) }),
  /** The map asks for a basemap file (never fetched: see common/protocol.ts). */
  basemapRequestSchema,
]);

/** What the page keeps in `vscode.setState`, and what the serializer gets back after a reload. */
const persistedStateSchema = z.object({
  show: showMessage,
  selectedTiles: z.optional(z.array(z.string())),
});

export type ShowMessage = z.infer<typeof showMessage>;
export type HostMessage = z.infer<typeof hostMessageSchema>;
export type WebviewMessage = z.infer<typeof webviewMessageSchema>;
export type PersistedState = z.infer<typeof persistedStateSchema>;

/** Parses a message from the webview; undefined when it is not one of ours. */
export function parseWebviewMessage(data: unknown): WebviewMessage | undefined {
  const result = webviewMessageSchema.safeParse(data);
  return result.success ? result.data : undefined;
}

/** Parses a message from the host; undefined when it is not one of ours. */
export function parseHostMessage(data: unknown): HostMessage | undefined {
  const result = hostMessageSchema.safeParse(data);
  return result.success ? result.data : undefined;
}

/** Parses a saved page state; undefined when it is missing or from an incompatible version. */
export function parsePersistedState(data: unknown): PersistedState | undefined {
  const result = persistedStateSchema.safeParse(data);
  return result.success ? result.data : undefined;
}
