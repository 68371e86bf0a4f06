// A mocha reporter: mocha's spec output as usual and, when MOCHA_FILE_TIMES names a file, the time
// of each test file (its tests' durations added up) merged into that JSON file when the run ends.
// scripts/test-select.mjs hands the files to the next run slowest first, so the parallel workers
// finish together instead of one waiting on a long file it started last.
'use strict';
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, relative } = require('node:path');
const Mocha = require('mocha');

const { EVENT_TEST_END, EVENT_RUN_END } = Mocha.Runner.constants;

class FileTimesReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const out = process.env.MOCHA_FILE_TIMES;
    if (!out) return;
    const times = {};
    runner.on(EVENT_TEST_END, (test) => {
      if (!test.file) return;
      const file = relative(process.cwd(), test.file);
      times[file] = (times[file] ?? 0) + (test.duration ?? 0);
    });
    runner.once(EVENT_RUN_END, () => {
      let known = {};
      try {
        if (existsSync(out)) known = JSON.parse(readFileSync(out, 'utf8'));
      } catch {
        known = {}; // a broken file only loses the order of one run
      }
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, JSON.stringify({ ...known, ...times }, null, 1));
    });
  }
}

module.exports = FileTimesReporter;
