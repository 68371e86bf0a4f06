// One timed alerts run in a fresh process, so its peak memory is its own: `alerts FILE` reads the
// field table FILE with the compiled statistics core (out/) and runs the alert rules over it;
// `reference FILE` is the floor of any reader of that file: the file read as text and split into
// lines, nothing parsed. Prints one JSON line: the milliseconds from the first byte read to the
// last alert (or line), the CPU milliseconds it took (user + system: what a shared machine's load
// does not add to), the peak RSS in MiB and a count to check.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

async function main() {
  const [mode, file] = [process.argv[2], process.argv[3]];
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  let count;
  if (mode === 'reference') {
    count = readFileSync(file, 'utf8').split('\r\n').length - 2;
  } else {
    const alerts = require(join(__dirname, '..', '..', 'out', 'src', 'stats', 'alerts', 'index.js'));
    count = (await alerts.alertsOfTable(file)).length;
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ ms, cpuMs, peakMiB, count }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
