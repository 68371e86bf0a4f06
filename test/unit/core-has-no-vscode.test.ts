import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// The core (api/, geometry/, workflows/) must run in plain Node: no module there may import
// `vscode`, directly or through a relative import that leaves the core.
const root = join(__dirname, '..', '..', '..');
const coreDirs = ['src/api', 'src/geometry', 'src/workflows', 'src/raster'];

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...tsFiles(full));
    else if (name.endsWith('.ts')) out.push(full);
  }
  return out;
}

const importPattern = /(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('core modules', () => {
  for (const dir of coreDirs) {
    it(`${dir} never imports vscode nor reaches into src/ui`, () => {
      const offenders: string[] = [];
      for (const file of tsFiles(join(root, dir))) {
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(importPattern)) {
          const spec = match[1] ?? match[2] ?? match[3] ?? '';
          if (spec === 'vscode' || /(^|\/)ui(\/|$)/.test(spec)) {
            offenders.push(`${relative(root, file)} imports '${spec}'`);
          }
        }
      }
      assert.deepEqual(offenders, []);
    });
  }

  it('the import check itself recognises every import form', () => {
    const sample = `import * as v from 'vscode';\nimport type { X } from "vscode";\nconst a = require('vscode');\nconst b = import('vscode');`;
    const found = [...sample.matchAll(importPattern)].map((m) => m[1] ?? m[2] ?? m[3]);
    assert.deepEqual(found, ['vscode', 'vscode', 'vscode', 'vscode']);
  });
});
