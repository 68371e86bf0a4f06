// The area file named after the verb ('-' for standard input), handed to the workflows as an
// AoiSource: the same reader as the editor's diagnostics reads it, so a problem is reported at
// the same line and column.
import { extname } from 'node:path';
import { AREA_FILE_LIMIT, readTextBounded } from '../files/bounded-read';
import type { GeometryProblem } from '../geometry/types';
import type { AoiSource } from '../workflows/engine/ports';
import { CliError, ExitCode, UsageError } from './exit-codes';
import { unreadableFileMessage } from './file-errors';

export async function readAreaSource(
  argument: string | undefined,
  verb: string,
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<AoiSource> {
  if (argument === undefined)
    throw new UsageError(`'${verb}' needs an area file (GeoJSON or WKT) after the verb, or '-' for standard input.`);
  if (argument === '-') return { text: await readAll(stdin), name: '<stdin>', format: 'auto' };
  let text: string;
  try {
    text = await readTextBounded(argument, AREA_FILE_LIMIT);
  } catch (error) {
    throw new CliError(unreadableFileMessage('the area file', argument, error), ExitCode.localFile);
  }
  const extension = extname(argument).toLowerCase();
  const format = extension === '.wkt' ? 'wkt' : extension === '.geojson' || extension === '.json' ? 'geojson' : 'auto';
  return { text, name: argument, format };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** "fields.geojson:3:14: error: ring is not closed", one line per problem, errors first. */
export function problemLines(name: string, problems: readonly GeometryProblem[]): string[] {
  const ordered = [...problems].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return ordered.map(
    (p) => `${name}:${p.range.start.line + 1}:${p.range.start.column + 1}: ${p.severity}: ${p.message}`,
  );
}
