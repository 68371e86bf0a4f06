// Draws the extension's Marketplace icon (media/icon.png, 128×128 PNG, package.json `icon`) from
// the activity bar icon (media/icons/satellite.svg), so the two never drift apart: the same strokes
// in white on a rounded square of the gallery banner's colour. vsce refuses an SVG icon, hence the
// PNG, drawn by this machine's Chromium (scripts/browser.mjs). Run `node scripts/render-icon.mjs`
// after changing the SVG or the colour, and commit the PNG.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './browser.mjs';
import { projectRoot } from './code-server.mjs';

const SIZE = 128;
const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
/** The banner's colour, so the icon sits on the Marketplace page's header as one piece. */
const background = manifest.galleryBanner.color;
const glyph = readFileSync(join(projectRoot, 'media', 'icons', 'satellite.svg'), 'utf8')
  .replace('stroke="currentColor"', 'stroke="#ffffff"')
  .replace(/width="24" height="24"/, 'width="104" height="104"');

// Transparent outside the rounded square: the Marketplace and the Extensions view show it on
// light and dark pages alike.
const html = `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:${SIZE}px;height:${SIZE}px;border-radius:24px;background:${background};
display:flex;align-items:center;justify-content:center">${glyph}</div></body></html>`;

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
  await page.setContent(html);
  const file = join(projectRoot, 'media', 'icon.png');
  await page.screenshot({ path: file, omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
  console.log(`${file}: ${SIZE}×${SIZE}, on ${background}`);
} finally {
  await browser.close();
}
