import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';

// A file in src/ is read only through src/files/bounded-read.ts (regular files only, never waited
// on, within their kind's bound): lint forbids fs's read functions everywhere else, in every form
// they could be reached by. These probes, linted as if they lived in a room, show the rule holds.
const root = join(__dirname, '..', '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function offences(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, file) });
  assert.ok(result);
  assert.deepEqual(
    result.messages.filter((m) => m.fatal),
    [],
    'the probe parses',
  );
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => source.split('\n')[m.line - 1] ?? '');
}

const reads = [
  `import { readFile } from 'node:fs/promises';`,
  `import { readFileSync, statSync } from 'fs';`,
  `import { createReadStream as stream } from 'node:fs';`,
  `import { open } from 'node:fs/promises';`,
  `import { openSync } from 'node:fs';`,
  `import { promises } from 'node:fs';`,
  `import * as fs from 'node:fs';`,
  `import fsp from 'fs/promises';`,
  `export { readFile } from 'node:fs/promises';`,
  `const fs = require('node:fs');`,
  `const later = import('node:fs/promises');`,
  `const text = handle.readFile('utf8');`,
  `const lines = handle.readLines();`,
  `const chunks = handle.createReadStream();`,
];
const allowed = [
  `import { constants } from 'node:fs';`,
  `import type { Stats } from 'node:fs';`,
  `import { lstat, readdir, stat } from 'node:fs/promises';`,
  `import type { FileHandle } from 'node:fs/promises';`,
  `import { readTextBounded, withBoundedFile } from '../files/bounded-read';`,
  `const bytes = await source.read(0, 16);`,
];

describe('lint: files are read through the bounded reader only', function () {
  this.timeout(60_000);

  for (const room of ['src/api', 'src/cli', 'src/stats', 'src/raster', 'src/workflows/engine', 'src/ui/webview/map'])
    it(`${room} may not read a file but through it`, async () => {
      assert.deepEqual(await offences(`${room}/boundary-probe.ts`, [...reads, ...allowed].join('\n')), reads);
    });

  it('the bounded reader itself may; safe-files.ts may open a file (to write it), not read one', async () => {
    assert.deepEqual(await offences('src/files/bounded-read.ts', reads.join('\n')), []);
    const opens = [`import { open } from 'node:fs/promises';`, `import { openSync } from 'node:fs';`];
    assert.deepEqual(
      await offences('src/files/safe-files.ts', [...opens, ...reads.filter((r) => !opens.includes(r))].join('\n')),
      reads.filter((r) => !opens.includes(r)),
    );
  });
});
