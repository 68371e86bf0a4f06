#!/usr/bin/env node
// `npm run simulator -- --port 8787 --seed 1`: bundles test/simulator/cli.ts with esbuild (well
// under a second; works from a fresh clone after `npm ci`, no tsc step) and runs it in this
// process. The bundle goes to a file of this process only, removed once loaded, so that two
// simulators started at once never read each other's half-written bundle.
import * as esbuild from 'esbuild';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outfile = join(tmpdir(), `sat-imagery-simulator-${process.pid}.cjs`);
await esbuild.build({
  entryPoints: [join(root, 'test', 'simulator', 'cli.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'inline',
  logLevel: 'warning',
});
let runCli;
try {
  ({ runCli } = createRequire(import.meta.url)(outfile));
} finally {
  rmSync(outfile, { force: true });
}
await runCli(process.argv.slice(2));
