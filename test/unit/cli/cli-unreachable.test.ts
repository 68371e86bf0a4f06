// A service that cannot be reached, as a person meets it when the demo is not running or
// SAT_IMAGERY_BASE_URL was not exported: the error names the address tried, so "check the base
// URL" can be acted on, and never the key.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { runCli } from '../fixtures/cli-helpers';

const KEY = 'cli-unreachable-key-Qw7p';

/** A loopback port that was free a moment ago and that nothing listens on now. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('CLI against a service that cannot be reached', function () {
  this.timeout(60_000);

  for (const verb of [['models'], ['account']]) {
    it(`${verb.join(' ')}: exit 7, the message names the address tried, not the key`, async () => {
      const port = await closedPort();
      const r = await runCli(verb, {
        env: { SAT_IMAGERY_API_KEY: KEY, SAT_IMAGERY_BASE_URL: `http://127.0.0.1:${port}` },
      });
      assert.equal(r.code, 7, r.stderr);
      assert.match(
        r.stderr,
        new RegExp(`could not reach the service at http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`),
      );
      assert.ok(!`${r.stdout}${r.stderr}`.includes(KEY), 'the key is in the output');
    });
  }
});
