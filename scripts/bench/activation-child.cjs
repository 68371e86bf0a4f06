// One cold measurement, in its own process: require the bundle (with `vscode` served by the stub)
// and run activate(). Prints JSON { requireMs, activateMs, totalMs }.
'use strict';
const Module = require('node:module');
const path = require('node:path');
const { vscode, makeContext } = require('./vscode-stub.cjs');

const bundle = path.resolve(process.argv[2]);
const originalLoad = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'vscode') return vscode;
  return originalLoad.call(this, request, parent, isMain);
};

(async () => {
  const t0 = process.hrtime.bigint();
  const ext = require(bundle);
  const t1 = process.hrtime.bigint();
  const context = makeContext(path.dirname(path.dirname(bundle)));
  await ext.activate(context);
  const t2 = process.hrtime.bigint();
  const ms = (a, b) => Number(b - a) / 1e6;
  process.stdout.write(JSON.stringify({ requireMs: ms(t0, t1), activateMs: ms(t1, t2), totalMs: ms(t0, t2) }));
  process.exit(0);
})().catch((err) => {
  console.error(err && err.stack ? err.stack : String(err));
  process.exit(1);
});
