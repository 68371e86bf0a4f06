#!/usr/bin/env node
// Runs the browser UI tests (test/ui/*.test.mjs) under mocha: Debian's Chromium, driven by
// playwright-core, clicks through code-server with the extension loaded. Screenshots of each
// step go to test-results/ui/. Expects `npm run build` and `npm run compile-tests` to have run
// (npm test does both). Extra arguments go to mocha (e.g. --grep palette). UI_TEST_JOBS sets how many
// files run at once (default 2).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTestHost, projectRoot } from './code-server.mjs';

for (const [file, hint] of [
  [join(projectRoot, 'dist', 'extension.js'), 'npm run build'],
  [join(projectRoot, 'out', 'src', 'ui', 'constants.js'), 'npm run compile-tests'],
]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`${hint}\` first.`);
    process.exit(2);
  }
}
ensureTestHost();
// Old screenshots would pass for new ones in a review.
rmSync(join(projectRoot, 'test-results', 'ui'), { recursive: true, force: true });

const mocha = join(projectRoot, 'node_modules', 'mocha', 'bin', 'mocha.js');
const child = spawn(
  process.execPath,
  [
    mocha,
    '--no-config',
    '--reporter',
    'spec',
    '--timeout',
    '120000',
    '--exit',
    // Two files at once: each opens its own simulator, code-server and Chromium on free ports, and
    // waits for what it looks for (never a fixed time), so a busy core slows it but does not fail it.
    '--parallel',
    '--jobs',
    process.env.UI_TEST_JOBS ?? '2',
    'test/ui/**/*.test.mjs',
    ...process.argv.slice(2),
  ],
  {
    cwd: projectRoot,
    stdio: 'inherit',
  },
);
// Ctrl-C reaches mocha through the terminal's process group; its after() hooks stop the hosts.
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
