// No file of src imports itself back through others, type-only imports included (issue 23: the
// cycle engine/output-fields.ts ↔ engine/ports.ts). Relative imports and re-exports are followed.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gms)].flatMap((match) => {
    const target = resolve(dirname(file), match[1]!);
    return [`${target}.ts`, join(target, 'index.ts')].filter((candidate) => existsSync(candidate)).slice(0, 1);
  });
}

function cyclesIn(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  const visit = (file: string, stack: string[]) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open')
        cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => relative(ROOT, f)));
      else if (!state.has(next)) visit(next, stack);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file, []);
  return cycles;
}

describe('lint: no import cycles in src', () => {
  it('finds a planted type-only cycle (the check can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B[];\n");
      writeFileSync(join(dir, 'b.ts'), "import type { A } from './a';\nexport type B = { a?: A };\n");
      assert.equal(cyclesIn(sourceFiles(dir)).length, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has none, type-only imports included', () => {
    const cycles = cyclesIn(sourceFiles(join(ROOT, 'src')));
    assert.deepEqual(
      cycles.map((c) => c.join(' -> ')),
      [],
    );
  });
});
