// The `sat-imagery series` flag of a dataset's option, so that a refusal that names an option of
// the imagery file (its own word, or the request's field) also says how to set it on the command
// line, and a person can reproduce the unit with `sat-imagery series`. Read from the field table.
import { CHOICE_FIELDS, OUTPUT_FIELDS } from '../../api/request-fields';

interface NamedOption {
  wire: string;
  /** Its name in a dataset of the imagery file. */
  option: string;
  /** The series flag, without its dashes; none: the series takes it from the file or the settings only. */
  flag?: string;
}

const OPTIONS: readonly NamedOption[] = [
  ...CHOICE_FIELDS.map((row) => ({ wire: row.wire, option: row.name, flag: row.flag })),
  ...OUTPUT_FIELDS.map((row) => ({
    wire: row.wire,
    option: `output.${row.wire}`,
    ...((row.kinds as readonly string[]).includes('series') ? { flag: row.flag } : {}),
  })),
];

/** The words the checks use for an option where they do not write its field's name. */
const PHRASES: readonly [RegExp, string][] = [
  [/\bBands:/, 'Bandnames'],
  [/is not a model|not a model value/, 'Model'],
  [/satellite constellation|does not support/, 'SatelliteConstellations'],
];

/** The options a message names, by the field names given (a validation answer's) and its words. */
function optionsNamed(message: string, fields: readonly string[]): NamedOption[] {
  const wires = new Set(fields.map((f) => f.toLowerCase()));
  for (const [phrase, wire] of PHRASES) if (phrase.test(message)) wires.add(wire.toLowerCase());
  // 'Model' starts other options' refusals ("Model 'X' does not support ..."): only by its phrase.
  for (const o of OPTIONS)
    if (o.wire !== 'Model' && new RegExp(`\\b${o.wire}\\b`).test(message)) wires.add(o.wire.toLowerCase());
  return OPTIONS.filter((o) => wires.has(o.wire.toLowerCase()));
}

/** The message with the options it names and their series flags, e.g. "(resolution:
 * sat-imagery series --resolution)"; unchanged when it names none. */
export function withSeriesFlags(message: string, fields: readonly string[] = []): string {
  const named = optionsNamed(message, fields);
  if (named.length === 0) return message;
  const said = named
    .map((o) => (o.flag ? `${o.option}: sat-imagery series --${o.flag}` : `${o.option}: no series flag`))
    .join('; ');
  return `${message.replace(/\.?\s*$/, '')} (${said}).`;
}
