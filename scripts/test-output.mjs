// Reading mocha's spec output, the same for every suite (the unit suite in parallel, the
// integration suite from inside the extension host, the UI suite): its closing counts, its account
// of what failed, and the slowest tests with their times.

/** Mocha's closing lines ("N passing", "N failing", "N pending"); the last of each counts. */
export function mochaCounts(text) {
  const count = (word) => {
    const m = [...text.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'gm'))].pop();
    return m ? Number(m[1]) : 0;
  };
  return { passed: count('passing'), failed: count('failing'), skipped: count('pending') };
}

/**
 * Mocha's account of its failures: the lines from its last "N failing" on, at most `limit` of
 * them, so that the summary at the end of a long log still names what failed and why.
 */
export function failureAccount(text, limit = 60) {
  const starts = [...text.matchAll(/^\s*\d+ failing\b/gm)];
  if (!starts.length) return [];
  const lines = text.slice(starts.at(-1).index).split('\n');
  return lines.length > limit ? [...lines.slice(0, limit), `  … ${lines.length - limit} more lines not shown`] : lines;
}

/**
 * The `count` slowest passing tests, as "  12.3 s  suite › test": the spec reporter prints a
 * test's time after its title when it was slow, and its suites above it, each indented further.
 */
export function slowestTests(text, count) {
  const suites = [];
  const timed = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\u001b\[[0-9;]*m/g, '');
    const test = /^(\s*)[✔✓] (.*) \((\d+)ms\)\s*$/.exec(line);
    if (test) {
      const depth = test[1].length;
      const path = suites.filter((s) => s.depth < depth).map((s) => s.title);
      timed.push({ ms: Number(test[3]), title: [...path, test[2]].join(' › ') });
      continue;
    }
    const suite = /^(\s+)(\S.*)$/.exec(line);
    if (!suite || /^\s*(\d+\)|[✔✓]|\d+ (passing|failing|pending))/.test(line)) continue;
    const depth = suite[1].length;
    while (suites.length && suites.at(-1).depth >= depth) suites.pop();
    suites.push({ depth, title: suite[2].trim() });
  }
  return timed
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(
      (t) =>
        `${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.title.length > 160 ? `${t.title.slice(0, 159)}…` : t.title}`,
    );
}
