// The one rule "https, or plain http to loopback" (api/loopback.ts), as a table, and the places
// that use it (the client's base URL, the extension's, the command line's, the UploadUrl, the
// basemap's template) agreeing with it row by row.
import * as assert from 'node:assert/strict';
import { isHttpsOrLoopback, isLoopbackHost } from '../../../src/api/loopback';
import { checkBaseUrl } from '../../../src/api/transport';
import { readBaseUrl } from '../../../src/cli/credentials';
import { baseUrlProblem } from '../../../src/ui/base-url';
import { tileOrigin } from '../../../src/ui/webview/map/tile-origin';
import { checkUploadUrl } from '../../../src/request/output-fields';

const TABLE: Array<[address: string, allowed: boolean]> = [
  ['https://api.example.com', true],
  ['https://127.0.0.1:8443', true],
  ['http://localhost:8080', true],
  ['http://127.0.0.1', true],
  ['http://127.255.0.9:3000', true],
  ['http://[::1]:8080', true],
  ['http://api.example.com', false],
  ['http://localhost.example.com', false],
  ['http://127.0.0.1.example.com', false],
  ['http://128.0.0.1', false],
  ['http://10.0.0.1', false],
  ['http://[::2]', false],
  ['ftp://localhost', false],
  ['file:///etc/passwd', false],
];

describe('api: the loopback rule in one place', () => {
  it('names loopback hosts: localhost, 127.0.0.0/8 and ::1', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'])
      assert.equal(isLoopbackHost(host), true, host);
    for (const host of ['example.com', '127.0.0.1.example.com', '128.0.0.1', '127.0.0', '[::2]', ''])
      assert.equal(isLoopbackHost(host), false, host);
  });

  for (const [address, allowed] of TABLE) {
    it(`${address}: ${allowed ? 'allowed' : 'refused'} everywhere alike`, () => {
      assert.equal(isHttpsOrLoopback(new URL(address)), allowed);
      const thrown = (f: () => unknown) => {
        try {
          f();
          return false;
        } catch {
          return true;
        }
      };
      assert.equal(
        thrown(() => checkBaseUrl(address)),
        !allowed,
        'the client',
      );
      assert.equal(baseUrlProblem(address) === undefined, allowed, 'the extension');
      assert.equal(
        thrown(() => readBaseUrl(address, {})),
        !allowed,
        'the command line',
      );
      assert.equal(
        thrown(() => checkUploadUrl(address)),
        !allowed,
        'UploadUrl',
      );
      const template = `${address.replace(/\/$/, '')}/{z}/{x}/{y}.png`;
      assert.equal(tileOrigin(template) !== undefined, allowed, 'the basemap');
    });
  }
});
