// Debian's Chromium driven by playwright-core: the browser half of the code-server test host.
// playwright-core downloads no browser, which is what a machine without internet needs.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './code-server.mjs';
import { palettePng } from './png-palette.mjs';

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

/**
 * The PNG of `png`'s `crop` ([x, y, width, height]), scaled to `width`, drawn by the page's canvas
 * (Chromium's, the one image tool every machine of the project has): the pictures of the docs and
 * the walkthrough are made from the UI tests' screenshots with it. `palette`: at most 256 colours
 * (png-palette.mjs), for a picture with imagery in it.
 */
export async function cropAndScale(page, png, crop, width, { palette = false } = {}) {
  const drawn = await page.evaluate(
    async ({ source, crop: [x, y, w, h], width, palette }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.round((h * width) / w);
      const context = canvas.getContext('2d');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, x, y, w, h, 0, 0, canvas.width, canvas.height);
      if (!palette) return { png: canvas.toDataURL('image/png') };
      const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let binary = '';
      for (let i = 0; i < rgba.length; i += 0x8000) binary += String.fromCharCode(...rgba.subarray(i, i + 0x8000));
      return { rgba: btoa(binary), width: canvas.width, height: canvas.height };
    },
    { source: `data:image/png;base64,${png.toString('base64')}`, crop, width, palette },
  );
  if (drawn.png) return Buffer.from(drawn.png.slice(drawn.png.indexOf(',') + 1), 'base64');
  return palettePng(Buffer.from(drawn.rgba, 'base64'), drawn.width, drawn.height);
}
