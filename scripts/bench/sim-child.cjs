// Runs the compiled simulator in its own process for the benchmarks, so that server and client
// do not share an event loop. argv[2]: JSON of SimulatorOptions. Prints the URL, then serves
// until stdin closes or a signal arrives.
'use strict';
const path = require('node:path');
const { startSimulator } = require(path.join(__dirname, '..', '..', 'out', 'test', 'simulator', 'index.js'));

(async () => {
  const sim = await startSimulator(JSON.parse(process.argv[2] || '{}'));
  process.stdout.write(`${sim.url}\n`);
  const stop = () => sim.close().finally(() => process.exit(0));
  process.stdin.on('end', stop);
  process.stdin.resume();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
})();
