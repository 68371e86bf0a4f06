#!/usr/bin/env node
// Runs the integration tests in desktop VS Code through @vscode/test-electron, for contributors
// whose machine can download VS Code. The runner module is the one code-server loads
// (out/test/integration/index.js), so both hosts run the same tests.
// Usage: npm run test:electron   (VSCODE_VERSION picks the build; default 1.100.3, the API level)
import { runTests } from '@vscode/test-electron';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from './code-server.mjs';

// The bundle must build; type errors are `npm run build`'s report, and tsc still emits the tests.
execFileSync(process.execPath, ['esbuild.mjs'], { cwd: projectRoot, stdio: 'inherit' });
try {
  execFileSync('npm', ['run', '--silent', 'compile-tests'], { cwd: projectRoot, stdio: 'inherit' });
} catch {
  console.error('compile-tests reported type errors (above); running the emitted tests anyway.');
}

const workspace = mkdtempSync(join(tmpdir(), 'sat-imagery-electron-workspace-'));
const userDataDir = mkdtempSync(join(tmpdir(), 'sat-imagery-electron-user-'));
cpSync(join(projectRoot, 'scripts', 'demo-workspace'), workspace, { recursive: true });
let code = 1;
try {
  code = await runTests({
    version: process.env.VSCODE_VERSION ?? '1.100.3',
    extensionDevelopmentPath: projectRoot,
    extensionTestsPath: join(projectRoot, 'out', 'test', 'integration', 'index.js'),
    // A fresh user-data dir: tests write global settings, and none may leak between runs.
    launchArgs: [
      workspace,
      '--disable-extensions',
      '--disable-workspace-trust',
      '--skip-welcome',
      '--user-data-dir',
      userDataDir,
    ],
  });
} catch (error) {
  console.error(`VS Code tests did not run: ${error instanceof Error ? error.message : error}`);
} finally {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(userDataDir, { recursive: true, force: true });
}
process.exit(code);
