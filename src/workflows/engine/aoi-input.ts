// Reads the AOI of a workflow's document with the geometry module, and stops on an invalid
// geometry before any request is made: the error carries every problem at its position.
import { readAoi } from '../../geometry/index';
import type { Aoi, AoiReadResult, GeometryProblem } from '../../geometry/types';
import { WorkflowError } from '../../request/workflow-error';
import { honestProgress } from './honest-progress';
import type { AoiSource, WorkflowPorts } from './ports';

/** A workflow's start on an area: its ports, whose prompts clear the progress message, and its
 * area, read or refused with every problem before any request. */
export function startOnArea(ports: WorkflowPorts, source: AoiSource): { ports: WorkflowPorts; aoi: Aoi } {
  return { ports: honestProgress(ports), aoi: readAoiOrThrow(source).aoi };
}

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
