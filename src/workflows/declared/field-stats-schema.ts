// The `fieldStats` of a dataset in an imagery file: the fields its images are measured over, the
// indices and the pixel rule, as `sat-imagery stats` takes them. The shape is checked here (and
// in the JSON Schema editors get, with these descriptions); what needs the disk or the index
// parser (the fields file inside the imagery file's folder, each index one `stats` accepts) is
// checked when the file is read (declared-field-stats.ts).
import * as z from 'zod/mini';
import { PIXEL_RULES } from '../../stats/coverage';
import type { PixelRule } from '../../stats/coverage';

export const fieldStatsSchema = z
  .strictObject({
    fields: z
      .string()
      .check(
        z.minLength(1),
        z.maxLength(1024),
        z.describe(
          "The fields' GeoJSON (or WKT) file, relative to the imagery file, inside its folder (never through a symbolic link).",
        ),
      ),
    indices: z
      .array(z.string().check(z.minLength(1), z.maxLength(256)))
      .check(
        z.minLength(1),
        z.maxLength(16),
        z.describe(
          'What is measured in each field: a named index (ndvi, ndwi, ndmi, ndre, evi, savi), a band (B8), an index band ([B8_B4]) or arithmetic of bands ((B8-B4)/(B8+B4)), as `sat-imagery stats` takes them.',
        ),
      ),
    rule: z.optional(
      z
        .enum(PIXEL_RULES as [PixelRule, ...PixelRule[]], `a pixel rule: ${PIXEL_RULES.join(', ')}`)
        .check(z.describe('Which pixels belong to a field (default centre), as `sat-imagery stats --rule`.')),
    ),
    idProperty: z.optional(
      z
        .string()
        .check(
          z.minLength(1),
          z.maxLength(256),
          z.describe('The feature property naming each field (default: as `sat-imagery stats` chooses).'),
        ),
    ),
  })
  .check(
    z.describe(
      "Field statistics of the dataset's images: apply keeps field-stats.csv and field-stats.parquet in the dataset's folder up to date, plan says what it will add and verify checks the table against the lock.",
    ),
  );
