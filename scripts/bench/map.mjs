#!/usr/bin/env node
// Map benchmark: the Show on Map page in Debian's Chromium (--disable-gpu, so Canvas 2D), served
// from dist/ over loopback with a stand-in for the VS Code API. Times, in one run:
//  - first frame of a 100,000-vertex AOI: the host building the packed message (geometry read as
//    the diagnostics cache holds it) plus the page drawing it until OpenLayers' rendercomplete
//    (basemap included), against the floor: the same ring stroked once on a plain canvas;
//  - redraw of a 10,000-vertex AOI after an edit: host read + message + page redraw;
//  - the message: packed typed arrays against JSON of nested arrays (size and encode+decode);
//  - a downloaded image's quick-look drawn in place (map-quick-look.mjs).
// `node scripts/bench/map.mjs` after `npm run build && npm run compile-tests`.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { launchBrowser } from '../browser.mjs';
import { median, requireOut, root, round } from './bench-util.mjs';
import { runQuickLookBench } from './map-quick-look.mjs';

const { readAoi } = requireOut('./src/geometry/index.js');
const { buildAoiView } = requireOut('./src/ui/webview/map/aoi-message.js');

function ringWkt(vertices, center = [10.2, 56.15], radius = 0.05) {
  const points = [];
  for (let i = 0; i < vertices - 1; i++) {
    const t = (2 * Math.PI * i) / (vertices - 1);
    const r = radius * (1 + 0.05 * Math.sin(37 * t));
    points.push(`${(center[0] + r * Math.cos(t) * 1.8).toFixed(7)} ${(center[1] + r * Math.sin(t)).toFixed(7)}`);
  }
  points.push(points[0]);
  return `POLYGON ((${points.join(', ')}))`;
}

