// The page side of a panel (the host side is src/ui/webview/common/panel-host.ts): takes the VS
// Code API once, validates every message from the host with the page's schema (a message that
// does not parse is dropped), sends the page's messages, replies to the host's requests, keeps
// the page's state across reloads, and says `ready` when the page listens. No DOM beyond `window`.
import type { Message, MessageSchema } from '../../../src/ui/webview/common/messages';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export interface HostChannel<PageMessage extends Message> {
  post(message: PageMessage): void;
  /** Answers the host request `request` (whose `requestId` the reply carries as `inReplyTo`). */
  reply(request: { readonly requestId: string }, message: PageMessage): void;
  /** The state saved with `setState`, as VS Code kept it across a reload of the page. */
  getState(): unknown;
  setState(state: unknown): void;
  /** Tells the host that the page listens; the host answers with what to show. */
  ready(): void;
}

export interface ChannelOptions<HostMessage extends Message> {
  /** How the console names the page ("Estimate page"). */
  readonly name: string;
  readonly hostMessages: MessageSchema<HostMessage>;
  onMessage(message: HostMessage): void;
}

export function connectToHost<HostMessage extends Message, PageMessage extends Message>(
  options: ChannelOptions<HostMessage>,
): HostChannel<PageMessage> {
  const vscode = acquireVsCodeApi();
  window.addEventListener('message', (event: MessageEvent) => {
    const checked = options.hostMessages.safeParse(event.data);
    if (!checked.success) {
      console.warn(`${options.name}: ignored a message that does not match the protocol`);
      return;
    }
    options.onMessage(checked.data);
  });
  return {
    post: (message) => vscode.postMessage(message),
    reply: (request, message) => vscode.postMessage({ ...message, inReplyTo: request.requestId }),
    getState: () => vscode.getState(),
    setState: (state) => vscode.setState(state),
    ready: () => vscode.postMessage({ type: 'ready' }),
  };
}
