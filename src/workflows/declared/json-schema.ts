// The JSON Schema VS Code checks imagery files with (package.json `contributes.jsonValidation`),
// generated from the zod schema. The shipped copy (schemas/imagery.schema.json) is kept equal to
// it by a unit test (declared-schema.test.ts), whose failure shows the text to ship.
import * as z from 'zod/mini';
import { imageryFileSchema } from './declared-schema';

function imageryJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(imageryFileSchema, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  return { ...generated, title: 'Satellite imagery declared as code (imagery.json)' };
}

/** The text of the shipped file: two-space JSON with a final newline. */
export function imageryJsonSchemaText(): string {
  return `${JSON.stringify(imageryJsonSchema(), null, 2)}\n`;
}
