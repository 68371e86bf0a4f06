// One timed view in a fresh process (so peak memory is this view's alone): opens the file with
// the compiled raster core (out/), renders a stretched RGBA of the given width from bands 3-2-1,
// then optionally times pixel lookups at full resolution. Prints one JSON line.
const { join } = require('node:path');
const raster = require(join(__dirname, '..', '..', 'out', 'src', 'raster', 'index.js'));

async function main() {
  const [file, width, lookups] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4] || 0)];
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const start = process.hrtime.bigint();
  const file0 = await raster.RasterFile.open(file);
  const view = await raster.renderView(file0, {
    targetWidth: width,
    mapping: { id: 'bench', label: 'bands 3-2-1', bands: [2, 1, 0] },
  });
  const viewMs = Number(process.hrtime.bigint() - start) / 1e6;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  const times = [];
  const { width: w, height: h } = file0.metadata;
  let seed = 7;
  for (let i = 0; i < lookups; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const x = seed % w;
    const y = Math.floor(seed / w) % h;
    const t = process.hrtime.bigint();
    await raster.readPixel(file0, { column: x, row: y });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  await file0.close();
  times.sort((a, b) => a - b);
  const opaque = view.rgba.reduce((n, v, i) => (i % 4 === 3 && v === 255 ? n + 1 : n), 0);
  console.log(
    JSON.stringify({
      viewMs,
      width: view.width,
      height: view.height,
      level: view.level,
      opaque,
      peakGrowthMiB: (peak - baseline) / 1024 / 1024,
      lookupMedianMs: times[Math.floor(times.length / 2)] ?? null,
      lookupP95Ms: times[Math.floor(times.length * 0.95)] ?? null,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
