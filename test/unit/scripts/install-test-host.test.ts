// scripts/install-test-host.sh decides which Debian packages a purpose needs: `npm start` (--for
// demo) only code-server's own, the tests all of them. The script runs here from a copy in a
// temporary project whose code-server is already installed (its marker file), with a PATH that
// holds only stand-ins: `dpkg`, `id` and `apt-get` that say what the case wants (apt-get only writes
// down what it was asked), the probed commands present or absent, and the few real tools the script
// needs before it finds the marker. Nothing is installed; Debian's Python is probed as it is.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');
const script = join(root, 'scripts', 'install-test-host.sh');
const version = /^VERSION=(\S+)$/m.exec(readFileSync(script, 'utf8'))?.[1];

/** A command's absolute path on this machine, found before PATH is taken away. */
function realCommand(name: string): string {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  assert.ok(found.startsWith('/'), `${name} not found`);
  return found;
}
const bash = realCommand('bash');
const realTools = ['dirname', 'mkdir', 'flock'].map((name) => [name, realCommand(name)] as const);

/** The machine a case describes: which packages are there and whether the user is root. */
interface Machine {
  root: boolean;
  /** libkrb5-dev (dpkg) and ripgrep (rg): what code-server itself needs. */
  hostPackages: boolean;
  /** chromium, gdalinfo, faketime on PATH. */
  testCommands: boolean;
}

interface Run {
  status: number | null;
  stderr: string;
  /** Each call of the apt-get stand-in, its arguments. */
  aptGet: string[];
}

let dir: string;

function install(purpose: string[], machine: Machine): Run {
  const project = mkdtempSync(join(dir, 'project-'));
  mkdirSync(join(project, 'scripts'));
  copyFileSync(script, join(project, 'scripts', 'install-test-host.sh'));
  const host = join(project, '.vscode-test', `code-server-${version}`);
  mkdirSync(host, { recursive: true });
  writeFileSync(join(host, '.installed'), '2026-12-02T00:00:00Z\n');

  const bin = join(project, 'bin');
  mkdirSync(bin);
  const aptLog = join(project, 'apt-get.log');
  const standIn = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  for (const [name, path] of realTools) symlinkSync(path, join(bin, name));
  standIn('id', `echo ${machine.root ? 0 : 1000}`);
  standIn('dpkg', `exit ${machine.hostPackages ? 0 : 1}`);
  standIn('apt-get', `echo "$*" >> '${aptLog}'`);
  if (machine.hostPackages) standIn('rg', 'exit 0');
  if (machine.testCommands) for (const name of ['chromium', 'gdalinfo', 'faketime']) standIn(name, 'exit 0');

  const run = spawnSync(bash, [join(project, 'scripts', 'install-test-host.sh'), ...purpose], {
    encoding: 'utf8',
    env: { PATH: bin, HOME: project },
  });
  let aptGet: string[] = [];
  try {
    aptGet = readFileSync(aptLog, 'utf8').trim().split('\n');
  } catch {
    // apt-get was not called
  }
  return { status: run.status, stderr: run.stderr, aptGet };
}

const missingLine = (stderr: string) => /missing Debian packages: (.*)/.exec(stderr)?.[1]?.split(' ');

describe('install-test-host.sh: the Debian packages each purpose needs', () => {
  before(() => {
    assert.ok(version, 'the script names its code-server VERSION');
    dir = mkdtempSync(join(tmpdir(), 'sat-imagery-install-test-host-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the demo starts without the packages only the tests use, and names them in one line', () => {
    const run = install(['--for', 'demo'], { root: false, hostPackages: true, testCommands: false });
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /missing Debian packages/);
    const notes = run.stderr.split('\n').filter((line) => /only the tests use/.test(line));
    assert.equal(notes.length, 1, run.stderr);
    assert.match(notes[0]!, /the demo runs without chromium gdal-bin faketime\b.*sudo apt-get install -y chromium /);
    assert.match(run.stderr, /already installed/);
    assert.deepEqual(run.aptGet, []);
  });

  it('the demo still requires what code-server needs, and as root installs only that', () => {
    const user = install(['--for', 'demo'], { root: false, hostPackages: false, testCommands: false });
    assert.equal(user.status, 1, user.stderr);
    assert.deepEqual(missingLine(user.stderr), ['libkrb5-dev', 'ripgrep']);
    assert.match(user.stderr, /install them with: sudo apt-get install -y libkrb5-dev ripgrep$/m);

    const root = install(['--for', 'demo'], { root: true, hostPackages: false, testCommands: false });
    assert.equal(root.status, 0, root.stderr);
    assert.deepEqual(root.aptGet, ['update -qq', 'install -y -qq --no-install-recommends libkrb5-dev ripgrep']);
  });

  it('the tests (the default, and --for tests) require every package, and as root install them all', () => {
    for (const purpose of [[], ['--for', 'tests']]) {
      const user = install(purpose, { root: false, hostPackages: true, testCommands: false });
      assert.equal(user.status, 1, user.stderr);
      const missing = missingLine(user.stderr) ?? [];
      assert.deepEqual(missing.slice(0, 3), ['chromium', 'gdal-bin', 'faketime'], user.stderr);

      const root = install(purpose, { root: true, hostPackages: false, testCommands: false });
      assert.equal(root.status, 0, root.stderr);
      assert.equal(root.aptGet.length, 2, root.stderr);
      assert.match(
        root.aptGet[1]!,
        /^install -y -qq --no-install-recommends libkrb5-dev ripgrep chromium gdal-bin faketime\b/,
      );
    }
  });

  it('refuses a purpose it does not know', () => {
    const run = install(['--for', 'everything'], { root: false, hostPackages: true, testCommands: true });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /usage: bash scripts\/install-test-host\.sh \[--for tests\|demo\]/);
  });
});
