// A proxy in front of the service can answer a billed call after the service ran it: a 400 page of
// its own, or the service's envelope relabelled as HTML. Neither is the service saying "not run"
// (src/api/billed-answers.ts), so the call is held as possibly charged and never sent again, while
// the service's own 4xx envelope still frees it. The proxy forwards every request to the simulator,
// which charges the process call before the proxy replaces its answer.
import * as assert from 'node:assert/strict';
import { createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '../../../src/api/client';
import type { FullImageryClient } from '../../../src/api/client';
import { refusal, useCompositeDownloads } from './api-test-helpers';

const COMPOSITE = '/api/satelliteimages/process/composite';
const PAGE = '<html><body><h1>400 Bad Request</h1><p>Request header or cookie too large</p></body></html>';

/** What the proxy answers to the process call once the simulator has answered it. */
type Replacement = { status: number; contentType: string; body: string } | undefined;

async function startProxy(target: string, replacement: () => Replacement): Promise<{ url: string; server: Server }> {
  const upstream = new URL(target);
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const out = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const instead = req.url === COMPOSITE ? replacement() : undefined;
        if (!instead) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        answer.resume();
        answer.on('end', () => {
          res.writeHead(instead.status, { 'Content-Type': instead.contentType });
          res.end(instead.body);
        });
      },
    );
    out.on('error', () => res.destroy());
    out.end(body);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('api client: a billed call answered by a proxy', function () {
  this.timeout(20_000);
  const downloads = useCompositeDownloads('api-billed-proxy-');
  let replacement: Replacement;
  let proxy: { url: string; server: Server };
  let client: FullImageryClient;
  const sent = () => downloads.sim.requests.filter((r) => r.method === 'POST' && r.path === COMPOSITE);

  before(async () => {
    proxy = await startProxy(downloads.sim.url, () => replacement);
    client = createClient({
      baseUrl: proxy.url,
      getApiKey: () => 'demo-key',
      timeoutMs: 5000,
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
    });
  });
  after(async () => {
    await client.close();
    proxy.server.closeAllConnections();
    await new Promise<void>((resolve) => proxy.server.close(() => resolve()));
  });

  async function downloadThroughProxy() {
    downloads.sim.clearLog();
    return refusal(client.downloadComposite(downloads.composite, { directory: downloads.out, fallbackName: 'x.tif' }));
  }

  it("a 400 page of the proxy's own after the service ran it: possibly charged, sent once", async () => {
    replacement = { status: 400, contentType: 'text/html', body: PAGE };
    const err = await downloadThroughProxy();
    assert.equal(err.mayHaveBeenCharged, true, err.message);
    assert.match(err.message, /HTTP 400.*does not prove it did not run.*may have been charged; it was not sent again/);
    assert.deepEqual(
      sent().map((r) => r.charged !== undefined),
      [true],
      'one process call, charged at the simulator',
    );
  });

  it("the service's envelope relabelled text/html: not the service speaking, so possibly charged", async () => {
    const envelope = { Succeeded: false, Data: null, Error: { Message: 'No imagery for this date.', Code: 1002 } };
    replacement = { status: 400, contentType: 'text/html; charset=utf-8', body: JSON.stringify(envelope) };
    const err = await downloadThroughProxy();
    assert.equal(err.mayHaveBeenCharged, true, err.message);
    assert.equal(err.code, 1002, 'what it said is kept');
    assert.match(err.message, /"No imagery for this date\.", error 1002/);
    assert.equal(sent().length, 1);
  });

  it("the service's own 400 envelope (application/json) frees the call: it did not run", async () => {
    replacement = undefined;
    downloads.sim.schedule({ method: 'POST', path: COMPOSITE, status: 400, code: 992 });
    const err = await downloadThroughProxy();
    assert.equal(err.mayHaveBeenCharged, false, err.message);
    assert.equal(err.code, 992);
    assert.deepEqual(
      sent().map((r) => r.charged),
      [undefined],
      'refused before processing, nothing charged',
    );
  });
});
