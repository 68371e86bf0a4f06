// The .vsix carries every file the extension loads at run time: .vscodeignore is an allow-list,
// so a bundle left off it packages fine and fails only when its panel opens (the image viewer's
// dist/viewer.js was missing). Each panel page's script, the shared webview bundle and stylesheet
// (src/ui/webview), and each bundle the extension imports lazily (the externals esbuild.mjs
// writes) must be allowed.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('packaging: the files the extension loads are in the .vsix', () => {
  it('allows every panel script, the webview bundle and stylesheet, and every lazily loaded bundle', () => {
    const allowed = new Set(
      readFileSync(join(root, '.vscodeignore'), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('!'))
        .map((l) => l.slice(1).trim()),
    );
    const webview = sources(join(root, 'src', 'ui', 'webview')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/'(dist\/[\w-]+\.(?:js|css))'/g)].map((m) => m[1] as string),
    );
    const lazy = [
      ...readFileSync(join(root, 'esbuild.mjs'), 'utf8').matchAll(/path: '\.\/([\w-]+\.js)', external: true/g),
    ].map((m) => `dist/${m[1] as string}`);
    const needed = [...new Set([...webview, ...lazy])].sort();
    for (const file of [
      'dist/viewer.js',
      'dist/map.js',
      'dist/field-stats.js',
      'dist/webview.js',
      'dist/api-client.js',
      'dist/stats-core.js',
    ])
      assert.ok(needed.includes(file), `${file} is found among what is loaded`);
    assert.deepEqual(
      needed.filter((file) => !allowed.has(file)),
      [],
      'loaded at run time but left out of the .vsix by .vscodeignore',
    );
  });
});