const HARNESS = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>body{margin:0;--vscode-foreground:#333;--vscode-editor-background:#fff}#app{height:700px;width:1000px}</style></head>
<body class="vscode-light"><main id="app"></main><script>
window.posted = [];
// The panel's side of the basemap messages, as the host answers them: the file from dist/basemap/.
window.acquireVsCodeApi = () => ({ postMessage: (m) => { window.posted.push(m); if (m.type === 'basemapRequest') fetch('/basemap/' + m.path).then((r) => (r.ok ? r.text() : Promise.reject(new Error('no such basemap file')))).then((text) => window.postMessage({ type: 'basemapFile', inReplyTo: m.requestId, text }, '*'), (e) => window.postMessage({ type: 'basemapFile', inReplyTo: m.requestId, error: e.message }, '*')); }, getState: () => undefined, setState: () => {} });
window.decode = (m) => { if (m.polygons) { const b = (s, T) => { const bin = atob(s); const u = new Uint8Array(bin.length); for (let i = 0; i < bin.length; i++) u[i] = bin.charCodeAt(i); return new T(u.buffer); };
  m.polygons = { coordinates: b(m.polygons.coordinates, Float64Array), ringEnds: b(m.polygons.ringEnds, Uint32Array), polygonEnds: b(m.polygons.polygonEnds, Uint32Array) }; } return m; };
</script><script src="/map.js"></script></body></html>`;

function serve() {
  const dist = join(root, 'dist');
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/') return res.end(HARNESS);
    if (process.env.MAP_BENCH_NOBASEMAP && path.startsWith('/basemap/')) return res.writeHead(404).end();
    const file = normalize(join(dist, path));
    if (!file.startsWith(dist)) return res.writeHead(403).end();
    try {
      statSync(file);
    } catch {
      return res.writeHead(404).end();
    }
    res.setHeader(
      'content-type',
      file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/json',
    );
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const b64 = (typed) => Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength).toString('base64');
function forPage(message) {
  const m = { ...message };
  if (m.polygons)
    m.polygons = {
      coordinates: b64(m.polygons.coordinates),
      ringEnds: b64(m.polygons.ringEnds),
      polygonEnds: b64(m.polygons.polygonEnds),
    };
  return m;
}

/** Host side as the panel runs it: the cache's read (timed apart), then the message. */
function hostMessage(text, fit) {
  const result = readAoi(text, 'wkt');
  const started = performance.now();
  const view = buildAoiView('bench.wkt', text, result, undefined, fit);
  return { message: view.message, buildMs: performance.now() - started, result };
}

/** Posts `message` to the page; resolves with its two reports: the first frame showing the AOI
 * and the complete drawing (basemap included). */
async function pageDraw(page, message) {
  const drawn = () => window.posted.filter((m) => m.type === 'drawn' && m.phase !== 'layers');
  const count = await page.evaluate(`(${drawn})().length`);
  await page.evaluate((m) => window.postMessage(window.decode(m), '*'), forPage(message));
  await page.waitForFunction(`(${drawn})().length >= ${count + 2}`, undefined, { timeout: 60_000 });
  const [first, complete] = await page.evaluate(`(${drawn})().slice(${count}, ${count + 2})`);
  if (first.phase !== 'frame' || complete.phase !== 'complete')
    throw new Error('the page reported its frames out of order');
  return { ms: first.ms, completeMs: complete.ms, basemapScales: complete.basemapScales };
}

export async function runMapBench({ runs = 5 } = {}) {
  const server = await serve();
  const browser = await launchBrowser();
  const rows = [];
  try {
    const url = `http://127.0.0.1:${server.address().port}/`;
    const big = ringWkt(100_000);
    const firstFrames = [];
    const completes = [];
    const floors = [];
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
      await page.goto(url);
      await page.waitForFunction(() => window.posted.some((m) => m.type === 'ready'));
      const host = hostMessage(big, true);
      const drawn = await pageDraw(page, host.message);
      firstFrames.push(host.buildMs + drawn.ms);
      completes.push(host.buildMs + drawn.completeMs);
      if (process.env.MAP_BENCH_DEBUG)
        console.log('first', { host: host.buildMs, page: drawn.ms, scales: drawn.basemapScales });
      // The floor: the same 100,000 positions stroked once on a bare canvas.
      floors.push(
        await page.evaluate((coords) => {
          const started = performance.now();
          const canvas = document.createElement('canvas');
          canvas.width = 1000;
          canvas.height = 700;
          document.body.append(canvas);
          const ctx = canvas.getContext('2d');
          ctx.beginPath();
          for (let k = 0; k < coords.length; k += 2) ctx.lineTo((coords[k] - 10) * 2000, (56.3 - coords[k + 1]) * 2000);
          ctx.stroke();
          ctx.getImageData(0, 0, 1, 1);
          return performance.now() - started;
        }, Array.from(host.message.polygons.coordinates)),
      );
      await page.close();
    }
    const first = median(firstFrames);
    const floor = median(floors);
    const complete = median(completes);
    rows.push({
      figure: 'map: first frame, 100,000-vertex AOI (ms)',
      ours: round(first, 0),
      reference: round(floor, 1),
      ratio: round(first / floor, 1),
      target: '≤ 500 ms',
      met: first <= 500,
    });
    // Not a target: the basemap (for this AOI the 1:10m cells around it) arrives after the AOI is on screen.
    rows.push({
      figure: 'map: same, until the basemap is drawn too (ms)',
      ours: round(complete, 0),
      reference: round(first, 0),
      ratio: round(complete / first, 1),
      target: 'reported',
      met: true,
    });

    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    await page.goto(url);
    await page.waitForFunction(() => window.posted.some((m) => m.type === 'ready'));
    const small = ringWkt(10_000);
    await pageDraw(page, hostMessage(small, true).message);
    const redraws = [];
    const reads = [];
    for (let i = 0; i < runs; i++) {
      // An edit that moves every vertex, so nothing is reused from the previous drawing.
      const edited = ringWkt(10_000, [10.2, 56.15], 0.05 + 0.001 * (i + 1));
      const started = performance.now();
      const result = readAoi(edited, 'wkt');
      const readMs = performance.now() - started;
      const view = buildAoiView('bench.wkt', edited, result, undefined, false);
      const hostMs = performance.now() - started;
      const drawn = await pageDraw(page, view.message);
      redraws.push(hostMs + drawn.ms);
      if (process.env.MAP_BENCH_DEBUG) console.log('redraw', { host: hostMs, page: drawn.ms });
      reads.push(readMs);
    }
    await page.close();
    const redraw = median(redraws);
    const read = median(reads);
    rows.push({
      figure: 'map: redraw after an edit, 10,000 vertices (ms, after the debounce)',
      ours: round(redraw, 0),
      reference: round(read, 1),
      ratio: round(redraw / read, 1),
      target: '≤ 150 ms',
      met: redraw <= 150,
    });

    // The message: packed typed arrays against nested JSON arrays, 1,000,000 vertices.
    const million = readAoi(ringWkt(1_000_000), 'wkt');
    const view = buildAoiView('m.wkt', '', million, undefined, false);
    const packedBytes =
      view.message.polygons.coordinates.byteLength +
      view.message.polygons.ringEnds.byteLength +
      view.message.polygons.polygonEnds.byteLength;
    let started = performance.now();
    const json = JSON.stringify(million.aoi.polygons);
    JSON.parse(json);
    const jsonMs = performance.now() - started;
    started = performance.now();
    const copy = new Float64Array(view.message.polygons.coordinates);
    const packMs = performance.now() - started;
    if (copy.length !== view.message.polygons.coordinates.length) throw new Error('copy lost data');
    rows.push({
      figure: 'map: message of a 1,000,000-vertex AOI, MB (packed vs JSON of all vertices)',
      ours: round(packedBytes / 1e6, 1),
      reference: round(json.length / 1e6, 1),
      ratio: round(packedBytes / json.length, 2),
      target: 'smaller than JSON',
      met: packedBytes < json.length,
    });
    rows.push({
      figure: 'map: that message copied (ms; JSON stringify+parse of all vertices as reference)',
      ours: round(packMs, 1),
      reference: round(jsonMs, 0),
      ratio: round(packMs / jsonMs, 3),
      target: 'faster than JSON',
      met: packMs < jsonMs,
    });
  } finally {
    await browser.close();
    server.close();
  }
  rows.push(...(await runQuickLookBench({ runs })));
  rows.push(vsixSize());
  return rows;
}

/** The whole package, basemap included, as `npm run package` makes it (into a scratch folder). */
function vsixSize() {
  const dir = mkdtempSync(join(tmpdir(), 'sat-imagery-vsix-'));
  try {
    const file = join(dir, 'bench.vsix');
    execFileSync('npm', ['run', '--silent', 'package', '--', '-o', file], { cwd: root, stdio: 'ignore' });
    const mb = statSync(file).size / 1e6;
    const folder = join(root, 'dist', 'basemap');
    const basemap =
      readdirSync(folder, { recursive: true })
        .map((name) => statSync(join(folder, name)))
        .filter((s) => s.isFile())
        .reduce((sum, s) => sum + s.size, 0) / 1e6;
    return {
      figure: 'map: whole .vsix with the basemap (MB; the basemap files unpacked as reference)',
      ours: round(mb, 2),
      reference: round(basemap, 2),
      ratio: round(mb / basemap, 2),
      target: '≤ 15 MB',
      met: mb <= 15,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    // The production build replaced the development bundles: rebuild them as the tests expect.
    execFileSync('node', ['esbuild.mjs'], { cwd: root, stdio: 'ignore' });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await runMapBench());
}
