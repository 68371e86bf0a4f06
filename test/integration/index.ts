// The mocha runner that VS Code loads as `extensionTestsPath`, in code-server
// (scripts/run-integration-tests.mjs) and in desktop VS Code (scripts/run-electron-tests.mjs)
// alike. It runs every compiled test/integration/*.test.js beside it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

/** Compiled test files under `dir`, in a stable order. */
function testFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...testFiles(full));
    else if (entry.name.endsWith('.test.js')) found.push(full);
  }
  return found.sort();
}

/**
 * Printed once mocha has finished. code-server reports exit code 0 when the extension host dies
 * (a crash is not a test failure to it), so scripts/run-integration-tests.mjs trusts a 0 only
 * after this line.
 */
export const FINISHED_MARKER = '[integration-runner] finished, failures:';

export function run(): Promise<void> {
  // No colours: the lines travel through the workbench's console to a log, not to a terminal.
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 60_000 });
  const grep = process.env.SAT_IMAGERY_TEST_GREP;
  if (grep) mocha.grep(grep);
  for (const file of testFiles(__dirname)) mocha.addFile(file);
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => {
        console.log(`${FINISHED_MARKER} ${failures}`);
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
        else resolve();
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
