// A loopback proxy in front of the simulator that keeps what passed through it. The mutation
// corpus runs two command lines at once against one simulator, each through a proxy of its own,
// so the requests (a billed one above all) are known to be that case's, not its neighbour's.
import { createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PassedRequest {
  method: string;
  path: string;
  body: string;
}

export class RecordingProxy {
  private passed: PassedRequest[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(target: string): Promise<RecordingProxy> {
    const upstream = new URL(target);
    let proxy: RecordingProxy | undefined;
    const server = createServer((req, res) => proxy!.forward(upstream, req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new RecordingProxy(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return proxy;
  }

  /** What passed since the last call, in the order it arrived. */
  take(): PassedRequest[] {
    const passed = this.passed;
    this.passed = [];
    return passed;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(upstream: URL, req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      this.passed.push({
        method: req.method ?? 'GET',
        path: new URL(req.url ?? '/', upstream).pathname,
        body: body.toString('utf8'),
      });
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      // A client that gave up (a ceiling's kill) leaves nothing to answer.
      out.on('error', () => res.destroy());
      out.end(body);
    });
  }
}
