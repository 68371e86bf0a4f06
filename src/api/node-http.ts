// Image downloads go through Node's own http client, not undici. undici 7 throws an uncatchable
// AssertionError (`assert(!this.paused)` in the socket's end handler) when a body under
// backpressure meets a server that closes the connection (docs/engineering-notes.md,
// "undici 7 and a server that closes the connection"; undici #5360, fixed only in undici 8, which does not load on Node 20); here it hit an 8 MiB close-delimited body
// within a few runs. In an extension host that crash would take every extension down, so the one
// path that streams large bodies to disk uses the client whose end-of-stream handling waits for
// the consumer. The rules (origin, https, headers, timeout, abort) are the transport's, unchanged.
import { request as httpRequest, Agent as HttpAgent } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest, Agent as HttpsAgent } from 'node:https';

export interface ResponseBody extends AsyncIterable<Uint8Array> {
  text(): Promise<string>;
  dump(): Promise<void>;
  destroy(): void;
}

export interface NodeHttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: ResponseBody;
}

function bodyOf(message: IncomingMessage): ResponseBody {
  return {
    [Symbol.asyncIterator]: () => message[Symbol.asyncIterator](),
    async text() {
      const chunks: Buffer[] = [];
      for await (const chunk of message) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    async dump() {
      message.resume();
      if (!message.complete && !message.destroyed)
        await new Promise<void>((resolve) => message.once('close', () => resolve()));
    },
    destroy: () => message.destroy(),
  };
}

/** A timeout error shaped like undici's, so one mapping serves both clients. */
function timeoutError(): Error {
  return Object.assign(new Error('The service did not answer within the request timeout.'), {
    code: 'UND_ERR_BODY_TIMEOUT',
  });
}

export class NodeHttpClient {
  private readonly httpAgent = new HttpAgent({ keepAlive: true });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true });

  request(
    url: URL,
    init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal; timeoutMs: number },
  ): Promise<NodeHttpResponse> {
    const secure = url.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const headers = { ...init.headers };
      if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
      const req = send(url, {
        method: init.method,
        headers,
        agent: secure ? this.httpsAgent : this.httpAgent,
        signal: init.signal,
      });
      let response: IncomingMessage | undefined;
      // Idle timeout of the socket: covers waiting for the headers and every pause in the body.
      // Once the body flows, the error must go to the response, or the reader sees a bare reset.
      req.setTimeout(init.timeoutMs, () => (response ? response.destroy(timeoutError()) : req.destroy(timeoutError())));
      req.once('error', reject);
      req.once('response', (message) => {
        response = message;
        resolve({ status: message.statusCode ?? 0, headers: message.headers, body: bodyOf(message) });
      });
      req.end(init.body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
