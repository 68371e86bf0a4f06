// The documents hold together: every relative link and picture of every Markdown file of the
// repository names a file it holds, and every `#anchor` a heading of its target (as GitHub makes
// a heading's anchor). README is the Marketplace page and the first thing a stranger reads: at
// most about 350 lines, opening with the two commands (the demo, the whole test suite) that
// package.json and CI really run. And every source comment that cites a hazard cites a section
// docs/engineering-notes.md has, never a file the repository does not hold.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

const root = join(__dirname, '..', '..', '..', '..');
/** Built, installed or downloaded: not the repository's own documents. */
const NOT_SOURCES = new Set(['node_modules', 'out', 'dist', 'test-results', 'bench-results']);
const md = new MarkdownIt();

/** The repository's own files under `dir` whose names match `name` (no hidden folder, no link). */
function repositoryFiles(dir: string, name: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || NOT_SOURCES.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return repositoryFiles(path, name);
    return entry.isFile() && name.test(entry.name) ? [path] : [];
  });
}

const NOTES = join(root, 'docs', 'engineering-notes.md');
const CODE = /\.(ts|mts|cts|js|mjs|cjs|py|sh)$/;

/** What a file says of the engineering notes: each mention, and the section it names (if any). */
function citationsOf(text: string): (string | undefined)[] {
  // A comment's lines read as one sentence: the line breaks and comment markers go.
  const prose = text.replace(/\n\s*(?:\/\/|\*|#)?\s*/g, ' ');
  return [...prose.matchAll(/engineering-notes\.md(?:,| says \(| \()?\s*("([^"]+)")?/g)].map((m) => m[2]);
}

/** Every token, the inline ones' children included. */
function tokensOf(text: string): Token[] {
  return md.parse(text, {}).flatMap((token) => [token, ...(token.children ?? [])]);
}

/** GitHub's anchor of a heading: its text in lower case, punctuation dropped, spaces as hyphens. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a file's headings, a repeated one numbered as GitHub numbers it. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const tokens = md.parse(text, {});
  tokens.forEach((token, i) => {
    if (token.type !== 'heading_open') return;
    const inline = tokens[i + 1]!.children ?? [];
    const base = slug(inline.map((child) => child.content).join(''));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  });
  return anchors;
}

/** The relative links and picture paths of a file, as written. */
function relativeTargets(text: string): string[] {
  return tokensOf(text)
    .map((token) =>
      token.type === 'link_open' ? token.attrGet('href') : token.type === 'image' ? token.attrGet('src') : null,
    )
    .filter((target): target is string => target !== null && !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** What is wrong with one link of `file`, or undefined when it resolves. */
function brokenLink(file: string, target: string): string | undefined {
  const [path, anchor] = target.split('#') as [string, string | undefined];
  const resolved = path === '' ? file : join(dirname(file), decodeURI(path));
  if (!existsSync(resolved)) return `${target}: no such file`;
  if (anchor === undefined || !resolved.endsWith('.md')) return undefined;
  const anchors = anchorsOf(readFileSync(resolved, 'utf8'));
  return anchors.has(anchor) ? undefined : `${target}: no heading with that anchor`;
}

describe('The documents: links, pictures and README', () => {
  const files = repositoryFiles(root, /\.md$/);

  it('finds the documents (README, CONTRIBUTING, ARCHITECTURE and docs/)', () => {
    const names = files.map((file) => relative(root, file));
    for (const name of ['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md', join('docs', 'command-line.md')])
      assert.ok(names.includes(name), name);
  });

  it('every relative link and picture names a file the repository holds, and every anchor a heading', () => {
    const broken = files.flatMap((file) =>
      relativeTargets(readFileSync(file, 'utf8')).flatMap((target) => {
        const problem = brokenLink(file, target);
        return problem ? [`${relative(root, file)}: ${problem}`] : [];
      }),
    );
    assert.deepEqual(broken, []);
  });

  it('anchors are made as GitHub makes them', () => {
    assert.deepEqual(
      [...anchorsOf('# Imagery as code (`plan`, `apply`, `verify`)\n## Exit codes\n## Exit codes\n')],
      ['imagery-as-code-plan-apply-verify', 'exit-codes', 'exit-codes-1'],
    );
  });

  it('README is at most 350 lines', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').split('\n').length;
    assert.ok(lines <= 350, `README.md has ${lines} lines`);
  });

  it("README's first screen gives the two commands, and they are the ones package.json and CI run", () => {
    const firstScreen = readFileSync(join(root, 'README.md'), 'utf8').split('\n').slice(0, 25).join('\n');
    const block = tokensOf(firstScreen).find((token) => token.type === 'fence');
    assert.ok(block, 'a code block in the first 25 lines');
    const commands = block.content
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean);
    assert.deepEqual(commands, ['npm ci && npm start', 'npm test']);
    const scripts = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    assert.equal(scripts.start, 'node scripts/start-demo.mjs');
    assert.equal(scripts.test, 'node scripts/test-all.mjs');
    const ci = readFileSync(join(root, '.ci', 'run'), 'utf8').split('\n');
    assert.ok(ci.includes('npm test'), '.ci/run runs npm test');
    assert.ok(
      ci.some((line) => line.includes('npm ci')),
      '.ci/run installs with npm ci',
    );
  });
});

describe('Hazards cited in the code', () => {
  const sections = new Set(
    readFileSync(NOTES, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('### '))
      .map((line) => line.slice(4).trim()),
  );
  const files = repositoryFiles(root, CODE).filter((file) => !file.endsWith('documents.test.ts'));

  it('reads the citations as written', () => {
    assert.deepEqual(
      citationsOf(
        '// slow (docs/engineering-notes.md,\n// "Load cost").\n# As docs/engineering-notes.md says ("Versions")',
      ),
      ['Load cost', 'Versions'],
    );
    assert.deepEqual(citationsOf('faster (docs/engineering-notes.md) and'), [undefined]);
  });

  it('every comment that cites docs/engineering-notes.md names one of its sections', () => {
    const wrong = files.flatMap((file) =>
      citationsOf(readFileSync(file, 'utf8'))
        .filter((section) => section === undefined || !sections.has(section))
        .map(
          (section) =>
            `${relative(root, file)}: ${section === undefined ? 'no section named' : `no section "${section}"`}`,
        ),
    );
    assert.deepEqual(wrong, []);
  });

  it('no file cites a hazards file the repository does not hold, or a folder outside it', () => {
    const outside = [...files, ...repositoryFiles(root, /\.md$/)].filter((file) =>
      /known-hazards|\.\.\/shared\/|\/work\/shared/.test(readFileSync(file, 'utf8')),
    );
    assert.deepEqual(
      outside.map((file) => relative(root, file)),
      [],
    );
  });
});
