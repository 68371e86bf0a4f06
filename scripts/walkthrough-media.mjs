#!/usr/bin/env node
// The walkthrough's pictures (media/walkthrough/*.png) from the UI walk's screenshots: run
// `node scripts/run-ui-tests.mjs --grep walk`, then `node scripts/walkthrough-media.mjs`. Each
// picture is a crop of the dark pass's screenshot at 1280×720 (the workbench around the product
// left out), scaled down in the test browser (Chromium's canvas, the one image tool every machine
// of the project has: browser.mjs's cropAndScale) so that each stays under 150 KB. `--from DIR`
// reads the screenshots from another folder.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cropAndScale, launchBrowser } from './browser.mjs';
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
