// An imagery file or a lock a repository holds in a hostile shape: an imagery.json over its size
// bound, a FIFO, a link to /proc/self/status (a "file" of size 0 that reads as text); a lock that
// is a FIFO or over its 64 MiB bound (sparse: nothing to read but its size). None is read: plan,
// apply and verify name the file and why, exit 10 (a local file that could not be read), at once,
// with no stack trace, and nothing is sent.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { ExitCode } from '../../../../src/cli/exit-codes';
import { assertStopped, runCliWithin } from '../../fixtures/cli-helpers';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-declared-hostile-key-8Tq2';
const IMAGERY = JSON.stringify({ datasets: [rgbDataset()] });
const CEILING_MS = 20_000;

const VERBS = {
  plan: ['plan'],
  apply: ['apply', '--yes', '--max-cost', '1000'],
  verify: ['verify'],
} as const;

describe('CLI: imagery as code with an imagery file or lock that must not be read', function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-declared-hostile-',
    simulator: { seed: 5 },
    files: { 'field.geojson': FIELD },
  });

  async function refused(verb: keyof typeof VERBS, file: string, said: RegExp): Promise<void> {
    cli.sim.clearLog();
    const [name, ...options] = VERBS[verb];
    const run = await runCliWithin(CEILING_MS, `${verb} ${file}`, [name, cli.file(file), ...options], {
      cwd: cli.dir,
      env: cli.env(),
    });
    assertStopped(run, ExitCode.localFile, said, verb);
    assert.deepEqual(cli.sim.requests, [], `${verb}: nothing sent`);
  }

  it('an imagery file over its 4 MiB bound', async () => {
    writeFileSync(cli.file('big.imagery.json'), '');
    truncateSync(cli.file('big.imagery.json'), 5 * 1024 * 1024);
    for (const verb of ['plan', 'apply'] as const)
      await refused(verb, 'big.imagery.json', /big\.imagery\.json is 5\.0 MiB, more than the 4\.0 MiB read\.$/);
  });

  it('an imagery file that is a FIFO', async () => {
    execFileSync('mkfifo', [cli.file('fifo.imagery.json')]);
    for (const verb of ['plan', 'apply'] as const)
      await refused(verb, 'fifo.imagery.json', /fifo\.imagery\.json is not a regular file; it is not read\.$/);
  });

  it('an imagery file that is a link to /proc/self/status', async () => {
    symlinkSync('/proc/self/status', cli.file('proc.imagery.json'));
    for (const verb of ['plan', 'apply'] as const)
      await refused(verb, 'proc.imagery.json', /proc\.imagery\.json .*; it is not read\.$/);
  });

  it('a lock that is a FIFO', async () => {
    writeFileSync(cli.file('fifo-lock.imagery.json'), IMAGERY);
    execFileSync('mkfifo', [cli.file('fifo-lock.imagery.lock.json')]);
    for (const verb of ['plan', 'apply', 'verify'] as const)
      await refused(
        verb,
        'fifo-lock.imagery.json',
        /fifo-lock\.imagery\.lock\.json is not a regular file; it is not read\.$/,
      );
  });

  it('a lock over its 64 MiB bound', async () => {
    writeFileSync(cli.file('big-lock.imagery.json'), IMAGERY);
    writeFileSync(cli.file('big-lock.imagery.lock.json'), '');
    truncateSync(cli.file('big-lock.imagery.lock.json'), 65 * 1024 * 1024);
    for (const verb of ['plan', 'apply', 'verify'] as const)
      await refused(
        verb,
        'big-lock.imagery.json',
        /big-lock\.imagery\.lock\.json is 65\.0 MiB, more than the 64\.0 MiB read\.$/,
      );
  });
});
