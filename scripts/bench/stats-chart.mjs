#!/usr/bin/env node
// Field statistics chart benchmark: the panel's page in Debian's Chromium (--disable-gpu, so
// Canvas 2D), served from dist/ over loopback with a stand-in for the VS Code API. The first frame
// of 1,000 fields × 52 dates (52,000 rows): the host packing the rows (packed-table.ts) plus the
// page validating the message, building the list, table and chart and drawing them, until the
// frame after the one that showed them (two animation frames: layout and paint included). Side by side with the same page's first frame of an empty table in the
// same browser (what the page costs at all); the target is the budget, 300 ms.
// `node scripts/bench/stats-chart.mjs` after `npm run build && npm run compile-tests`.
import { createServer } from 'node:http';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { launchBrowser } from '../browser.mjs';
import { median, requireOut, root, round } from './bench-util.mjs';

const { packTable } = requireOut('./src/ui/webview/stats/packed-table.js');

const HARNESS = `<!DOCTYPE html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/media/webview.css"><style>
body{--vscode-foreground:#333;--vscode-editor-background:#fff;--vscode-descriptionForeground:#717171;--vscode-charts-blue:#1a85ff;--vscode-charts-orange:#d18616;--vscode-charts-green:#388a34;--vscode-charts-purple:#652d90;--vscode-charts-red:#e51400;--vscode-charts-yellow:#bf8803}</style></head>
<body class="vscode-light"><main id="app"></main><script>
window.posted = [];
window.acquireVsCodeApi = () => ({ postMessage: (m) => { window.posted.push({ m, at: performance.now() }); if (m.type === 'rendered' && window.frameAt === undefined) requestAnimationFrame(() => requestAnimationFrame(() => { window.frameAt ??= performance.now(); })); }, getState: () => undefined, setState: () => {} });
window.decode = (t) => { const b = (s, T) => { const bin = atob(s); const u = new Uint8Array(bin.length); for (let i = 0; i < bin.length; i++) u[i] = bin.charCodeAt(i); return new T(u.buffer); };
  return { ...t, field: b(t.field, Uint32Array), date: b(t.date, Uint32Array), index: b(t.index, Uint32Array), stats: b(t.stats, Float64Array) }; };
</script><script src="/dist/field-stats.js"></script></body></html>`;

function serve() {
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/') return res.end(HARNESS);
    const file = normalize(join(root, path));
    if (!(file.startsWith(join(root, 'dist')) || file === join(root, 'media', 'webview.css')))
      return res.writeHead(403).end();
    try {
      statSync(file);
    } catch {
      return res.writeHead(404).end();
    }
    res.setHeader('content-type', file.endsWith('.js') ? 'text/javascript' : 'text/css');
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** 1,000 fields × 52 weekly dates of NDVI-like seasons, every statistic filled, some dates cloudy. */
export function benchRows(fieldCount = 1000, dateCount = 52) {
  const rows = [];
  const fields = Array.from({ length: fieldCount }, (_, f) => `field-${String(f + 1).padStart(4, '0')}`);
  for (let d = 0; d < dateCount; d++) {
    const date = new Date(Date.UTC(2025, 0, 5) + d * 7 * 86_400_000).toISOString().slice(0, 10);
    for (let f = 0; f < fieldCount; f++) {
      const mean = 0.2 + 0.5 * Math.sin(Math.PI * (d / dateCount)) * (0.7 + 0.3 * Math.sin(f)) + 0.02 * Math.sin(f * d);
      const valid = (f + d) % 9 === 0 ? 0.2 : 1;
      rows.push({
        field: fields[f],
        date,
        index: 'ndvi',
        mean,
        median: mean,
        std: 0.05,
        min: mean - 0.2,
        max: mean + 0.2,
        p10: mean - 0.1,
        p25: mean - 0.05,
        p75: mean + 0.05,
        p90: mean + 0.1,
        valid_pixels: 400,
        nodata_pixels: 0,
        valid_fraction: valid,
        image: `img-${date}.tif`,
      });
    }
  }
  return { rows, fields };
}

const b64 = (typed) => Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength).toString('base64');

/** The time from the host packing the rows to the page's first frame after its first draw. */
async function firstFrame(browser, url, rows, fields) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.posted.some((p) => p.m.type === 'ready'));
    const started = performance.now();
    const table = packTable(rows, fields, ['ndvi']);
    const packMs = performance.now() - started;
    const wire = {
      ...table,
      field: b64(table.field),
      date: b64(table.date),
      index: b64(table.index),
      stats: b64(table.stats),
    };
    const show = {
      type: 'show',
      title: 'Field statistics: bench',
      subtitle: 'bench',
      validThreshold: 0.5,
      failures: [],
      table: wire,
    };
    // The decoding of base64 stands in for postMessage's structured clone and is timed apart.
    const pageMs = await page.evaluate(async (message) => {
      const decoded = { ...message, table: window.decode(message.table) };
      const sent = performance.now();
      window.postMessage(decoded, '*');
      while (window.frameAt === undefined) await new Promise((r) => setTimeout(r, 5));
      return window.frameAt - sent;
    }, show);
    const rendered = await page.evaluate(() => window.posted.find((p) => p.m.type === 'rendered').m);
    if (process.env.STATS_BENCH_DEBUG) console.log({ packMs, pageMs, drawMs: rendered.drawMs });
    return { ms: packMs + pageMs, lines: rendered.lines };
  } finally {
    await page.close();
  }
}

export async function runStatsChartBench({ runs = 5 } = {}) {
  if (!existsSync(join(root, 'dist', 'field-stats.js')))
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  const server = await serve();
  const browser = await launchBrowser();
  try {
    const url = `http://127.0.0.1:${server.address().port}/`;
    const { rows, fields } = benchRows();
    const full = [];
    const empty = [];
    let lines = 0;
    for (let i = 0; i < runs; i++) {
      const drawn = await firstFrame(browser, url, rows, fields);
      full.push(drawn.ms);
      lines = drawn.lines;
      empty.push((await firstFrame(browser, url, [], [])).ms);
    }
    const ours = median(full);
    const reference = median(empty);
    if (lines !== 1000) throw new Error(`the page drew ${lines} lines, not one per field`);
    return [
      {
        figure: 'stats chart: first frame, 1,000 fields × 52 dates (ms; reference: the empty table)',
        ours: round(ours, 0),
        reference: round(reference, 0),
        ratio: round(ours / reference, 1),
        target: '≤ 300 ms',
        met: ours <= 300,
      },
    ];
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await runStatsChartBench());
