// Opens each file it is sent through the raster core's public entry points (metadata, a view, a
// pixel's values) and answers how it ended: a valid result or an error, with the error's type.
import { parentPort } from 'node:worker_threads';
import { RasterError, RasterFile, readPixel, renderView } from '../../../src/raster';

export interface ProbeRequest {
  id: number;
  file: string;
  targetWidth: number;
}

export type ProbeAnswer =
  | { id: number; outcome: 'valid'; width: number; height: number }
  | { id: number; outcome: 'error'; name: string; kind: string | undefined; message: string };

async function probe({ id, file, targetWidth }: ProbeRequest): Promise<ProbeAnswer> {
  try {
    const raster = await RasterFile.open(file);
    try {
      const { width, height } = raster.metadata;
      const view = await renderView(raster, { targetWidth });
      await readPixel(raster, { column: width >> 1, row: height >> 1 });
      return { id, outcome: 'valid', width: view.width, height: view.height };
    } finally {
      await raster.close();
    }
  } catch (error) {
    const e = error as Error;
    return {
      id,
      outcome: 'error',
      name: error instanceof RasterError ? 'RasterError' : e.name,
      kind: error instanceof RasterError ? error.kind : undefined,
      message: String(e.message),
    };
  }
}

parentPort?.on('message', (request: ProbeRequest) => {
  void probe(request).then((answer) => parentPort?.postMessage(answer));
});
