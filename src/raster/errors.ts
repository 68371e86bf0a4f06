// Errors a person can act on: what is wrong with which file, and how large the file is.

export type RasterErrorKind = 'not-tiff' | 'truncated' | 'corrupt' | 'unsupported' | 'io';

export class RasterError extends Error {
  constructor(
    readonly kind: RasterErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'RasterError';
  }
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
