// Debian's Chromium driven by playwright-core: the browser half of the code-server test host.
// playwright-core downloads no browser, which is what a machine without internet needs.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './code-server.mjs';

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
      encoding: 'utf8',
    }).trim();
  } catch {
    throw new Error(
      "Chromium not found: run `bash scripts/install-test-host.sh` (installs Debian's chromium) or set CHROMIUM_PATH.",
    );
  }
}

/** Launches headless Chromium with the flags the offline guide checked. */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: process.env.HEADED !== '1',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Saves a full-page screenshot under test-results/<group>/ and returns its path. */
export async function screenshot(page, group, name) {
  const dir = join(projectRoot, 'test-results', group);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file });
  return file;
}
