// One download through the project's client, in its own process so that its memory is its own.
// argv[2]: JSON { url, body, dir }. Prints JSON { ms, bytes, path, rssBaseMiB, rssPeakMiB }.
'use strict';
const path = require('node:path');
const { createClient } = require(path.join(__dirname, '..', '..', 'out', 'src', 'api', 'client.js'));

(async () => {
  const { url, body, dir } = JSON.parse(process.argv[2]);
  const client = createClient({ baseUrl: url, getApiKey: () => 'demo-key', timeoutMs: 120_000 });
  // Before measuring, get where a running extension already is: the network stack loaded, a
  // connection open, the request schemas loaded and the specification document read (the
  // estimate, which is free, does all of it for the same request).
  await client.getApiKeyInfo();
  await client.estimateComposite(body);
  global.gc && global.gc();
  const rssBase = process.memoryUsage.rss();
  let rssPeak = rssBase;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }, 10);
  const start = process.hrtime.bigint();
  const result = await client.downloadComposite(body, { directory: dir, fallbackName: 'bench.tif' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  await client.close();
  process.stdout.write(
    JSON.stringify({
      ms,
      bytes: result.bytes,
      path: result.path,
      rssBaseMiB: rssBase / 2 ** 20,
      rssPeakMiB: rssPeak / 2 ** 20,
    }),
  );
  process.exit(0);
})().catch((err) => {
  console.error(err && err.stack ? err.stack : String(err));
  process.exit(1);
});
