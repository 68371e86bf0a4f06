#!/usr/bin/env node
// `npm start`: builds the extension, starts the service simulator with demo orders on a free
// loopback port, and code-server (a real VS Code in the browser) with the extension in
// development mode on the demo workspace, its user settings pointing at the simulator.
// Prints the address to open and the demo key. Ctrl-C stops all of it.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot, startCodeServer, workbenchUrl } from './code-server.mjs';

const DEMO_KEY = 'demo-key';
const say = (text) => console.log(`[demo] ${text}`);

say('building the extension');
execFileSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: 'inherit' });

// The demo files are refreshed on each start; downloads beside them are kept between starts.
// SAT_IMAGERY_DEMO_WORKSPACE names another folder (the UI walk starts the demo on a fresh one).
const workspace = process.env.SAT_IMAGERY_DEMO_WORKSPACE || join(projectRoot, '.vscode-test', 'demo-workspace');
mkdirSync(workspace, { recursive: true });
cpSync(join(projectRoot, 'scripts', 'demo-workspace'), workspace, { recursive: true });

// The simulator's own command line (npm run simulator), with demo orders, on a free port.
const simulatorProcess = spawn(process.execPath, ['scripts/simulator.mjs', '--port', '0', '--seed', '1'], {
  cwd: projectRoot,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const simulatorExited = new Promise((resolve) => simulatorProcess.once('exit', resolve));
process.once('exit', () => simulatorProcess.kill('SIGTERM'));
const simulatorUrl = await new Promise((resolve, reject) => {
  simulatorProcess.stdout.setEncoding('utf8');
  simulatorProcess.stdout.on('data', (text) => {
    const m = /listening on (http:\/\/\S+)/.exec(text);
    if (m) resolve(m[1]);
  });
  simulatorExited.then((code) => reject(new Error(`the simulator exited (${code}) before listening`)));
}).catch((error) => {
  console.error(error.message);
  process.exit(1);
});
say(`simulator listening on ${simulatorUrl}`);
const simulator = {
  url: simulatorUrl,
  close: async () => {
    if (simulatorProcess.exitCode === null && simulatorProcess.signalCode === null) simulatorProcess.kill('SIGTERM');
    await simulatorExited;
  },
};

// The demo's own user settings (its code-server has a fresh user-data folder per start). The
// workspace lies inside the project's repository: without the git setting, the first thing a
// person meets is git's "A git repository was found in the parent folders" prompt.
const demoSettings = { 'satImagery.baseUrl': simulator.url, 'git.openRepositoryInParentFolders': 'never' };

let server;
let stopping;
const stop = (why) => {
  stopping ??= (async () => {
    say(`${why}: stopping code-server and the simulator`);
    await server?.stop();
    await simulator.close();
    say('stopped');
  })();
  return stopping;
};
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop(sig).then(() => process.exit(0)));

try {
  say('starting code-server (the first start installs it: about 3 minutes)');
  // Only what code-server needs: the packages the tests alone use are named, not required.
  server = await startCodeServer({ settings: demoSettings, installFor: 'demo' });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop('start failed');
  process.exit(1);
}

server.exited.then((code) => {
  if (stopping) return;
  say(`code-server exited by itself (${code})`);
  stop('code-server gone').then(() => process.exit(1));
});

console.log(`
  Satellite Imagery demo is running.

  Open:      ${workbenchUrl(server.port, workspace, [['extensionDevelopmentPath', projectRoot]])}
  API key:   ${DEMO_KEY}   (Command palette: "Satellite Imagery: Set API Key…")
  Service:   ${simulator.url}  (the built-in simulator, with demo orders around Aarhus)

  Ctrl-C stops everything.
`);
