import * as assert from 'node:assert/strict';
import { buildPageShell, createNonce, WEBVIEW_SCRIPT, WEBVIEW_STYLE } from '../../../../src/ui/webview/common/html';

const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';
const mapped: string[] = [];
// Stands in for webview.asWebviewUri: a scheme no real page could load from, so any asset URI
// that did not go through it is easy to spot.
const fakeAsWebviewUri = (path: string) => {
  mapped.push(path);
  return `fake-webview-resource://ext/${path}`;
};

function page(nonce = createNonce(), title = 'Estimate') {
  mapped.length = 0;
  return buildPageShell({ cspSource: CSP_SOURCE, asWebviewUri: fakeAsWebviewUri, nonce, title });
}

function cspOf(html: string): Map<string, string[]> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  assert.ok(content, 'the page has a CSP meta tag');
  const directives = new Map<string, string[]>();
  for (const part of content.replace(/&#39;/g, "'").split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    directives.set(name, sources);
  }
  return directives;
}

describe('webview HTML shell', () => {
  it("has default-src 'none' and scripts only by this load's nonce", () => {
    const nonce = createNonce();
    const csp = cspOf(page(nonce));
    assert.deepEqual(csp.get('default-src'), ["'none'"]);
    assert.deepEqual(csp.get('script-src'), [`'nonce-${nonce}'`]);
    for (const [name, sources] of csp) {
      assert.ok(!sources.includes("'unsafe-inline'") && !sources.includes("'unsafe-eval'"), name);
      for (const source of sources) {
        assert.ok(!/^https?:/.test(source) || source === CSP_SOURCE, `${name} allows a remote source ${source}`);
      }
    }
  });

  it('puts the nonce on every script and loads every asset through asWebviewUri', () => {
    const nonce = createNonce();
    const html = page(nonce);
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    assert.ok(scripts.length >= 1);
    for (const attributes of scripts) assert.ok(attributes.includes(`nonce="${nonce}"`), attributes);
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    assert.ok(urls.length >= 2);
    for (const url of urls) assert.ok(url.startsWith('fake-webview-resource://ext/'), url);
    assert.deepEqual([...mapped].sort(), [WEBVIEW_SCRIPT, WEBVIEW_STYLE].sort());
    assert.ok(!/https?:\/\//.test(html.split(CSP_SOURCE).join('')), 'no http(s) address besides the webview origin');
  });

  it('draws a fresh 128-bit nonce each time', () => {
    const a = createNonce();
    const b = createNonce();
    assert.notEqual(a, b);
    assert.equal(Buffer.from(a, 'base64').length, 16);
  });

  it('links the map stylesheet in the head, before the script, only for a page that draws maps', () => {
    const plain = page();
    assert.ok(!plain.includes('map.css'));
    const html = buildPageShell({
      cspSource: CSP_SOURCE,
      asWebviewUri: fakeAsWebviewUri,
      nonce: createNonce(),
      title: 'Estimate',
      mapStyle: true,
    });
    const link = html.indexOf('<link rel="stylesheet"', html.indexOf(WEBVIEW_STYLE));
    assert.ok(
      link > 0 && html.indexOf('fake-webview-resource://ext/dist/map.css', link) > 0,
      'a second stylesheet link to dist/map.css',
    );
    assert.ok(
      link < html.indexOf('</head>') && html.indexOf('</head>') < html.indexOf('<script'),
      'in the head, so the script runs once it is in',
    );
    assert.equal(cspOf(html).get('connect-src'), undefined, 'still nothing to connect to');
  });

  it('escapes the title', () => {
    const html = page(createNonce(), '<script>alert(1)</script>');
    assert.equal((html.match(/<script/g) ?? []).length, 1);
  });
});
