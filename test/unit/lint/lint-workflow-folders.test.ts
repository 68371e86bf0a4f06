import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';

// The folders of src/workflows import downwards only, in the order scripts/workflow-order.mjs
// states (lint, one block a folder in eslint.config.mjs). These probes, linted as if they lived in
// each folder, import every other folder: lint refuses exactly those of the same rank or above.
const root = join(__dirname, '..', '..', '..', '..');
const eslint = new ESLint({ cwd: root });

/** Lowest first, as scripts/workflow-order.mjs says; the rank of two folders may be the same. */
const ORDER: [string, number][] = [
  ['engine', 0],
  ['stac', 1],
  ['dates', 2],
  ['orders', 3],
  ['composite', 4],
  ['tiles', 5],
  ['series', 5],
  ['declared', 6],
];

async function offences(folder: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, {
    filePath: join(root, 'src', 'workflows', folder, 'boundary-probe.ts'),
  });
  assert.ok(result);
  assert.deepEqual(
    result.messages.filter((m) => m.fatal),
    [],
    'the probe parses',
  );
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => source.split('\n')[m.line - 1] ?? '');
}

describe('lint: the workflow folders import downwards only', function () {
  this.timeout(60_000);

  it('the order is the one the metrics use', async () => {
    const { WORKFLOW_ORDER } = (await import(join(root, 'scripts', 'workflow-order.mjs'))) as {
      WORKFLOW_ORDER: Record<string, number>;
    };
    assert.deepEqual(Object.entries(WORKFLOW_ORDER), ORDER);
  });

  for (const [folder, rank] of ORDER) {
    it(`src/workflows/${folder} imports no folder of its rank or above`, async () => {
      const others = ORDER.filter(([other]) => other !== folder);
      const lines = others.flatMap(([other]) => [
        `import { a } from '../${other}/some-file';`,
        `import type { B } from '../../workflows/${other}/some-file';`,
        `export { c } from '../${other}';`,
      ]);
      const upward = others
        .filter(([, otherRank]) => otherRank >= rank)
        .flatMap(([other]) => lines.filter((line) => line.includes(`/${other}/`) || line.endsWith(`/${other}';`)));
      assert.deepEqual(await offences(folder, lines.join('\n')), upward);
    });
  }

  it('a room of the same name elsewhere is not a workflow folder', async () => {
    const lines = [`import { findOrder } from '../../api/orders';`, `import { a } from './orders-helper';`];
    assert.deepEqual(await offences('engine', lines.join('\n')), []);
  });
});
