// Imagery as code in a repository someone else wrote: the paths its lock names are data, run as a
// process against the simulator over loopback. A lock entry reached through a folder that is a
// symbolic link out of the imagery file's folder (`lnk -> /etc`) is a problem `verify` names, never
// an image it reads, matches or sizes.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-repository-paths-key-8Wd2';
/** The outside file a link reaches, and what it really is. */
const OUTSIDE = '/etc/passwd';

function lockedImage(file: string, bytes: number, sha256: string) {
  return {
    dataset: 'rgb',
    area: 'field.geojson',
    featureHash: '0'.repeat(64),
    date: '2026-06-10',
    bodyHash: createHash('sha256').update(file).digest('hex'),
    request: {},
    file,
    bytes,
    sha256,
    at: '2026-06-10T12:00:00.000Z',
  };
}

describe("CLI: imagery as code reads nothing outside the imagery file's folder", function () {
  this.timeout(120_000);
  const cli = useCliSimulator({
    key: KEY,
    prefix: 'sat-imagery-cli-repository-paths-',
    files: { 'field.geojson': FIELD },
  });

  it("verify: a locked image reached through a linked folder (lnk -> /etc) is a problem, exit 10, and the outside file's size is never said", async () => {
    symlinkSync('/etc', cli.file('lnk'));
    const outside = readFileSync(OUTSIDE);
    const sha256 = createHash('sha256').update(outside).digest('hex');
    const size = statSync(OUTSIDE).size;
    writeFileSync(
      cli.file('linked.imagery.lock.json'),
      JSON.stringify({
        version: 1,
        // The outside file's true size and hash: read through the link, it would match.
        images: [lockedImage('lnk/passwd', size, sha256), lockedImage('lnk/group', 1, sha256)],
        orders: [],
      }),
    );
    const run = await cli.run('verify', cli.file('linked.imagery.json'));
    assert.equal(run.code, 10, run.stdout + run.stderr);
    assert.match(run.stdout, /^lnk\/passwd: .*symbolic link.*not read/m);
    assert.match(run.stdout, /^lnk\/group: .*symbolic link.*not read/m);
    assert.match(run.stdout, /^0 of 2 locked images match\.$/m);
    assert.doesNotMatch(run.stdout, /\d+ bytes, locked as/, 'no size of a file outside the folder');
    const json = await cli.run('verify', cli.file('linked.imagery.json'), '--json');
    assert.equal(json.code, 10);
    const report = jsonOf<{ files: number; differing: { file: string; problem: string }[] }>(json);
    assert.deepEqual(
      report.differing.map((d) => d.file),
      ['lnk/passwd', 'lnk/group'],
    );
    assert.ok(
      report.differing.every((d) => /symbolic link/.test(d.problem) && !/bytes/.test(d.problem)),
      JSON.stringify(report.differing),
    );
  });
});
