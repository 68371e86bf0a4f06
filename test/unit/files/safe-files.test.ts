// Files the person owns stay theirs: nothing is written through a link or over a file already
// there, a manifest found on disk is checked against the outputs, the output folder is checked
// before any billed call, names are limited in bytes, and a file-system failure says so.
import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, open, readFile, readdir, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileNameFromDisposition, sanitiseFileName } from '../../../src/api/download';
import { isApiError } from '../../../src/api/errors';
import { checkReplaceable, moveExclusive, replaceFileSafely, writeFileExclusive } from '../../../src/files/safe-files';
import { processTiles } from '../../../src/workflows/tiles/process-tiles-workflow';
import { downloadComposite } from '../../../src/workflows/composite/download-composite-workflow';
import { BatchManifest, MANIFEST_NAME } from '../../../src/ledger/batch-manifest';
import { AARHUS_FIELD, compositeBody, discoveredDates, isoDaysAgo } from '../../simulator/test-helpers';
import { useSimulatorClient } from '../fixtures/simulator-client-fixture';
import { outputs } from '../fixtures/ledger-helpers';
import { scriptedPorts } from '../fixtures/workflow-ports';

const VICTIM_TEXT = 'export PATH=$PATH:/opt/tools\n';

describe('safe files: nothing written through a link or over a file of the person', () => {
  let dir: string;
  let victim: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'safe-files-'));
    victim = join(dir, 'bashrc');
    await writeFile(victim, VICTIM_TEXT);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writeFileExclusive creates a new file and refuses a file or a link at the name', async () => {
    await writeFileExclusive(join(dir, 'new.json'), '{}');
    assert.equal(await readFile(join(dir, 'new.json'), 'utf8'), '{}');
    await assert.rejects(
      writeFileExclusive(victim, 'x'),
      (err: unknown) =>
        isApiError(err) &&
        err.kind === 'file' &&
        /Could not create .*bashrc: something is already there/.test(err.message),
    );
    await symlink(victim, join(dir, 'link.json'));
    await symlink(join(dir, 'nowhere'), join(dir, 'dangling.json'));
    await assert.rejects(writeFileExclusive(join(dir, 'link.json'), 'x'), /Could not create/);
    await assert.rejects(writeFileExclusive(join(dir, 'dangling.json'), 'x'), /Could not create/);
    assert.equal(await readFile(victim, 'utf8'), VICTIM_TEXT);
    assert.deepEqual((await readdir(dir)).sort(), ['bashrc', 'dangling.json', 'link.json', 'new.json']);
  });

  it('replaceFileSafely replaces a regular file, refuses a link, and leaves no temporary file', async () => {
    const path = join(dir, 'state.json');
    await replaceFileSafely(path, 'one');
    await replaceFileSafely(path, 'two');
    assert.equal(await readFile(path, 'utf8'), 'two');
    await symlink(victim, join(dir, 'linked.json'));
    await assert.rejects(
      replaceFileSafely(join(dir, 'linked.json'), 'x'),
      /Could not write .*linked\.json: it is a symbolic link/,
    );
    assert.equal(await readlink(join(dir, 'linked.json')), victim);
    assert.equal(await readFile(victim, 'utf8'), VICTIM_TEXT);
    assert.deepEqual((await readdir(dir)).sort(), ['bashrc', 'linked.json', 'state.json']);
  });

  it('replaceFileSafely writes a file from its pieces; pieces that fail midway leave the old file and no temporary one', async () => {
    const path = join(dir, 'table.csv');
    await replaceFileSafely(path, 'old\r\n');
    function* pieces(failAt?: number): Generator<string | Uint8Array> {
      for (let i = 0; i < 5; i++) {
        if (i === failAt) throw new Error('the rows ran out');
        yield i % 2 === 0 ? `line ${i}\r\n` : Buffer.from(`line ${i}\r\n`);
      }
    }
    await assert.rejects(replaceFileSafely(path, pieces(3)), /the rows ran out/);
    assert.equal(await readFile(path, 'utf8'), 'old\r\n');
    assert.deepEqual((await readdir(dir)).sort(), ['bashrc', 'table.csv']);
    await replaceFileSafely(path, pieces());
    assert.equal(await readFile(path, 'utf8'), [0, 1, 2, 3, 4].map((i) => `line ${i}\r\n`).join(''));
  });

  it('replaceFileSafely and checkReplaceable name the file asked for when its folder is missing or a file', async () => {
    const missing = join(dir, 'no-such-folder', 'table.csv');
    const under = join(dir, 'bashrc', 'table.csv');
    const said = (path: string, why: RegExp) => (err: unknown) =>
      isApiError(err) &&
      err.kind === 'file' &&
      err.message.startsWith(`Could not write ${path}: `) &&
      why.test(err.message) &&
      !err.message.includes('.tmp');
    await assert.rejects(checkReplaceable(missing), said(missing, /the folder does not exist \(ENOENT\)/));
    await assert.rejects(replaceFileSafely(missing, 'x'), said(missing, /the folder does not exist \(ENOENT\)/));
    await assert.rejects(checkReplaceable(under), said(under, /not a folder \(ENOTDIR\)/));
    await assert.rejects(replaceFileSafely(under, 'x'), said(under, /not a folder \(ENOTDIR\)/));
    await assert.rejects(checkReplaceable(dir), said(dir, /it is not a regular file/));
    await checkReplaceable(join(dir, 'new.csv'));
    assert.deepEqual(await readdir(dir), ['bashrc']);
  });

  it('moveExclusive never replaces what is at the target', async () => {
    await writeFile(join(dir, 'a.tif'), 'new');
    await assert.rejects(moveExclusive(join(dir, 'a.tif'), victim), /Could not move/);
    assert.equal(await readFile(victim, 'utf8'), VICTIM_TEXT);
    await moveExclusive(join(dir, 'a.tif'), join(dir, 'b.tif'));
    assert.deepEqual((await readdir(dir)).sort(), ['b.tif', 'bashrc']);
  });

  it('a planted sat-imagery-manifest.json.tmp link does not touch its target', async () => {
    await symlink(victim, join(dir, `${MANIFEST_NAME}.tmp`));
    const manifest = await BatchManifest.open(dir, 'tile', { Model: 'Stratus2' });
    await manifest.record('tile-1', { status: 'failed', error: 'refused' });
    assert.equal(await readFile(victim, 'utf8'), VICTIM_TEXT);
    assert.equal(JSON.parse(await readFile(join(dir, MANIFEST_NAME), 'utf8')).units['tile-1'].status, 'failed');
  });

  it('a manifest on disk counts a unit done only with its output inside the folder, intact', async () => {
    const out = join(dir, 'out');
    const profile = { Model: 'Stratus2' };
    await mkdir(out);
    await writeFile(join(out, 'good.tif'), '12345');
    await writeFile(join(out, 'short.tif'), '12');
    await symlink(victim, join(out, 'link.tif'));
    const units = {
      good: { status: 'done', file: join(out, 'good.tif'), bytes: 5 },
      outside: { status: 'done', file: victim, bytes: VICTIM_TEXT.length },
      climbing: { status: 'done', file: join(out, '..', 'bashrc'), bytes: VICTIM_TEXT.length },
      short: { status: 'done', file: join(out, 'short.tif'), bytes: 5 },
      linked: { status: 'done', file: join(out, 'link.tif'), bytes: VICTIM_TEXT.length },
      gone: { status: 'done', file: join(out, 'gone.tif'), bytes: 5 },
      notes: { status: 'done', file: 42, bytes: 'x' },
    };
    await writeFile(join(out, MANIFEST_NAME), JSON.stringify({ version: 1, kind: 'tile', profile, units }));
    const manifest = await BatchManifest.open(out, 'tile', profile);
    assert.deepEqual(
      Object.keys(units).filter((id) => manifest.isDone(id)),
      ['good'],
    );
    assert.equal(manifest.unit('outside')?.status, 'pending');
  });

  it('every hostile server file name becomes one harmless name in the folder', () => {
    const hostile = [
      '../../.bashrc',
      '..',
      '.',
      '...',
      '/etc/passwd',
      'C:\\Windows\\win.ini',
      'a/../../b.tif',
      '.hidden.tif',
      'nul\u0000byte.tif',
      'line\nbreak.tif',
      'tab\there.tif',
      'del\u007f.tif',
      '<>:"|?*.tif',
      'image.tif.part',
      `${'a'.repeat(300)}.tif`,
      `${'€'.repeat(100)}.tif`,
      `${'😀'.repeat(70)}.tif`,
      '\u202Efit.exe',
      ' spaced.tif ',
      '%2e%2e%2fescape.tif',
      'x'.repeat(255),
    ];
    for (const name of hostile) {
      for (const header of [
        `attachment; filename="${name.replace(/["\\]/g, '\\$&')}"`,
        `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      ]) {
        const clean = sanitiseFileName(fileNameFromDisposition(header) ?? '');
        if (clean === undefined) continue; // nothing usable: the caller's fallback name is used
        assert.ok(
          !/[\\/]/.test(clean) && clean !== '.' && clean !== '..' && !clean.startsWith('.'),
          `${JSON.stringify(name)} -> ${JSON.stringify(clean)}`,
        );
        assert.ok(!/[\u0000-\u001f\u007f]/.test(clean), JSON.stringify(clean));
        assert.ok(Buffer.byteLength(`${clean}-99.part`) <= 255, `${Buffer.byteLength(clean)} bytes`);
        assert.equal(join(dir, clean).startsWith(`${dir}/`), true);
      }
    }
  });

  it('file names are limited in bytes, whole characters, keeping the extension', () => {
    const name = sanitiseFileName(`${'€'.repeat(150)}.tif`)!;
    assert.ok(Buffer.byteLength(name) <= 200, `${Buffer.byteLength(name)} bytes`);
    assert.ok(name.endsWith('€.tif'));
    assert.ok(!name.includes('\ufffd'));
    const emoji = sanitiseFileName(`${'😀'.repeat(80)}.tif`)!;
    assert.ok(Buffer.byteLength(emoji) <= 200 && /^(😀)+\.tif$/u.test(emoji), emoji);
  });
});

describe('safe files: downloads and the output folder (against the simulator)', () => {
  const fixture = useSimulatorClient({
    simulator: { demoData: true },
    client: { retry: { maxAttempts: 1 } },
    tempPrefix: 'safe-download-',
  });
  let date: string;
  const billed = () => fixture.sim.requests.filter((r) => r.path === '/api/satelliteimages/process/composite');

  before(async () => {
    const now = fixture.sim.state.now();
    [date] = (await discoveredDates(fixture.sim, AARHUS_FIELD, isoDaysAgo(now, 60), isoDaysAgo(now, 0))) as [string];
  });

  it('a link planted at the download name is left as it is; the image takes the next name', async () => {
    const first = await fixture.client.downloadComposite(compositeBody(date) as never, {
      directory: fixture.out,
      fallbackName: 'x.tif',
    });
    const name = first.path!.slice(fixture.out.length + 1);
    await rm(first.path!);
    await symlink(join(fixture.out, 'nowhere'), join(fixture.out, name)); // dangling: stat() says nothing is there
    const second = await fixture.client.downloadComposite(compositeBody(date) as never, {
      directory: fixture.out,
      fallbackName: 'x.tif',
    });
    assert.equal(await readlink(join(fixture.out, name)), join(fixture.out, 'nowhere'));
    assert.equal(second.path, join(fixture.out, name.replace(/\.tif$/, '-1.tif')));
  });

  it('a folder that cannot be made is a file error, not "could not reach the service"', async () => {
    await writeFile(join(fixture.out, 'file'), 'x');
    const err = await fixture.client
      .downloadComposite(compositeBody(date) as never, {
        directory: join(fixture.out, 'file', 'sub'),
        fallbackName: 'x.tif',
      })
      .then(
        () => assert.fail('expected a refusal'),
        (e: unknown) => e,
      );
    assert.ok(isApiError(err));
    assert.equal(err.kind, 'file');
    assert.match(err.message, /^Could not create .*file\/sub: a part of the path is not a folder \(ENOTDIR\)\.$/);
  });

  it('a disk that fills up mid-download is a file error, and no part file is left', async () => {
    // The disk is the only thing faked: every batched write of any file handle fails with ENOSPC.
    const probe = await open(join(fixture.out, 'probe'), 'w');
    const proto = Object.getPrototypeOf(probe) as { writev: (...args: unknown[]) => Promise<unknown> };
    await probe.close();
    await rm(join(fixture.out, 'probe'));
    const original = proto.writev;
    proto.writev = () =>
      Promise.reject(
        Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
          errno: -28,
          syscall: 'write',
        }),
      );
    let err: unknown;
    try {
      await fixture.client.downloadComposite(compositeBody(date) as never, {
        directory: fixture.out,
        fallbackName: 'x.tif',
      });
    } catch (e) {
      err = e;
    } finally {
      proto.writev = original;
    }
    assert.ok(isApiError(err), String(err));
    assert.equal(err.kind, 'file');
    assert.match(err.message, /^Could not write .*\.tif: the disk is full \(ENOSPC\)\.$/);
    assert.deepEqual(await readdir(fixture.out), []);
  });

  it("a link at the manifest's name stops a batch before its first billed call", async () => {
    await symlink(join(fixture.out, 'elsewhere.json'), join(fixture.out, MANIFEST_NAME));
    const run = scriptedPorts(fixture.client, {});
    const options = {
      model: 'Stratus2',
      satelliteConstellations: ['Sentinel2'],
      date,
      resolution: 40,
      bandnames: 'rgb',
      epsgProjection: 4326,
      tileGuids: ['t-1', 't-2'],
      outputDirectory: fixture.out,
      skipConfirmation: true,
    };
    await assert.rejects(
      processTiles(run.ports, 'tile', undefined, options),
      /Could not write .*sat-imagery-manifest\.json: it is a symbolic link/,
    );
    assert.equal(fixture.sim.requests.filter((r) => r.path.startsWith('/api/satelliteimages/process/')).length, 0);
    assert.deepEqual((await outputs(fixture.out)).sort(), [MANIFEST_NAME]);
  });

  it('the output folder is checked before the billed call', async () => {
    await writeFile(join(fixture.out, 'taken'), 'x');
    for (const outputDirectory of [join(fixture.out, 'taken'), join(fixture.out, 'taken', 'below')]) {
      const run = scriptedPorts(fixture.client, {}, { settings: { confirmCostAbove: 1000 } });
      const options = {
        model: 'Stratus2',
        satelliteConstellations: ['Sentinel2'],
        date,
        epsgProjection: 4326,
        resolution: 20,
        bandnames: 'rgb',
        outputDirectory,
        skipConfirmation: true,
      };
      await assert.rejects(
        downloadComposite(run.ports, { name: 'f.wkt', text: AARHUS_FIELD, format: 'wkt' }, options),
        /Could not write to the output folder .*taken.*: (it is a file|a part of its path)/,
      );
    }
    assert.equal(billed().length, 0);
  });
});
