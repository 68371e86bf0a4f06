// Lint states the boundaries between the rooms (see ARCHITECTURE.md), one block per area:
// - the core (src/api, src/files, src/request, src/pricing, src/ledger, src/buying, src/geometry,
//   src/workflows, src/common) and the command line (src/cli) never import `vscode` or src/ui, so
//   they run in plain Node and under a second host;
// - the layers only import downwards: geometry imports no other room, src/files (the files in a
//   person's folder) only src/common and the client's one error type, api only src/files and
//   src/common, the request nothing of pricing, buying, the ledger or workflows, pricing and the
//   ledger nothing of workflows, stats or cli, stats not workflows, workflows not ui, and the
//   workflow folders in their order (scripts/workflow-order.mjs);
// - webview pages (media/) and the shared webview protocol run in the page: no `vscode`, no Node,
//   and pages import from src/ only src/common, the packed geometry and the protocols;
// - no `any` in protocol files; no floating promise anywhere in src/;
// - one way to read a file in src/: src/files/bounded-read.ts (regular files only, never waited on,
//   within their kind's bound), so no other file imports fs's read functions.
// Run by `npm run lint` and as a step of `npm test`.
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import { WORKFLOW_ORDER } from './scripts/workflow-order.mjs';

const vscode = { name: 'vscode', message: 'Only src/ui and src/extension.ts may import vscode.' };
const ui = { group: ['**/ui', '**/ui/**'], message: 'Only src/extension.ts and src/ui itself may import src/ui.' };
const workflows = {
  group: ['**/workflows', '**/workflows/**'],
  message: 'src/api and src/geometry sit below the workflows.',
};
const api = {
  group: ['**/api', '**/api/**'],
  message: 'src/geometry and src/common do not depend on the service client.',
};
const geometry = {
  group: ['**/geometry', '**/geometry/**'],
  message: 'src/api and src/common do not depend on geometry.',
};
const statsBelow = 'src/stats sits below the workflows: it takes the STAC names from src/files/stac-names.ts.';
const stats = {
  group: ['**/stats', '**/stats/**'],
  message: 'The statistics sit above this room: only the hosts (src/ui, src/cli) use them.',
};
const raster = {
  group: ['**/raster', '**/raster/**'],
  message: 'The service client and the files sit below the raster core.',
};
const cli = { group: ['**/cli', '**/cli/**'], message: 'Only the command line itself imports src/cli.' };
const pricing = {
  group: ['**/pricing', '**/pricing/**'],
  message: 'src/request sits below src/pricing: a price is of a request, never the other way.',
};
const aboveRequest = {
  group: ['**/buying', '**/buying/**', '**/ledger', '**/ledger/**'],
  message: 'src/request shapes the body of a call; buying and the ledger sit above it.',
};
const apiButErrors = {
  regex: '(^|/)api(/(?!errors$)|$)',
  message: 'src/files imports of src/api only its error type (errors.ts).',
};
const filesButReader = {
  regex: '(^|/)files(/(?!bounded-read$)|$)',
  message: 'The raster core takes of src/files only the bounded reader.',
};
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)].map((name) => ({
  name,
  message: 'Webview pages run in the browser: no Node built-ins.',
}));
const restrict = (paths, patterns) => ['error', { paths, patterns }];

