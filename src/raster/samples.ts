// Turning a decoded block's bytes into sample values: the typed array of the band's data type,
// byte order, and the horizontal predictor undone on one row at a time.
import { RasterError } from './errors';

export type DataType = 'uint8' | 'int8' | 'uint16' | 'int16' | 'uint32' | 'int32' | 'float32' | 'float64';
export type SampleArray =
  Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

export function dataTypeOf(sampleFormat: number, bits: number): DataType {
  const kind = sampleFormat === 2 ? 'int' : sampleFormat === 3 ? 'float' : 'uint';
  const name = `${kind}${bits}`;
  if (!['uint8', 'int8', 'uint16', 'int16', 'uint32', 'int32', 'float32', 'float64'].includes(name)) {
    throw new RasterError('unsupported', `Samples of ${bits} bits, format ${sampleFormat}, are not supported.`);
  }
  return name as DataType;
}

const CONSTRUCTORS = {
  uint8: Uint8Array,
  int8: Int8Array,
  uint16: Uint16Array,
  int16: Int16Array,
  uint32: Uint32Array,
  int32: Int32Array,
  float32: Float32Array,
  float64: Float64Array,
} as const;

/** A typed view of `count` samples of bytes starting at `byteOffset`; copied when unaligned. */
export function sampleView(type: DataType, bytes: Uint8Array, byteOffset: number, count: number): SampleArray {
  const Ctor = CONSTRUCTORS[type];
  const size = Ctor.BYTES_PER_ELEMENT;
  const start = bytes.byteOffset + byteOffset;
  if (start % size === 0 && byteOffset + count * size <= bytes.byteLength)
    return new Ctor(bytes.buffer as ArrayBuffer, start, count);
  const copy = new Uint8Array(count * size);
  copy.set(bytes.subarray(byteOffset, Math.min(bytes.byteLength, byteOffset + count * size)));
  return new Ctor(copy.buffer, 0, count);
}

/** Big-endian samples to the machine's (little-endian) order, in place. */
export function swapBytes(bytes: Uint8Array, byteOffset: number, byteLength: number, size: number): void {
  if (size === 1) return;
  for (let i = byteOffset; i + size <= byteOffset + byteLength; i += size) {
    for (let a = i, b = i + size - 1; a < b; a++, b--) {
      const t = bytes[a] as number;
      bytes[a] = bytes[b] as number;
      bytes[b] = t;
    }
  }
}

/** Undoes predictor 2 on one channel of one row: the samples start, start + stride, … below end,
 * each plus the one `stride` samples to its left. Every channel of a row interleaved by pixel
 * (stride: samples per pixel) is a running sum of its own, so a channel not read is left alone. */
export function undoHorizontalPredictor(samples: SampleArray, start: number, end: number, stride: number): void {
  // The typed array wraps integer sums exactly as the TIFF specification's modular arithmetic.
  for (let i = start + stride; i < end; i += stride)
    samples[i] = (samples[i] as number) + (samples[i - stride] as number);
}
