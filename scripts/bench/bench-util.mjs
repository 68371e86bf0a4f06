// Shared pieces of the benchmarks: a simulator in a child process, timing and hashing helpers.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..', '..');
export const requireOut = createRequire(join(root, 'out', 'index.js'));

/** Starts the simulator in its own process; resolves { url, stop() }. */
export function startSimulatorProcess(options) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, 'sim-child.cjs'), JSON.stringify(options)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n')[0];
      if (buffered.includes('\n')) {
        child.stdout.removeAllListeners('data');
        resolve({
          url: line.trim(),
          stop: () =>
            new Promise((done) => {
              child.once('exit', done);
              child.stdin.end();
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`simulator exited early (${code})`)));
  });
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

export function round(x, digits = 2) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

export async function sha256File(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk);
  return hash.digest('hex');
}

/** Runs a command; resolves { code, stdout, ms }. */
export function timed(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
    let stdout = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
  });
}

/** The ideal wall time of `units` of equal work over `slots` connections: whole rounds of
 * `slots` units, each round taking `perUnitMs` (30 units over 4 connections are 8 rounds). */
export function idealWallMs(units, slots, perUnitMs) {
  return Math.ceil(units / slots) * perUnitMs;
}

/** A measured wall time beside its ideal, as one row of the bench table. */
export function idealRow(figure, measuredMs, idealMs, limit = 1.15) {
  return {
    figure,
    ours: round(measuredMs / 1000),
    reference: round(idealMs / 1000),
    referenceName: 'ideal',
    ratio: round(measuredMs / idealMs),
    target: `≤ ${limit} of ideal`,
    met: measuredMs <= limit * idealMs,
  };
}

/** The share of 429 answers (or requests the simulator's limit refused) among `requests`. */
export function limitedRow(figure, requests, limit = 0.02) {
  const limited = requests.filter((r) => r.status === 429 || String(r.outcome).startsWith('limit')).length;
  const share = limited / Math.max(1, requests.length);
  return {
    figure,
    ours: round(100 * share),
    reference: round(100 * limit),
    ratio: null,
    target: `≤ ${round(100 * limit)} %`,
    met: share <= limit,
  };
}