// One block a workflow folder: it imports no folder of its rank or above in WORKFLOW_ORDER (a
// sibling by `../<folder>`, any by a path through `workflows/<folder>`), type-only imports too.
const folderRanks = Object.entries(WORKFLOW_ORDER);
const order = folderRanks.map(([name]) => name).join(', ');
const workflowFolderBlocks = folderRanks.map(([folder, rank]) => ({
  files: [`src/workflows/${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': restrict(
      [vscode],
      [
        ui,
        ...folderRanks
          .filter(([other, otherRank]) => other !== folder && otherRank >= rank)
          .map(([other]) => ({
            regex: `^(\\.\\./)+${other}(/|$)|(^|/)workflows/${other}(/|$)`,
            message: `src/workflows/${folder} sits below src/workflows/${other} (lowest first: ${order}; scripts/workflow-order.mjs).`,
          })),
      ],
    ),
  },
}));

// What reads a file: fs's functions by name (`.` stands for the slash of node:fs/promises), any
// import of fs whole (its read functions would hide behind a name), and a handle's own readers.
const fsModule = '/^(node:)?fs(.promises)?$/';
const readsFile = (names) => [
  {
    selector: `ImportDeclaration[source.value=${fsModule}] > ImportSpecifier[imported.name=/^(${names})$/]`,
    message: 'Read files through src/files/bounded-read.ts (a regular file only, within its bound), not fs directly.',
  },
  {
    selector: `:matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration)[source.value=${fsModule}] > :matches(ImportNamespaceSpecifier, ImportDefaultSpecifier, ExportSpecifier), ExportAllDeclaration[source.value=${fsModule}]`,
    message: 'Import from fs by name, never fs whole: its read functions stay with src/files/bounded-read.ts.',
  },
  {
    selector: `:matches(CallExpression[callee.name='require'], ImportExpression) > Literal[value=${fsModule}]`,
    message: 'Import from fs by name, never fs whole: its read functions stay with src/files/bounded-read.ts.',
  },
  {
    selector: 'MemberExpression[property.name=/^(readFile|readFileSync|createReadStream|readLines)$/]',
    message: 'Read files through src/files/bounded-read.ts (a regular file only, within its bound).',
  },
];
const readFunctions =
  'readFile|readFileSync|createReadStream|read|readSync|readv|readvSync|openAsBlob|copyFile|copyFileSync|cp|cpSync|promises';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'out/**',
      'node_modules/**',
      '.vscode-test/**',
      'bench-results/**',
      'test-results/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  {
    files: ['src/**/*.ts', 'media/**/*.ts', 'test/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    // Others' files may carry directives for rules this config does not run.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
  },
  // Type-aware rules need the TypeScript program; the boundary probe of the lint test is no file of it.
  {
    files: ['src/**/*.ts'],
    ignores: ['**/boundary-probe.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  // The one reader opens files to read; safe-files.ts opens them to write (exclusively), nothing else.
  {
    files: ['src/**/*.ts'],
    ignores: ['src/files/bounded-read.ts', 'src/files/safe-files.ts'],
    rules: { 'no-restricted-syntax': ['error', ...readsFile(`${readFunctions}|open|openSync`)] },
  },
  { files: ['src/files/safe-files.ts'], rules: { 'no-restricted-syntax': ['error', ...readsFile(readFunctions)] } },
  {
    files: ['src/api/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([vscode], [ui, workflows, geometry, stats, raster, cli]) },
  },
  // The files in a person's folder: written safely, read within bounds, kept inside their folder.
  // Its failures are the client's one error type (kind 'file'), which every host already says.
  {
    files: ['src/files/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([vscode], [ui, workflows, geometry, stats, raster, cli, apiButErrors]),
    },
  },
  { files: ['src/geometry/**/*.ts'], rules: { 'no-restricted-imports': restrict([vscode], [ui, workflows, api]) } },
  {
    files: ['src/common/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([vscode, ...nodeBuiltins], [ui, workflows, api, geometry]) },
  },
  { files: ['src/workflows/**/*.ts'], rules: { 'no-restricted-imports': restrict([vscode], [ui]) } },
  ...workflowFolderBlocks,
  // The request sits below the workflows: settings and options to the exact body a billed call
  // sends, the values a person chooses from, and the failures a workflow decides (WorkflowError).
  {
    files: ['src/request/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([vscode], [ui, workflows, stats, cli, pricing, aboveRequest]) },
  },
  // Pricing sits below the workflows too: what an estimate costs, whether the account holds it, and
  // what the cost panel shows of it (its model); it prices requests, so it may import src/request.
  {
    files: ['src/pricing/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([vscode], [ui, workflows, stats, cli]) },
  },
  // Buying sits below the workflows: the spend guard and the fresh price of a billed call.
  {
    files: ['src/buying/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([vscode], [ui, workflows, geometry, stats, cli]) },
  },
  // The purchase ledger sits below the workflows too: the folder's journal, its lock and the names
  // of what was paid for, on src/files and src/common.
  {
    files: ['src/ledger/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([vscode], [ui, workflows, geometry, stats, cli]) },
  },
  // The raster core (GeoTIFF decoding) runs in the extension host, the CLI and the benchmarks alike.
  {
    files: ['src/raster/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([vscode], [ui, workflows, geometry, api, stats, cli, filesButReader]) },
  },
  { files: ['src/cli/**/*.ts'], rules: { 'no-restricted-imports': restrict([vscode], [ui]) } },
  // The statistics sit below the workflows: the STAC names they read are src/files' (stac-names.ts).
  {
    files: ['src/stats/**/*.ts'],
    rules: { 'no-restricted-imports': restrict([vscode], [ui, { ...workflows, message: statsBelow }, cli]) },
  },
  // The page side, and the protocol both sides share. A page takes from src/ exactly what runs in a
  // browser and is meant for it: src/common, the packed geometry (and the geometry types), the
  // panels' protocols and common/messages; nothing of src/api, src/workflows or the panels' hosts.
  {
    files: ['media/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [vscode, ...nodeBuiltins],
        [
          {
            regex: '(^|/)src/(?!(common/[\\w-]+|geometry/(packed|types)|ui/webview/([\\w-]+/)?(protocol|messages))$)',
            message:
              'A page imports from src/ only src/common, src/geometry/packed (and its types), the webview protocols and common/messages.',
          },
        ],
      ),
    },
  },
  {
    files: ['src/ui/webview/**/protocol.ts', 'src/ui/webview/**/protocol-*.ts', 'src/ui/webview/common/messages.ts'],
    rules: {
      'no-restricted-imports': restrict([vscode, ...nodeBuiltins], []),
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
);
