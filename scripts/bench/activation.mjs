// Activation benchmark: the production bundle's size, and the time to load it and run activate()
// in a fresh Node process with a minimal host, median of several runs, against an empty extension
// measured the same way in the same run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const child = join(here, 'activation-child.cjs');

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function measure(bundle, runs) {
  const totals = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, [child, bundle], { encoding: 'utf8' });
    totals.push(JSON.parse(out).totalMs);
  }
  return median(totals);
}

export async function runActivationBench({ runs = 9 } = {}) {
  // Production bundle, built like `npm run package` does, into a scratch folder.
  const scratch = mkdtempSync(join(tmpdir(), 'sat-bench-activation-'));
  const ours = join(scratch, 'ours', 'dist', 'extension.js');
  execFileSync(process.execPath, [join(root, 'esbuild.mjs'), '--production', `--outdir=${dirname(ours)}`], {
    cwd: root,
    stdio: 'inherit',
  });
  const empty = join(scratch, 'empty', 'dist', 'extension.js');
  mkdirSync(dirname(empty), { recursive: true });
  writeFileSync(empty, "'use strict';exports.activate=function(){};exports.deactivate=function(){};\n");

  const sizeKb = statSync(ours).size / 1024;
  const clientKb = statSync(join(dirname(ours), 'api-client.js')).size / 1024;
  measure(ours, 1); // warm the file cache for both
  measure(empty, 1);
  const oursMs = measure(ours, runs);
  const emptyMs = measure(empty, runs);
  return [
    // What activation loads; the network client (dist/api-client.js) loads with the first request.
    {
      figure: 'activation: extension bundle size (minified KB)',
      ours: round(sizeKb),
      reference: round(clientKb),
      referenceName: 'api-client.js, loaded later',
      ratio: null,
      target: '≤ 300 KB',
      met: sizeKb <= 300,
    },
    {
      figure: `activation: load + activate() median of ${runs} (ms)`,
      ours: round(oursMs),
      reference: round(emptyMs),
      referenceName: 'empty extension',
      ratio: round(oursMs / emptyMs),
      target: '≤ 25 ms above an empty extension',
      met: oursMs - emptyMs <= 25,
    },
  ];
}

function round(x) {
  return Math.round(x * 100) / 100;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await runActivationBench();
  console.table(rows);
}
