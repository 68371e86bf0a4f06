#!/usr/bin/env node
// The walkthrough's pictures (media/walkthrough/*.png) from the UI walk's screenshots: run
// `node scripts/run-ui-tests.mjs --grep walk`, then `node scripts/walkthrough-media.mjs`. Each
// picture is a crop of the dark pass's screenshot at 1280×720 (the workbench around the product
// left out), scaled down in the test browser (Chromium's canvas, the one image tool every machine
// of the project has) so that each stays under 150 KB. `--from DIR` reads the screenshots from
// another folder.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './browser.mjs';
import { projectRoot } from './code-server.mjs';

/** Each picture: the walk's screenshot it is made from (its name after the counter), the part of
 * it kept ([x, y, width, height]) and the width it is scaled to. */
const PICTURES = [
  { out: 'set-api-key.png', shot: 'set-api-key', crop: [330, 0, 620, 120], width: 620 },
  { out: 'open-area.png', shot: 'problems', crop: [348, 35, 932, 665], width: 640 },
  { out: 'show-on-map.png', shot: 'map', crop: [348, 70, 932, 630], width: 640 },
  { out: 'download-composite.png', shot: 'composite-cost-panel', crop: [348, 70, 932, 630], width: 640 },
  { out: 'look-at-image.png', shot: 'viewer', crop: [348, 70, 932, 630], width: 640 },
  { out: 'imagery-as-code.png', shot: 'plan', crop: [348, 35, 932, 665], width: 640 },
];

/** The PNG of `png`'s `crop`, scaled to `width`, drawn by the page's canvas. */
async function cropAndScale(page, png, crop, width) {
  const dataUrl = await page.evaluate(
    async ({ source, crop: [x, y, w, h], width }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = Math.round((h * width) / w);
      const context = canvas.getContext('2d');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, x, y, w, h, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/png');
    },
    { source: `data:image/png;base64,${png.toString('base64')}`, crop, width },
  );
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

const fromFlag = process.argv.indexOf('--from');
const from = fromFlag > 0 ? process.argv[fromFlag + 1] : join(projectRoot, 'test-results', 'ui', 'walk');
const to = join(projectRoot, 'media', 'walkthrough');
const shots = readdirSync(from);

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  for (const picture of PICTURES) {
    const source = shots.find((name) => new RegExp(`^dark-\\d+-${picture.shot}\\.png$`).test(name));
    if (!source) throw new Error(`no dark-NN-${picture.shot}.png in ${from}: run the UI walk first`);
    const target = join(to, picture.out);
    writeFileSync(target, await cropAndScale(page, readFileSync(join(from, source)), picture.crop, picture.width));
    console.log(`${picture.out}  ${Math.round(statSync(target).size / 1024)} KB  (from ${source})`);
  }
} finally {
  await browser.close();
}
