import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';

// The boundaries between the rooms are lint rules (eslint.config.mjs). These probes, linted as if
// they lived in each room, show that each rule is in force and catches every import form.
const root = join(__dirname, '..', '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function offences(room: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(root, room, 'boundary-probe.ts') });
  assert.ok(result);
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], 'the probe parses');
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => source.split('\n')[m.line - 1] ?? '');
}

const vscodeForms = [
  `import * as v from 'vscode';`,
  `import type { Uri } from "vscode";`,
  `export { window } from 'vscode';`,
];

describe('lint: the boundaries between the rooms', function () {
  this.timeout(60_000);

  for (const room of [
    'src/api',
    'src/files',
    'src/ledger',
    'src/geometry',
    'src/workflows/engine',
    'src/common',
    'src/cli',
    'src/raster',
    'src/stats',
    'media/webview',
  ]) {
    it(`${room} may not import vscode`, async () => {
      assert.deepEqual(await offences(room, vscodeForms.join('\n')), vscodeForms);
    });
  }

  for (const [room, up] of [
    ['src/api', '../ui/services'],
    ['src/files', '../ui/services'],
    ['src/ledger', '../ui/services'],
    ['src/geometry', '../ui/types'],
    ['src/workflows/composite', '../../ui/extension-services'],
    ['src/cli', '../ui/key-prompt'],
    ['src/common', '../ui'],
  ]) {
    it(`${room} may not import src/ui`, async () => {
      const line = `import { x } from '${up}';`;
      assert.deepEqual(await offences(room, line), [line]);
    });
  }

  it('the layers import downwards only', async () => {
    assert.equal((await offences('src/api', `import { a } from '../workflows/engine/ports';`)).length, 1);
    assert.equal((await offences('src/api', `import { a } from '../geometry/index';`)).length, 1);
    assert.equal((await offences('src/geometry', `import { a } from '../api/errors';`)).length, 1);
    assert.deepEqual(
      await offences(
        'src/workflows/engine',
        `import { a } from '../../api/errors';\nimport { b } from '../../geometry/index';`,
      ),
      [],
    );
  });

  it("src/files imports only src/common and the client's error type; src/api may import it", async () => {
    const bad = [
      `import { a } from '../api/pipeline';`,
      `import type { ImageryClient } from '../api';`,
      `import { b } from '../workflows/engine/errors';`,
      `import { c } from '../geometry/index';`,
      `import { d } from '../stats/table';`,
      `import { e } from '../raster/utm';`,
      `import { f } from '../cli/terminal';`,
    ];
    const good = [
      `import { ApiError } from '../api/errors';`,
      `import { isRecord } from '../common/is-record';`,
      `import { open } from './safe-files';`,
    ];
    assert.deepEqual(await offences('src/files', [...bad, ...good].join('\n')), bad);
    assert.deepEqual(await offences('src/api', `import { openExclusive } from '../files/safe-files';`), []);
  });

  it('src/ledger sits below the workflows: nothing of src/workflows, src/stats, src/cli or src/geometry', async () => {
    const bad = [
      `import { WorkflowError } from '../workflows/engine/errors';`,
      `import type { WorkflowPorts } from '../workflows';`,
      `import { a } from '../stats/table';`,
      `import { b } from '../cli/exit-codes';`,
      `import { c } from '../geometry/index';`,
    ];
    const good = [
      `import { withBoundedFile } from '../files/bounded-read';`,
      `import { isRecord } from '../common/is-record';`,
      `import { ApiError } from '../api/errors';`,
      `import { FolderLock } from './folder-lock';`,
    ];
    assert.deepEqual(await offences('src/ledger', [...bad, ...good].join('\n')), bad);
  });

  it('src/request sits below pricing, buying, the ledger and the workflows', async () => {
    const bad = [
      `import type { WorkflowPorts } from '../workflows/engine/ports';`,
      `import { priceOf } from '../pricing/cost-decision';`,
      `import { SpendGuard } from '../buying/spend-guard';`,
      `import { requestKey } from '../ledger/request-key';`,
      `import { a } from '../stats/table';`,
    ];
    const good = [
      `import type { Aoi } from '../geometry/types';`,
      `import type { CompositeRequest } from '../api/types';`,
      `import { WorkflowError } from './workflow-error';`,
    ];
    assert.deepEqual(await offences('src/request', [...bad, ...good].join('\n')), bad);
  });

  it('src/pricing may price requests but imports nothing of the workflows, stats or the command line', async () => {
    const bad = [
      `import type { WorkflowPorts } from '../workflows/engine/ports';`,
      `import { a } from '../stats/table';`,
      `import { b } from '../cli/exit-codes';`,
    ];
    const good = [
      `import type { CompositeProfile } from '../request/request-profile';`,
      `import { WorkflowError } from '../request/workflow-error';`,
    ];
    assert.deepEqual(await offences('src/pricing', [...bad, ...good].join('\n')), bad);
  });

  it('src/stats imports nothing of src/workflows or src/cli', async () => {
    const bad = [
      `import { WorkflowError } from '../workflows/engine/errors';`,
      `import type { StacItem } from '../workflows/stac/stac-item';`,
      `export { x } from '../workflows';`,
      `import { y } from '../cli/terminal';`,
    ];
    const good = [
      `import { sidecarPath } from '../files/stac-names';`,
      `import { readAoi } from '../geometry/index';`,
      `import { readWindow } from '../raster/window';`,
    ];
    assert.deepEqual(await offences('src/stats', [...bad, ...good].join('\n')), bad);
  });

  it('src/raster takes of the other rooms only the bounded reader', async () => {
    const bad = [
      `import { a } from '../files/safe-files';`,
      `import { b } from '../api/errors';`,
      `import { c } from '../stats/table';`,
      `import { d } from '../cli/terminal';`,
    ];
    const good = [`import { BoundedFile } from '../files/bounded-read';`, `import { e } from './utm';`];
    assert.deepEqual(await offences('src/raster', [...bad, ...good].join('\n')), bad);
  });

  it('pages import no Node built-in and, from src/, only src/common, the packed geometry and the webview protocols', async () => {
    const bad = [
      `import * as fs from 'node:fs';`,
      `import * as path from 'path';`,
      `import { x } from '../../src/ui/webview/estimate/estimate-panel';`,
      `import type { ImageryClient } from '../../../src/api/types';`,
      `import { redactKey } from '../../src/api/redact';`,
      `import type { EstimateModel } from '../../../src/pricing/estimate-view-model';`,
      `import { splitAoi } from '../../src/geometry/split';`,
    ];
    const good = [
      `import type { ShowMessage } from '../../src/ui/webview/estimate/protocol';`,
      `import { formatBytes } from '../../src/common/format';`,
      `import { unpackPolygons } from '../../../src/geometry/packed';`,
      `import type { BoundingBox } from '../../../../src/geometry/types';`,
      `import { isReply } from '../../src/ui/webview/common/messages';`,
      `import { el } from '../common/dom';`,
      `import Map from 'ol/Map';`,
    ];
    assert.deepEqual(await offences('media/webview', [...bad, ...good].join('\n')), bad);
  });

  it('the shared webview protocol imports neither vscode nor Node', async () => {
    const bad = [`import * as v from 'vscode';`, `import { join } from 'node:path';`];
    for (const file of ['src/ui/webview/estimate/protocol.ts', 'src/ui/webview/common/messages.ts']) {
      const [result] = await eslint.lintText(bad.join('\n'), { filePath: join(root, file) });
      assert.deepEqual(
        result?.messages.map((m) => m.ruleId),
        ['no-restricted-imports', 'no-restricted-imports'],
        file,
      );
    }
  });

  it('src/ui itself may import vscode', async () => {
    assert.deepEqual(await offences('src/ui/commands', vscodeForms[0]), []);
  });
});
