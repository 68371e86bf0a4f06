// Starts and stops code-server 4.100.3 (a real VS Code 1.100.3 served to a browser), the test host
// on machines that cannot download desktop VS Code. Flags and settings follow
// docs/engineering-notes.md, "A real VS Code without internet". Each start gets a fresh user-data dir, so settings written
// by a test (ConfigurationTarget.Global) never leak into the next run.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = dirname(dirname(fileURLToPath(import.meta.url)));
const VERSION = '4.100.3';
const entry = join(
  projectRoot,
  '.vscode-test',
  `code-server-${VERSION}`,
  'node_modules',
  'code-server',
  'out',
  'node',
  'entry.js',
);

/** Settings that keep the workbench quiet and offline; callers add their own on top. */
const baseSettings = {
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'workbench.tips.enabled': false,
  'update.mode': 'none',
};

/**
 * Runs the installer (a no-op when the marker file is there) and returns code-server's entry.
 * `installFor: 'demo'` (npm start) requires only the Debian packages code-server needs and names
 * those only the tests use; 'tests' requires them all.
 * @param {{ installFor?: 'tests' | 'demo' }} [options]
 */
export function ensureTestHost({ installFor = 'tests' } = {}) {
  execFileSync('bash', [join(projectRoot, 'scripts', 'install-test-host.sh'), '--for', installFor], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (!existsSync(entry)) throw new Error(`code-server is missing at ${entry}`);
  return entry;
}

/**
 * Starts code-server on a free loopback port. Resolves once it listens.
 * @param {{ settings?: Record<string, unknown>, log?: (line: string) => void, timeoutMs?: number, installFor?: 'tests' | 'demo' }} [options]
 * @returns {Promise<{ url: string, port: number, userDataDir: string, exited: Promise<unknown>, stop: () => Promise<void> }>}
 */
export async function startCodeServer({
  settings = {},
  log = () => {},
  timeoutMs = 60_000,
  installFor = 'tests',
} = {}) {
  ensureTestHost({ installFor });
  const userDataDir = mkdtempSync(join(tmpdir(), 'sat-imagery-code-server-'));
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(join(userDataDir, 'ext'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...baseSettings, ...settings }, null, 2));
  writeFileSync(join(userDataDir, 'config.yaml'), 'auth: none\ncert: false\n');

  const args = [
    entry,
    '--auth',
    'none',
    '--bind-addr',
    '127.0.0.1:0',
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    join(userDataDir, 'ext'),
    '--config',
    join(userDataDir, 'config.yaml'),
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
  ];
  // detached: code-server and its extension host get their own process group, so stop() can
  // end all of them with one signal and nothing outlives the caller.
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, EXTENSIONS_GALLERY: '{}' },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // If this process dies without stop() (an uncaught error, process.exit), take the host along.
  const killOnExit = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    rmSync(userDataDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  exited.then(() => process.off('exit', killOnExit));

  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`code-server did not listen within ${timeoutMs} ms`)), timeoutMs);
    const onLine = (chunk) => {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        log(line);
        const m = /HTTP server listening on https?:\/\/[^:]+:(\d+)/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      }
    };
    child.stdout.on('data', onLine);
    child.stderr.on('data', onLine);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited (${code}) before listening`));
    });
  }).catch(async (error) => {
    await stopGroup(child, exited);
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  });

  let stopped;
  const stop = () => {
    stopped ??= stopGroup(child, exited).then(() => rmSync(userDataDir, { recursive: true, force: true }));
    return stopped;
  };
  return { url: `http://127.0.0.1:${port}/`, port, userDataDir, exited, stop };
}

/** SIGTERM to the whole process group, SIGKILL if it is still there after 5 s. */
async function stopGroup(child, exited) {
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      // the group is already gone
    }
  };
  if (child.exitCode === null && child.signalCode === null) {
    signal('SIGTERM');
    const killer = setTimeout(() => signal('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  }
  // The extension host may outlive the server by a moment; make sure the group is empty.
  signal('SIGKILL');
}

/** The page URL that opens `folder` with the given development payload entries. */
export function workbenchUrl(port, folder, payload = []) {
  const remote = (path) => `vscode-remote://localhost:${port}${path}`;
  const entries = payload.map(([key, value]) => [key, key.endsWith('Path') ? remote(value) : value]);
  const query = new URLSearchParams({ folder });
  if (entries.length) query.set('payload', JSON.stringify([...entries, ['skipWelcome', 'true']]));
  return `http://localhost:${port}/?${query}`;
}
