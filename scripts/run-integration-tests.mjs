#!/usr/bin/env node
// Runs the integration tests (out/test/integration/index.js) inside a real VS Code extension host:
// code-server 4.100.3, opened in headless Chromium with the development payload in the URL, the
// way VS Code runs its own browser integration tests. The extension host's console (mocha's spec
// output) is printed here, so scripts/test-all.mjs reads its "N passing"/"N failing" lines.
// Expects `npm run build` and `npm run compile-tests` to have run (npm test does both).
// Env: INTEGRATION_TIMEOUT_MS (default 1200000: a hang guard, far above the suite's 5 minutes on a
// slow 2-core machine, where 300000 once cut a passing run short), SAT_IMAGERY_TEST_GREP (mocha grep), HEADED=1.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { projectRoot, startCodeServer, workbenchUrl } from './code-server.mjs';
import { launchBrowser, screenshot } from './browser.mjs';

// Workbench start-up chatter that says nothing about the tests.
const noise =
  /^(Resolving connection token|Resolved connection token|Creating a socket|Ignoring fetching additional builtin|Updating additional builtin|\[Service Worker\]|ChatSessionStore|Creation of workbench contribution)/;
const timeoutMs = Number(process.env.INTEGRATION_TIMEOUT_MS ?? 1_200_000);
const testsPath = join(projectRoot, 'out', 'test', 'integration', 'index.js');
for (const [file, hint] of [
  [testsPath, 'npm run compile-tests'],
  [join(projectRoot, 'dist', 'extension.js'), 'npm run build'],
]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`${hint}\` first.`);
    process.exit(2);
  }
}

// A screenshot left from an earlier run would pass for this run's.
rmSync(join(projectRoot, 'test-results', 'integration'), { recursive: true, force: true });
// A fresh copy of the demo workspace per run: tests may write into it (downloads) freely.
const workspace = mkdtempSync(join(tmpdir(), 'sat-imagery-it-workspace-'));
cpSync(join(projectRoot, 'scripts', 'demo-workspace'), workspace, { recursive: true });

let server;
let browser;
let exitCode = 1;
/** Set from the runner's closing line; undefined until mocha has finished. */
let runnerFailures;
// The marker text, without loading the compiled runner (it requires mocha in this process).
const FINISHED_MARKER = '[integration-runner] finished, failures:';
const cleanup = async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
  rmSync(workspace, { recursive: true, force: true });
};
// Ctrl-C or a CI cancel still takes code-server's process group down with us.
for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => cleanup().finally(() => process.exit(130)));

try {
  const serverLog = [];
  server = await startCodeServer({ log: (line) => serverLog.push(line) });
  browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });

  let onExit;
  const finished = new Promise((resolve) => {
    onExit = resolve;
  });
  // Called by the workbench once the runner's run() promise settles: 0 when it resolved.
  await page.exposeFunction('codeAutomationExit', (code) => onExit(Number(code)));
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const line = format(...(Array.isArray(args) ? args : [args]));
    if (noise.test(line)) return;
    const finishedAt = line.indexOf(FINISHED_MARKER);
    if (finishedAt >= 0) runnerFailures = Number(line.slice(finishedAt + FINISHED_MARKER.length));
    // A crashed extension host never calls codeAutomationExit; fail now rather than at the timeout.
    if (/extension host .*terminated unexpectedly|\[ExtensionHost\].*socket close event/i.test(line))
      onExit('host-died');
    (type === 'error' ? console.error : console.log)(line);
  });
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));

  const url = workbenchUrl(server.port, workspace, [
    ['extensionDevelopmentPath', projectRoot],
    ['extensionTestsPath', testsPath],
  ]);
  await page.goto(url);

  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = await Promise.race([finished, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    console.error(`Integration tests did not finish within ${timeoutMs} ms.`);
    console.error(serverLog.slice(-20).join('\n'));
    console.log('0 passing\n1 failing');
  } else if (outcome === 'host-died' || runnerFailures === undefined) {
    // The workbench reports 0 also when the extension host died before mocha finished.
    console.error('The extension host ended before the test runner finished (crashed?).');
    console.log('1 failing');
  } else {
    exitCode = outcome;
  }
  if (exitCode !== 0) console.error(`Screenshot: ${await screenshot(page, 'integration', 'failure')}`);
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
} finally {
  await cleanup();
}
process.exit(exitCode);
