// What a webview panel and its page agree on, whatever the panel: every message is an object with
// a `type`; a request carries a `requestId` and its reply an `inReplyTo` with the same value; the
// page's first message is `{ type: 'ready' }`. Shared by the host (panel-host.ts) and the pages
// (media/webview/common/host-channel.ts): this file must not import `vscode` or Node.

export interface Message {
  readonly type: string;
}

export interface Reply {
  readonly inReplyTo: string;
}

/** The part of a zod (or zod/mini) schema the channel uses. */
export interface MessageSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

/** One page: its view type (package.json, serializer), its bundle, and the schemas of both
 * directions. esbuild.mjs builds `script` from the page's entry in its list of pages. */
export interface PanelPage<HostMessage extends Message, PageMessage extends Message> {
  /** How errors name the panel ("Estimate panel"). */
  readonly name: string;
  /** The HTML document's title. */
  readonly title: string;
  readonly viewType: string;
  /** The page's bundle, relative to the extension root, e.g. `dist/webview.js`. */
  readonly script: string;
  /** Shown until the page script has rendered. */
  readonly loadingText: string;
  readonly hostMessages: MessageSchema<HostMessage>;
  readonly pageMessages: MessageSchema<PageMessage>;
}

export function isReply(message: Message): message is Message & Reply {
  return typeof (message as Partial<Reply>).inReplyTo === 'string';
}
