// What a stored number means (docs/engineering-notes.md, "What the pixels mean"): INT16 bands are
// reflectance × 10000 (harmonised data; (DN − 1000) / 10000 when not harmonised), index bands
// in brackets ([B8_B4]) are value × 32767; UINT8 has no documented scale and stays a number.
// A GDAL SCALE/OFFSET in the file wins over these rules.
import type { DataType } from './samples';

export type ValueRule =
  | { kind: 'reflectance'; scale: number; offset: number }
  | { kind: 'index'; scale: number; offset: number }
  | { kind: 'number'; scale: 1; offset: 0 };

const REFLECTANCE_SCALE = 1 / 10000;
const INDEX_SCALE = 1 / 32767;

export function isIndexBand(name: string): boolean {
  return /^\[\w+_\w+\]$/.test(name);
}

export function bandValueRule(
  name: string,
  dataType: DataType,
  fromFile: { scale?: number; offset?: number },
  harmonised = true,
): ValueRule {
  const index = isIndexBand(name);
  if (fromFile.scale !== undefined)
    return { kind: index ? 'index' : 'reflectance', scale: fromFile.scale, offset: fromFile.offset ?? 0 };
  if (index && dataType === 'int16') return { kind: 'index', scale: INDEX_SCALE, offset: 0 };
  if (dataType === 'int16' || dataType === 'uint16')
    return { kind: 'reflectance', scale: REFLECTANCE_SCALE, offset: harmonised ? 0 : -0.1 };
  return { kind: 'number', scale: 1, offset: 0 };
}

/** The value of a stored number under a rule (undefined for nodata). */
export function valueOf(raw: number, rule: ValueRule, nodata: number | undefined): number | undefined {
  if (Number.isNaN(raw) || raw === nodata) return undefined;
  return raw * rule.scale + rule.offset;
}
