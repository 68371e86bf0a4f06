// How much code one `sat-imagery apply` runs through: the files of src/ in which at least one
// function ran (V8's coverage of the compiled out/, module bodies left out), in all and under
// src/workflows/, for an apply that buys two dates of one dataset against the simulator. The
// figure issue #38 holds ("following apply crosses 58 workflow files"); run after
// `tsc -p . --outDir out`: node scripts/apply-path.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const { startSimulator } = await import(pathToFileURL(join(root, 'out/test/simulator/index.js')).href);

// The field and the dataset the command-line tests declare (two dates of an RGB composite).
const { FIELD, rgbDataset } = await import(pathToFileURL(join(root, 'out/test/unit/fixtures/cli-fixture.js')).href);
const DATASET = rgbDataset(['2026-06-08', '2026-06-11']);

// The demo's orders cover the field (near Aarhus) on the pinned day.
const sim = await startSimulator({
  seed: 9,
  clock: () => Date.UTC(2026, 5, 15, 12),
  imageryEveryDay: true,
  demoData: true,
});
const dir = mkdtempSync(join(tmpdir(), 'sat-imagery-apply-path-'));
try {
  writeFileSync(join(dir, 'field.geojson'), FIELD);
  writeFileSync(join(dir, 'imagery.json'), JSON.stringify({ datasets: [DATASET] }));
  const coverage = join(dir, 'coverage');
  const env = {
    ...process.env,
    SAT_IMAGERY_API_KEY: 'demo-key',
    SAT_IMAGERY_BASE_URL: sim.url,
    XDG_CACHE_HOME: join(dir, 'cache'),
    NODE_V8_COVERAGE: coverage,
  };
  // The simulator answers in this process, so the CLI runs beside it, not blocking it.
  const code = await new Promise((done) => {
    const child = spawn(
      process.execPath,
      [join(root, 'out/src/cli/bin.js'), 'apply', 'imagery.json', '--yes', '--max-cost', '1000'],
      {
        cwd: dir,
        env,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child.stdout.on('data', (chunk) => process.stderr.write(chunk));
    child.on('exit', done);
  });
  if (code !== 0) throw new Error(`apply exited ${code}`);
  const ran = new Set();
  for (const name of readdirSync(coverage)) {
    for (const script of JSON.parse(readFileSync(join(coverage, name), 'utf8')).result) {
      const at = script.url.indexOf('/out/src/');
      if (at < 0) continue;
      // A function other than the module's body that was called at least once.
      if (script.functions.some((f) => f.functionName !== '' && f.ranges[0].count > 0))
        ran.add(script.url.slice(at + '/out/src/'.length));
    }
  }
  const workflows = [...ran].filter((f) => f.startsWith('workflows/')).sort();
  console.log(`src files with a function run by apply: ${ran.size}; under src/workflows/: ${workflows.length}`);
  if (process.argv.includes('--list')) for (const file of workflows) console.log(`  ${file}`);
} finally {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
}
