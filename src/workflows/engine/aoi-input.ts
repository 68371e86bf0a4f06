// Reads the AOI of a workflow's document with the geometry module, and stops on an invalid
// geometry before any request is made: the error carries every problem at its position.
import { readAoi } from '../../geometry/index';
import type { Aoi, AoiReadResult, GeometryProblem } from '../../geometry/types';
import { WorkflowError } from './errors';
import type { AoiSource } from './ports';

export function readAoiOrThrow(source: AoiSource): { aoi: Aoi; warnings: string[] } {
  const format = source.format ?? 'auto';
  const result: AoiReadResult = source.reader
    ? source.reader.read(source.text, format, source.document)
    : readAoi(source.text, format);
  if (!result.ok) {
    const errors = result.problems.filter((p: GeometryProblem) => p.severity === 'error');
    const first = errors[0] ?? result.problems[0];
    const where = first ? ` (line ${first.range.start.line + 1}, column ${first.range.start.column + 1})` : '';
    const reason = (first?.message ?? 'unknown problem').replace(/\.$/, '');
    const message = `${source.name} is not a valid area of interest${where}: ${reason}. Nothing was sent.`;
    throw new WorkflowError('invalid-geometry', message, result.problems);
  }
  return { aoi: result.aoi, warnings: result.problems.map((p: GeometryProblem) => p.message) };
}
