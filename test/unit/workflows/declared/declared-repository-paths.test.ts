// Imagery as code in a repository someone else wrote: the paths its lock names are data, run as a
// process against the simulator over loopback. A lock entry reached through a folder that is a
// symbolic link out of the imagery file's folder (`lnk -> /etc`) is a problem `verify` names, never
// an image it reads, matches or sizes. A purchase ledger's line whose file is not a plain name in
// its folder (`../../../etc/passwd`) is ignored, with a note: its unit is bought, not `have`, and
// the path never reaches the lock. An area outside the imagery file's folder (`../secret/x.wkt`),
// or reached through a linked folder, is refused by name, exit 3, before any request.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { PlanUnit } from '../../../../src/workflows/declared/declared-plan';
import { LEDGER_NAME } from '../../../../src/ledger/ledger-journal';
import { jsonOf } from '../../fixtures/cli-helpers';
import { FIELD, rgbDataset, useCliSimulator } from '../../fixtures/cli-fixture';

const KEY = 'cli-repository-paths-key-8Wd2';
/** The simulator's clock: imagery every day, so the date below is covered on any day the suite runs. */
const NOW = Date.UTC(2026, 5, 15, 12);
/** FIELD as WKT: an area file of the other format. */
const FIELD_WKT = 'POLYGON((10.05 56.05, 10.07 56.05, 10.07 56.06, 10.05 56.06, 10.05 56.05))';
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
    simulator: { seed: 11, clock: () => NOW, imageryEveryDay: true },
    files: { 'field.geojson': FIELD },
  });
  const billed = () => cli.sim.requests.filter((r) => r.charged);

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

  it("plan: a ledger line naming ../../../etc/passwd is ignored with a note, its unit is bought (not have), and apply's lock never names the path", async () => {
    writeFileSync(cli.file('ledger.imagery.json'), JSON.stringify({ datasets: [rgbDataset()] }));
    const first = await cli.run('plan', cli.file('ledger.imagery.json'), '--json');
    assert.equal(first.code, 2, first.stderr);
    const [unit] = jsonOf<{ units: PlanUnit[] }>(first).units;
    assert.equal(unit?.kind, 'buy');
    // The ledger a cloned repository brings: the unit saved, its file /etc/passwd by a path out of
    // the folder, with that file's true size, so that only the path's check keeps it out.
    const folder = cli.file('rgb');
    mkdirSync(folder);
    const outside = relative(folder, OUTSIDE);
    assert.match(outside, /^(\.\.\/)+etc\/passwd$/);
    const bytes = readFileSync(OUTSIDE);
    writeFileSync(
      cli.file(`rgb/${LEDGER_NAME}`),
      `${JSON.stringify({
        v: 1,
        key: unit!.key,
        state: 'saved',
        at: '2026-06-10T12:00:00.000Z',
        id: unit!.date,
        kind: 'series',
        file: outside,
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      })}\n`,
    );
    const plan = await cli.run('plan', cli.file('ledger.imagery.json'), '--json');
    assert.equal(plan.code, 2, plan.stderr);
    const planned = jsonOf<{ units: PlanUnit[]; notes: string[] }>(plan);
    assert.deepEqual(
      planned.units.map((u) => [u.kind, u.file]),
      [['buy', undefined]],
    );
    assert.equal(planned.notes.length, 1, JSON.stringify(planned.notes));
    assert.ok(planned.notes[0]!.includes(`rgb/${LEDGER_NAME}`), planned.notes[0]);
    assert.ok(planned.notes[0]!.includes(outside), planned.notes[0]);
    const text = await cli.run('plan', cli.file('ledger.imagery.json'));
    assert.equal(text.code, 2, text.stderr);
    assert.match(text.stdout, /^\+ buy +rgb field\.geojson 2026-06-10 \(/m);
    assert.match(text.stdout, /^Note: rgb\/sat-imagery-ledger\.jsonl: .*etc\/passwd.*ignored/m);
    assert.doesNotMatch(text.stdout, /^ +have /m);
    const before = billed().length;
    const apply = await cli.run('apply', cli.file('ledger.imagery.json'), '--yes', '--max-cost', '100');
    assert.equal(apply.code, 0, apply.stderr + apply.stdout);
    assert.equal(billed().length, before + 1, 'the unit is bought');
    const lock = readFileSync(cli.file('ledger.imagery.lock.json'), 'utf8');
    assert.doesNotMatch(lock, /etc|passwd|\.\.\//, lock);
    assert.match(lock, /"file": "rgb\/composite-2026-06-10-/);
  });

  it('plan: a dataset folder that is a symbolic link, or lies under one, is not read: its ledger and images are not had, a note says why, and apply buys nothing there', async () => {
    // A folder with a ledger whose image is saved and present: read directly, its unit is `have`.
    writeFileSync(
      cli.file('bought.imagery.json'),
      JSON.stringify({ datasets: [{ ...rgbDataset(), folder: 'bought' }] }),
    );
    const bought = await cli.run('apply', cli.file('bought.imagery.json'), '--yes', '--max-cost', '100');
    assert.equal(bought.code, 0, bought.stderr + bought.stdout);
    const had = await cli.run('plan', cli.file('bought.imagery.json'), '--json');
    assert.deepEqual(
      jsonOf<{ units: PlanUnit[] }>(had).units.map((u) => u.kind),
      ['have'],
    );
    // The same folder reached through a link: at the dataset's folder, or at a folder above it.
    symlinkSync('bought', cli.file('linked'));
    mkdirSync(cli.file('up'));
    symlinkSync('..', cli.file('up/lnk'));
    for (const [folder, link] of [
      ['linked', 'linked'],
      ['up/lnk/bought', 'up/lnk'],
    ] as const) {
      const name = `dataset-${link.replace('/', '-')}.imagery.json`;
      writeFileSync(cli.file(name), JSON.stringify({ datasets: [{ ...rgbDataset(), folder }] }));
      const plan = await cli.run('plan', cli.file(name), '--json');
      assert.equal(plan.code, 2, plan.stderr);
      const planned = jsonOf<{ units: PlanUnit[]; notes: string[] }>(plan);
      assert.deepEqual(
        planned.units.map((u) => u.kind),
        ['buy'],
        folder,
      );
      assert.equal(planned.notes.length, 1, JSON.stringify(planned.notes));
      assert.match(planned.notes[0]!, new RegExp(`^${folder}: reached through ${link}, a symbolic link`), folder);
      const before = billed().length;
      const apply = await cli.run('apply', cli.file(name), '--yes', '--max-cost', '100');
      assert.notEqual(apply.code, 0, apply.stdout);
      assert.equal(billed().length, before, 'nothing is bought through the link');
    }
  });

  it("plan: an area outside the imagery file's folder, or through a link (a folder on a glob's or a file's way, the file itself), is refused by name, exit 3, and nothing is asked of the service", async () => {
    // A repository in `repo/`, beside a folder of someone's own it must not read.
    mkdirSync(cli.file('secret'));
    writeFileSync(cli.file('secret/field.wkt'), FIELD_WKT);
    mkdirSync(cli.file('repo'));
    symlinkSync('../secret', cli.file('repo/linked'));
    symlinkSync('../secret/field.wkt', cli.file('repo/field.wkt'));
    for (const [area, said] of [
      ['../secret/field.wkt', /'\.\.\/secret\/field\.wkt' is outside the imagery file's folder/],
      ['linked/*.wkt', /'linked\/\*\.wkt': linked is a symbolic link \(to \.\.\/secret\)/],
      ['linked/field.wkt', /'linked\/field\.wkt': linked is a symbolic link \(to \.\.\/secret\)/],
      ['field.wkt', /'field\.wkt': field\.wkt is a symbolic link \(to \.\.\/secret\/field\.wkt\)/],
    ] as const) {
      writeFileSync(cli.file('repo/imagery.json'), JSON.stringify({ datasets: [{ ...rgbDataset(), area }] }, null, 2));
      cli.sim.clearLog();
      const run = await cli.run('plan', cli.file('repo/imagery.json'));
      assert.equal(run.code, 3, `${area}: ${run.stdout}${run.stderr}`);
      assert.match(run.stderr, /repo\/imagery\.json:\d+:\d+: error: /, area);
      assert.match(run.stderr, said, area);
      assert.deepEqual(
        cli.sim.requests.map((r) => `${r.method} ${r.path}`),
        [],
        `${area}: nothing asked of the service`,
      );
    }
  });
});
