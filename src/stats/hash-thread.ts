// The sha256 of images off the main thread, one thread for every file a run hashes. A thread of
// its own per file cost about 30 ms of processor to start (12 images: 0.36 s, a third of what the
// rasterio reference spends on the whole table), for 6 ms of hashing each; one thread started once
// hashes the files in turn, and ends when it has had nothing to do for a while (unreferenced
// meanwhile: an idle thread never keeps a process alive).
import { Worker } from 'node:worker_threads';
import type { BoundedFile } from '../files/bounded-read';

/** The thread's whole program (no file of its own, so the bundles need no second entry). It opens
 * nothing: it reads the descriptor the bounded reader opened and checked (a regular file, within
 * its bound) on the main thread, up to the size it had then, in positioned reads. */
const HASH_THREAD = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { readSync } = require('node:fs');
const buffer = Buffer.allocUnsafe(1048576);
parentPort.on('message', ({ fd, size }) => {
  try {
    const hash = createHash('sha256');
    for (let position = 0; position < size; ) {
      const read = readSync(fd, buffer, 0, Math.min(buffer.length, size - position), position);
      if (read === 0) break;
      hash.update(buffer.subarray(0, read));
      position += read;
    }
    parentPort.postMessage({ sha256: hash.digest('hex') });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

/** How long the thread waits for another file before it ends. */
const IDLE_MS = 2000;

interface Job {
  file: BoundedFile;
  signal: AbortSignal | undefined;
  resolve: (sha256: string) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
}

let worker: Worker | undefined;
let running: Job | undefined;
const waiting: Job[] = [];
let idleTimer: NodeJS.Timeout | undefined;

/** The file's sha256 from the hashing thread. Settles once the thread has stopped reading the
 * file (done, or the thread ended on an abort), so the caller never closes the file (and its
 * descriptor is never reused) under it. */
export function hashOnThread(file: BoundedFile, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const job: Job = { file, signal, resolve, reject, onAbort: () => abort(job) };
    signal?.addEventListener('abort', job.onAbort, { once: true });
    waiting.push(job);
    next();
  });
}

function settle(job: Job, outcome: { sha256: string } | { error: unknown }): void {
  job.signal?.removeEventListener('abort', job.onAbort);
  if ('sha256' in outcome) job.resolve(outcome.sha256);
  else job.reject(outcome.error);
}

/** A file still waiting leaves the queue; the one being read ends the thread with it. */
function abort(job: Job): void {
  const at = waiting.indexOf(job);
  if (at >= 0) {
    waiting.splice(at, 1);
    settle(job, { error: job.signal?.reason });
    return;
  }
  if (running !== job) return;
  const ending = worker;
  worker = undefined;
  running = undefined;
  const done = () => {
    settle(job, { error: job.signal?.reason });
    next();
  };
  void ending?.terminate().then(done, done);
}

function next(): void {
  if (running) return;
  const job = waiting.shift();
  if (!job) {
    idleTimer = setTimeout(stop, IDLE_MS);
    idleTimer.unref();
    worker?.unref();
    return;
  }
  clearTimeout(idleTimer);
  running = job;
  const thread = (worker ??= start());
  thread.ref();
  thread.postMessage({ fd: job.file.fd, size: job.file.size });
}

function start(): Worker {
  const thread = new Worker(HASH_THREAD, { eval: true });
  thread.on('message', (answer: { sha256?: string; error?: string }) => {
    const job = running;
    running = undefined;
    if (job)
      settle(
        job,
        typeof answer.sha256 === 'string'
          ? { sha256: answer.sha256 }
          : { error: new Error(answer.error ?? 'the file could not be hashed') },
      );
    next();
  });
  // A thread that fails or ends by itself fails the file it was reading; the next file starts another.
  const lost = (error: unknown) => {
    if (worker !== thread) return;
    worker = undefined;
    const job = running;
    running = undefined;
    if (job) settle(job, { error });
    next();
  };
  thread.on('error', lost);
  thread.on('exit', (code) => lost(new Error(`the hashing thread ended (exit code ${code})`)));
  return thread;
}

function stop(): void {
  if (running || waiting.length > 0) return;
  const idle = worker;
  worker = undefined;
  void idle?.terminate();
}
