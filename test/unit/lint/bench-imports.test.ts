// The benchmarks drive the compiled core (out/) through `requireOut`, which knip cannot follow:
// an export it removes as unused would break `npm run bench` only when the bench runs. Every name
// a benchmark takes from out/ must be there.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');
const benchDir = join(root, 'scripts', 'bench');

/** `const { a, b: c } = requireOut('./src/x.js')` → the module path and the names a, b. */
function namesTaken(text: string): { path: string; names: string[] }[] {
  return [...text.matchAll(/const\s+\{([^}]*)\}\s*=\s*requireOut\('([^']+)'\)/g)].map((m) => ({
    path: m[2]!,
    names: m[1]!
      .split(',')
      .map((part) => part.split(':')[0]!.trim())
      .filter(Boolean),
  }));
}

describe('the benchmarks take only what the compiled core exports', () => {
  it('finds the names in a line as the benchmarks write them', () => {
    assert.deepEqual(namesTaken("const { readLock, makePlan: plan } = requireOut('./src/x.js');"), [
      { path: './src/x.js', names: ['readLock', 'makePlan'] },
    ]);
  });

  it('every name every benchmark takes from out/ is exported there', () => {
    let checked = 0;
    for (const file of readdirSync(benchDir).filter((f) => f.endsWith('.mjs'))) {
      for (const { path, names } of namesTaken(readFileSync(join(benchDir, file), 'utf8'))) {
        const exported = require(join(root, 'out', path)) as Record<string, unknown>;
        for (const name of names) {
          assert.notEqual(exported[name], undefined, `scripts/bench/${file} takes ${name} from ${path}`);
          checked++;
        }
      }
    }
    assert.ok(checked >= 20, `only ${checked} names found: the pattern no longer matches the benchmarks`);
  });
});
