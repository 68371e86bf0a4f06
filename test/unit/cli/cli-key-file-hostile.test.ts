// --api-key-file naming what a repository or a careless script could put there: a FIFO (which
// no writer ever feeds) or a 200 MB file. Neither is read: the CLI says which file and why in one
// line and exits 4 (authentication: a key file that cannot be read), at once, never waiting on the
// FIFO nor holding the 200 MB (it was read whole: over 600 MiB of memory, then a crash).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExitCode } from '../../../src/cli/exit-codes';
import { assertStopped, buildCli, runCliWithin } from '../fixtures/cli-helpers';

const CEILING_MS = 15_000;
/** Nothing listens here: a request that left would fail as a network error (7), not as 4. */
const NOWHERE = 'http://127.0.0.1:9';

describe('CLI: a key file that is a FIFO or huge is refused at once, exit 4', function () {
  this.timeout(2 * CEILING_MS);
  let dir: string;
  before(() => {
    buildCli();
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-key-file-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const models = (what: string, keyFile: string) =>
    runCliWithin(CEILING_MS, what, ['models', '--api-key-file', keyFile], {
      cwd: dir,
      env: { SAT_IMAGERY_BASE_URL: NOWHERE },
    });

  it('a FIFO only its owner can read', async () => {
    const fifo = join(dir, 'key.fifo');
    execFileSync('mkfifo', ['-m', '600', fifo]);
    assertStopped(
      await models('--api-key-file naming a FIFO', fifo),
      ExitCode.auth,
      /^sat-imagery: The key file .*key\.fifo is not a regular file; it is not read\.$/,
    );
  });

  it('a 200 MB file only its owner can read (sparse: nothing to read but its size)', async () => {
    const huge = join(dir, 'huge.key');
    writeFileSync(huge, '');
    truncateSync(huge, 200 * 1024 * 1024);
    chmodSync(huge, 0o600);
    assertStopped(
      await models('--api-key-file naming a 200 MB file', huge),
      ExitCode.auth,
      /^sat-imagery: The key file .*huge\.key is 200\.0 MiB, more than the 4 KiB read\.$/,
    );
  });

  it('a key file of one line is still read (the bound is far above any key)', async () => {
    const key = join(dir, 'ok.key');
    writeFileSync(key, 'a-key-of-forty-characters-0123456789abcd\n', { mode: 0o600 });
    const run = await models('--api-key-file naming a plain key file', key);
    assert.equal(run.code, ExitCode.network, `it reached the (absent) service: ${run.stderr}`);
  });
});
