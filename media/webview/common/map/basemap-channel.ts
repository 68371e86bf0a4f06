// A page's side of the basemap messages (src/ui/webview/common/protocol.ts): the map reads its
// basemap files by asking the panel, never by fetch, and the map's stylesheet is in before the
// page says `ready`. A fetch still pending when a panel closes is held by VS Code's webview
// service worker for 30 s, and no new webview of the window starts meanwhile; a message to a
// closed panel is just dropped. The host answers with `readBasemapFile` (common/basemap-files.ts).
import type { BasemapReply, BasemapRequest } from '../../../../src/ui/webview/common/protocol';
import type { BasemapReader } from './basemap';
import { defaultBasemapUrl } from './map-view';

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
    read: (path) => new Promise((resolve, reject) => {
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

/** Links the map's stylesheet (dist/map.css) now, for the page to say `ready` once it is in. */
export function loadMapStylesheet(): Promise<void> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = defaultBasemapUrl().replace(/basemap\/$/, 'map.css');
  link.dataset.mapStyle = '';
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve()); // the map then lacks its controls' styles, nothing more
  });
  document.head.append(link);
  return loaded;
}
