// The command installed as README says, from the clone: `npm pack` makes the tarball of the built
// command (.npmignore's allow-list), and `npm install -g --prefix` puts `sat-imagery` on a PATH.
// The tarball is unpacked and installed as a folder: `npm install -g ./sat-imagery-*.tgz` itself
// also fetches package.json's dependencies from the registry (the command bundles them and never
// loads them), which a test may not reach; the folder install links the same files offline, so
// what runs is exactly what the tarball holds, with no node_modules beside it.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

function npm(args: string[], cwd: string): string {
  const r = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--no-update-notifier'], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
  });
  assert.equal(r.status, 0, `npm ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

describe('sat-imagery installed from the clone (npm pack, npm install -g)', function () {
  this.timeout(180_000);
  let tmp: string;
  let bin: string;
  let packed: string[];
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

  before(() => {
    assert.ok(existsSync(join(root, 'dist', 'cli.js')), 'dist/cli.js is built (npm run build)');
    tmp = mkdtempSync(join(tmpdir(), 'sat-imagery-install-'));
    const [pack] = JSON.parse(npm(['pack', '--json', '--pack-destination', tmp], root)) as [
      { filename: string; files: { path: string }[] },
    ];
    packed = pack.files.map((f) => f.path).sort();
    const unpacked = spawnSync('tar', ['xzf', join(tmp, pack.filename), '-C', tmp], { encoding: 'utf8' });
    assert.equal(unpacked.status, 0, unpacked.stderr);
    npm(['install', '-g', '--offline', '--prefix', join(tmp, 'prefix'), join(tmp, 'package')], tmp);
    bin = join(tmp, 'prefix', 'bin', 'sat-imagery');
  });
  after(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('packs the command and the bundles it loads, and nothing of the sources or tests', () => {
    for (const file of ['dist/cli.js', 'dist/api-client.js', 'dist/raster.js', 'dist/stats-core.js', 'package.json'])
      assert.ok(packed.includes(file), `${file} is in the tarball: ${packed.join(', ')}`);
    assert.deepEqual(
      packed.filter((f) => /^(src|test|scripts|node_modules|out)\//.test(f) || f.endsWith('.map')),
      [],
    );
  });

  it('the installed sat-imagery says its version and its help, with no node_modules beside it', () => {
    assert.ok(!existsSync(join(tmp, 'package', 'node_modules')), 'nothing was installed beside the command');
    const env = { PATH: process.env.PATH ?? '' };
    const v = spawnSync(bin, ['--version'], { encoding: 'utf8', env, timeout: 30_000 });
    assert.equal(v.status, 0, v.stderr);
    assert.equal(v.stdout.trim(), version);
    const help = spawnSync(bin, ['--help'], { encoding: 'utf8', env, timeout: 30_000 });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^Usage: sat-imagery VERB \[AREA\] \[options\]/);
    assert.match(help.stdout, /^ +130 {2}interrupted$/m);
  });
});
