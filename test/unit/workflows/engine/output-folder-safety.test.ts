// The output folder check (engine/output-folder.ts): a folder that is a symbolic link, or lies
// under one inside the workspace, is refused before anything is created in it; a link above the
// workspace is the person's own business. A `.part` of a dead process of this machine is removed;
// one of this process, of a live process, of another machine, or a link with such a name, is not.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_TAG, partOwner, partPathOf } from '../../../../src/api/part-name';
import { checkOutputFolder, removeStaleParts } from '../../../../src/workflows/engine/output-folder';

/** The pid of a process that has ended (and was reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('close', resolve));
  return child.pid!;
}

describe('output folder: links refused, stale .part files removed', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'output-folder-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses the folder as a link and a linked folder above it inside the workspace; nothing made through them', async () => {
    const elsewhere = join(dir, 'elsewhere');
    const workspace = join(dir, 'repo');
    mkdirSync(elsewhere);
    mkdirSync(workspace);
    symlinkSync(elsewhere, join(workspace, 'imagery'));
    symlinkSync(elsewhere, join(workspace, 'data'));
    symlinkSync(join(elsewhere, 'missing'), join(workspace, 'dangling'));
    for (const [folder, root] of [
      [join(workspace, 'imagery'), undefined],
      [join(workspace, 'imagery'), workspace],
      [join(workspace, 'data', 'sub', 'deeper'), workspace],
      [join(workspace, 'dangling'), undefined],
    ] as const) {
      await assert.rejects(checkOutputFolder(folder, root), /is a symbolic link \(to .*\).*Nothing was sent/, folder);
    }
    assert.deepEqual(readdirSync(elsewhere), [], 'nothing created through a link');
    // A link above the workspace (like macOS's /tmp) is not the repository's doing.
    symlinkSync(workspace, join(dir, 'repo-link'));
    await checkOutputFolder(join(dir, 'repo-link', 'out'), join(dir, 'repo-link'));
    assert.ok(lstatSync(join(workspace, 'out')).isDirectory());
    await checkOutputFolder(join(workspace, 'plain', 'new'), workspace);
    assert.ok(lstatSync(join(workspace, 'plain', 'new')).isDirectory());
  });

  it('removes the .part of a dead process of this machine only', async () => {
    const dead = await deadPid();
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const name = (pid: number, host = HOST_TAG) => `image.tif.${pid}-${host}.part`;
      const files = {
        dead: name(dead),
        live: name(sleeper.pid!),
        mine: name(process.pid),
        otherHost: name(dead, HOST_TAG === '00000000' ? '11111111' : '00000000'),
        plain: 'image.tif.part',
        image: 'image.tif',
      };
      for (const file of Object.values(files)) writeFileSync(join(dir, file), 'x');
      writeFileSync(join(dir, 'target.txt'), 'keep');
      symlinkSync(join(dir, 'target.txt'), join(dir, `link.tif.${dead}-${HOST_TAG}.part`));
      await checkOutputFolder(dir);
      const left = readdirSync(dir).sort();
      assert.deepEqual(
        left,
        [
          files.image,
          files.live,
          files.mine,
          files.otherHost,
          files.plain,
          `link.tif.${dead}-${HOST_TAG}.part`,
          'target.txt',
        ].sort(),
      );
      assert.deepEqual(await removeStaleParts(dir), []);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('the .part name carries its writer', () => {
    const part = partPathOf('/x/image.tif');
    assert.equal(part, `/x/image.tif.${process.pid}-${HOST_TAG}.part`);
    assert.deepEqual(partOwner(part), { pid: process.pid, host: HOST_TAG });
    assert.equal(partOwner('image.tif.part'), undefined);
    assert.equal(existsSync(part), false);
  });
});
