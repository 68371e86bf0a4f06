// A page's side of the basemap messages (src/ui/webview/common/protocol.ts): the map reads its
// basemap files by asking the panel, never by fetch (and the panel links the map's stylesheet in
// the page's head: `mapStyle`). A load still pending when a panel closes is held by VS Code's
// webview service worker for 30 s, and no new webview of the window starts meanwhile; a message
// to a closed panel is just dropped. The host answers with `readBasemapFile` (common/basemap-files.ts).
import type { BasemapReply, BasemapRequest } from '../../../../src/ui/webview/common/protocol';
import type { BasemapReader } from './basemap';

export interface BasemapChannel {
  /** Give this to `new MapView(…, { readBasemapFile })`. */
  read: BasemapReader;
  /** Pass the host's `basemapFile` messages here. */
  receive(reply: BasemapReply): void;
}

export function createBasemapChannel(post: (request: BasemapRequest) => void): BasemapChannel {
  const waiting = new Map<string, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let next = 0;
  return {
    read: (path) =>
      new Promise((resolve, reject) => {
        const requestId = `basemap-${++next}`;
        waiting.set(requestId, { resolve, reject });
        post({ type: 'basemapRequest', requestId, path });
      }),
    receive(reply) {
      const request = waiting.get(reply.inReplyTo);
      waiting.delete(reply.inReplyTo);
      if (reply.text !== undefined) request?.resolve(reply.text);
      else request?.reject(new Error(reply.error ?? 'no such basemap file'));
    },
  };
}
