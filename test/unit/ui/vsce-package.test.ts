// The .vsix as vsce makes it: `vsce ls` lists exactly what the extension loads at run time and what
// the Marketplace shows (package.json, README, CHANGELOG, LICENSE, the icon), and `vsce package`,
// with the flags of `npm run package`, prints no warning (a missing repository, licence or icon is
// a warning, and in a terminal a question). What is loaded is read from the build, not from a list
// kept here: package.json's `main`, each bundle it requires (the lazily loaded ones) and each file
// path written in those bundles (the panels' scripts and stylesheets), the basemap folder the map
// reads by name, and every file path package.json contributes (icons, the schema, walkthrough
// media). It runs on the bundles the suite's build made (`node esbuild.mjs`). vsce needs no network
// for either command.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';

const root = join(__dirname, '..', '..', '..', '..');
const vsce = join(root, 'node_modules', '.bin', 'vsce');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  icon?: string;
  contributes: unknown;
  scripts: Record<string, string>;
};
/** What the Marketplace and the Extensions view show beside the code. */
const SHOWN = ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'];

const relative = (path: string) => posix.normalize(path).replace(/^\.\//, '');

/** The flags `npm run package` gives `vsce package`, so the test packs as the team does. */
function packageFlags(): string[] {
  const command = manifest.scripts['package'] ?? '';
  const words = /\bvsce package\b(.*)$/.exec(command)?.[1]?.trim().split(/\s+/) ?? [];
  assert.ok(command.includes('vsce package'), `npm run package runs vsce package (it is "${command}")`);
  return words.filter(Boolean);
}

async function runVsce(args: string[]): Promise<string> {
  assert.ok(existsSync(vsce), `${vsce} is missing: @vscode/vsce is a devDependency, run npm install`);
  const { stdout, stderr } = await promisify(execFile)(vsce, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  return `${stdout}\n${stderr}`;
}

/** Every string in package.json's contributions that names a file of the extension. */
function contributedFiles(value: unknown): string[] {
  if (typeof value === 'string')
    return /^(\.\/)?[\w.-]+(\/[\w.@-]+)+\.\w+$/.test(value) && !value.includes('://') ? [relative(value)] : [];
  if (Array.isArray(value)) return value.flatMap(contributedFiles);
  if (value && typeof value === 'object') return Object.values(value).flatMap(contributedFiles);
  return [];
}

/** A bundle and every bundle it requires, with the extension's file paths written in each. */
function loadedByBundle(bundle: string, seen = new Set<string>()): Set<string> {
  if (seen.has(bundle)) return seen;
  seen.add(bundle);
  const text = readFileSync(join(root, bundle), 'utf8');
  for (const [, required] of text.matchAll(/require\("\.\/([\w.-]+\.js)"\)/g))
    loadedByBundle(posix.join(posix.dirname(bundle), required as string), seen);
  for (const [, path] of text.matchAll(/["']((?:dist|media)\/[\w./-]+\.\w+)["']/g)) seen.add(path as string);
  return seen;
}

/** A contributed Markdown page (a walkthrough step) loads the pictures it links, beside it. */
function linkedFromMarkdown(page: string): string[] {
  if (!page.endsWith('.md') || !existsSync(join(root, page))) return [];
  const text = readFileSync(join(root, page), 'utf8');
  return [...text.matchAll(/(?:\]\(|src=")([\w./-]+\.\w+)[)"]/g)].map(([, link]) =>
    posix.join(posix.dirname(page), link as string),
  );
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** What the extension loads at run time and what is shown beside it, sorted. */
function expectedFiles(): string[] {
  assert.ok(manifest.icon, 'package.json names an icon, a PNG the Marketplace and the Extensions view show');
  const main = relative(manifest.main);
  assert.ok(existsSync(join(root, main)), `${main} is missing: build first (node esbuild.mjs)`);
  const loaded = [
    ...loadedByBundle(main),
    ...filesUnder('dist/basemap'), // read by name as the map needs them (readBasemapFile)
    relative(manifest.icon),
    ...contributedFiles(manifest.contributes),
  ];
  loaded.push(...loaded.flatMap(linkedFromMarkdown));
  return [...new Set([...SHOWN, ...loaded])].sort();
}

describe('packaging: the .vsix as vsce makes it', function () {
  this.timeout(180_000);

  it('vsce ls lists exactly what the extension loads and what the Marketplace shows', async () => {
    const expected = expectedFiles();
    for (const file of expected) assert.ok(existsSync(join(root, file)), `${file} is loaded but does not exist`);
    for (const file of ['dist/api-client.js', 'dist/map.js', 'media/webview.css', 'media/icons/satellite.svg'])
      assert.ok(expected.includes(file), `${file} is found among what is loaded`);

    const lsFlags = packageFlags().filter((flag) => flag === '--no-dependencies');
    const listed = (await runVsce(['ls', ...lsFlags])).split('\n').filter(Boolean).sort();
    assert.deepEqual(
      listed.filter((f) => /^(src|test|scripts|docs)\/|\.map$|\.ts$/.test(f)),
      [],
      'no sources, tests, scripts, docs or source maps',
    );
    assert.deepEqual(
      expected.filter((f) => !listed.includes(f)),
      [],
      'loaded at run time but left out of the .vsix',
    );
    assert.deepEqual(
      listed.filter((f) => !expected.includes(f)),
      [],
      'in the .vsix but never loaded nor shown',
    );
  });

  it('vsce package, as npm run package runs it, prints no warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sat-imagery-vsix-'));
    try {
      const output = await runVsce(['package', ...packageFlags(), '--out', join(dir, 'test.vsix')]);
      assert.match(output, /DONE\s+Packaged/, 'the package was made');
      assert.deepEqual(
        output.split('\n').filter((line) => /WARNING/i.test(line)),
        [],
        'vsce package warned',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
