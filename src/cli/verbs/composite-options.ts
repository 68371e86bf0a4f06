// The composite options of the command line, as the workflows name them, with the optional output
// fields of composite, tile and mini-tile requests (`--data-type` → DataType …). The workflow checks
// the values against the specification document's enums before anything is sent.
import { OUTPUT_FIELDS } from '../../api/request-fields';
import type { OptionReader } from '../args';
import { UsageError } from '../exit-codes';
import type { CompositeChoices } from '../../workflows/composite/composite-prompts';
import type { OutputFields } from '../../request/output-fields';
import type { AoiMode } from '../../request/request-profile';

export interface CompositeCliOptions extends CompositeChoices {
  from?: string;
  to?: string;
  aoiMode?: AoiMode;
}

export function compositeOptions(o: OptionReader): CompositeCliOptions {
  const options: CompositeCliOptions = {
    model: o.string('model'),
    satelliteConstellations: o.list('satellite-constellations'),
    date: o.day('date'),
    from: o.day('from'),
    to: o.day('to'),
    epsgProjection: o.number('epsg-projection', { integer: true, min: 1 }),
    resolution: o.number('resolution', { integer: true, min: 1 }),
    bandnames: o.string('bandnames'),
    output: outputOptions(o),
    aoiMode: aoiModeOption(o),
  };
  // Keys left undefined count as "not given" for the workflows' prompt state.
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as CompositeCliOptions;
}

/** --aoi-mode: how the area is sent (the workflows' `aoiMode`); undefined = the file's own format. */
function aoiModeOption(o: OptionReader): AoiMode | undefined {
  const text = o.string('aoi-mode')?.toLowerCase();
  if (text === undefined || text === 'wkt' || text === 'geojson') return text;
  throw new UsageError(`--aoi-mode must be wkt or geojson, not '${text}'.`);
}

/** The output fields given on the command line (their flags: api/request-fields.ts); undefined when
 * none is (the workflow then uses none). Booleans are set by their flag's presence; absent flags
 * leave the service default. */
export function outputOptions(o: OptionReader): OutputFields | undefined {
  const fields: Record<string, unknown> = {};
  for (const row of OUTPUT_FIELDS) {
    if (row.value === 'flag') {
      if (o.flag(row.flag)) fields[row.wire] = true;
    } else if (row.value === 'level') {
      const level = o.number(row.flag, { integer: true, min: 1 });
      if (level !== undefined && level !== 1 && level !== 2)
        throw new UsageError(`--${row.flag} must be 1 or 2, not ${level}.`);
      if (level !== undefined) fields[row.wire] = level;
    } else {
      const value = o.string(row.flag);
      if (value !== undefined) fields[row.wire] = value;
    }
  }
  return Object.keys(fields).length > 0 ? (fields as OutputFields) : undefined;
}
