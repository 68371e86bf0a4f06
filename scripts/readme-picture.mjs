#!/usr/bin/env node
// README's and docs/map.md's picture (docs/images/show-on-map.png) from the Show on Map UI test's
// light screenshot (test/ui/show-on-map.test.mjs: the demo fields coloured by their change over a
// time series the command line bought from the demo's simulator, its latest image drawn in place):
// run `node scripts/run-ui-tests.mjs --grep "Show on Map in the browser"`, then
// `node scripts/readme-picture.mjs`. The whole window at 1400×900, in at most 256 colours
// (png-palette.mjs) so that it stays under 250 KB with the imagery in it. `--from DIR` reads the
// screenshot from another folder.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cropAndScale, launchBrowser } from './browser.mjs';
import { projectRoot } from './code-server.mjs';

const SHOT = '10-map-light.png';
const MAX_BYTES = 250 * 1024;

const fromFlag = process.argv.indexOf('--from');
const from = fromFlag > 0 ? process.argv[fromFlag + 1] : join(projectRoot, 'test-results', 'ui');
const target = join(projectRoot, 'docs', 'images', 'show-on-map.png');

let screenshot;
try {
  screenshot = readFileSync(join(from, SHOT));
} catch {
  console.error(`no ${SHOT} in ${from}: run the Show on Map UI test first`);
  process.exit(2);
}
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  writeFileSync(target, await cropAndScale(page, screenshot, [0, 0, 1400, 900], 1400, { palette: true }));
} finally {
  await browser.close();
}
const size = statSync(target).size;
console.log(`docs/images/show-on-map.png  ${Math.round(size / 1024)} KB  (from ${SHOT})`);
if (size > MAX_BYTES) {
  console.error(`over ${MAX_BYTES / 1024} KB: README's first picture loads slowly`);
  process.exit(1);
}
