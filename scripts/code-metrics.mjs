// Three figures of the code's structure in src/, each with the places behind it, so a clean-up can
// be measured before and after (`npm run metrics`):
// (a) every function, method and arrow longer than 80 lines;
// (b) every import between the folders of src/workflows that goes upward in their order
//     (workflow-order.mjs), or sideways between two folders of the same rank;
// (c) every import of src/workflows from src/stats (which sits below the workflows).
// Imports are read by the TypeScript parser: type-only imports, re-exports and import() count too.
// Plain Node; `--json` prints the same as one JSON document.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { WORKFLOW_ORDER } from './workflow-order.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const LONG_FUNCTION = 80;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const rel = (path) => relative(root, path).split(sep).join('/');

/** The name a function goes by: its own, else the variable, property or method it is given to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

function longFunctions(file, sourceFile) {
  const found = [];
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const first = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      const last = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > LONG_FUNCTION) found.push({ file: rel(file), line: first + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Every module specifier the file names: imports, re-exports, import() and import types. */
function specifiers(sourceFile) {
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      found.push({ node, text: node.moduleSpecifier.text });
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push({ node, text: node.arguments[0].text });
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      found.push({ node, text: node.argument.literal.text });
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found.map(({ node, text }) => ({
    text,
    line: sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1,
  }));
}

/** The room of src/ a path lies in, and for src/workflows/<folder>/ the folder. */
function placeOf(path) {
  const parts = relative(src, path).split(sep);
  if (parts[0] === '..') return undefined;
  const folder = parts[0] === 'workflows' && parts.length > 2 ? parts[1] : undefined;
  return { room: parts[0], folder };
}

function imports(file, sourceFile) {
  const from = placeOf(file);
  return specifiers(sourceFile)
    .filter(({ text }) => text.startsWith('.'))
    .map(({ text, line }) => ({ file: rel(file), line, text, to: placeOf(resolve(dirname(file), text)) }))
    .filter((edge) => edge.to !== undefined)
    .map((edge) => ({ ...edge, from }));
}

export function measure() {
  const long = [];
  const upward = [];
  const statsIntoWorkflows = [];
  for (const file of sourceFiles(src)) {
    const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    long.push(...longFunctions(file, sourceFile));
    for (const edge of imports(file, sourceFile)) {
      const { from, to } = edge;
      const entry = { file: edge.file, line: edge.line, import: edge.text };
      if (from.room === 'stats' && to.room === 'workflows') statsIntoWorkflows.push(entry);
      if (from.folder === undefined || to.folder === undefined || from.folder === to.folder) continue;
      const [own, theirs] = [WORKFLOW_ORDER[from.folder], WORKFLOW_ORDER[to.folder]];
      if (own === undefined || theirs === undefined)
        throw new Error(`${edge.file}: a workflow folder without a rank in WORKFLOW_ORDER`);
      if (theirs >= own) upward.push({ ...entry, from: from.folder, to: to.folder, sideways: theirs === own });
    }
  }
  long.sort((a, b) => b.lines - a.lines);
  return { longFunctions: long, upwardImports: upward, statsIntoWorkflows };
}

function print({ longFunctions: long, upwardImports: upward, statsIntoWorkflows }) {
  console.log(`(a) functions longer than ${LONG_FUNCTION} lines in src/: ${long.length}`);
  for (const f of long) console.log(`  ${f.file}:${f.line}  ${f.name}  ${f.lines} lines`);
  const order = Object.entries(WORKFLOW_ORDER)
    .sort((a, b) => a[1] - b[1])
    .map(([name], i, all) => (i === 0 ? name : `${all[i - 1][1] === all[i][1] ? ' = ' : ' < '}${name}`))
    .join('');
  console.log(`(b) upward imports between workflow folders (${order}): ${upward.length}`);
  for (const u of upward)
    console.log(`  ${u.file}:${u.line}  ${u.from} → ${u.to}${u.sideways ? ' (same rank)' : ''}  '${u.import}'`);
  console.log(`(c) imports of src/workflows from src/stats: ${statsIntoWorkflows.length}`);
  for (const s of statsIntoWorkflows) console.log(`  ${s.file}:${s.line}  '${s.import}'`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const figures = measure();
  if (process.argv.includes('--json')) console.log(JSON.stringify(figures, null, 2));
  else print(figures);
}
