// Runs the raster core on a file in a worker thread under a time bound and a memory bound: the
// worker's heap is limited (resourceLimits), the process's resident memory is sampled while the
// file is read, and a file that takes too long ends the worker (a new one serves the next file).
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ProbeAnswer, ProbeRequest } from './raster-probe-worker';

export type ProbeResult = (ProbeAnswer | { outcome: 'timeout' } | { outcome: 'memory'; message: string }) & {
  ms: number;
  peakGrowthMb: number;
};

export interface ProbeBounds {
  timeMs: number;
  /** Growth of the process's resident memory over its size before the file. */
  memoryMb: number;
}

export class RasterProbe {
  private worker: Worker | undefined;
  private nextId = 1;

  constructor(private readonly bounds: ProbeBounds) {}

  private start(): Worker {
    // workerData set: geotiff.js's web-worker shim, loaded in a worker thread without it, takes the thread for its own.
    this.worker ??= new Worker(join(__dirname, 'raster-probe-worker.js'), {
      workerData: {},
      resourceLimits: { maxOldGenerationSizeMb: this.bounds.memoryMb },
    });
    return this.worker;
  }

  async probe(file: string, targetWidth = 128): Promise<ProbeResult> {
    const worker = this.start();
    const id = this.nextId++;
    const started = Date.now();
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const result = await new Promise<ProbeAnswer | { outcome: 'timeout' } | { outcome: 'memory'; message: string }>(
      (resolve) => {
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage.rss());
          if (peak - baseline > this.bounds.memoryMb * 1024 * 1024)
            finish({
              outcome: 'memory',
              message: `resident memory grew by ${Math.round((peak - baseline) / 1048576)} MB`,
            });
        }, 10);
        const timer = setTimeout(() => finish({ outcome: 'timeout' }), this.bounds.timeMs);
        const onMessage = (answer: ProbeAnswer) => answer.id === id && finish(answer);
        const onError = (error: Error) => finish({ outcome: 'memory', message: error.message });
        const finish = (answer: ProbeAnswer | { outcome: 'timeout' } | { outcome: 'memory'; message: string }) => {
          clearInterval(sampler);
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          if (answer.outcome === 'timeout' || answer.outcome === 'memory') void this.stop();
          resolve(answer);
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.postMessage({ id, file, targetWidth } satisfies ProbeRequest);
      },
    );
    return { ...result, ms: Date.now() - started, peakGrowthMb: Math.round((peak - baseline) / 1048576) };
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
