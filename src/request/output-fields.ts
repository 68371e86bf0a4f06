// The optional output fields of composite, tile and mini-tile processing: where their values
// come from (settings, then the command's options), which values a picker offers (the
// specification document's enum, else the values the live-service notes list), and the checks
// that refuse a wrong value before anything is sent.
import type { ImageryClient, ProcessOutputOptions, TileOutputOptions } from '../api/types';
import { isHttpsOrLoopback } from '../api/loopback';
import { OUTPUT_FIELDS, outputFieldsOf } from '../api/request-fields';
import { readSpecification } from '../api/specification';
import { unlessCancelled, WorkflowError } from './workflow-error';

export type OutputKind = 'composite' | 'tile' | 'minitile';
export type OutputFields = ProcessOutputOptions & TileOutputOptions;

/** The fields whose value is one of a list (the document's enum, else the known values). */
const ENUM_FIELDS = OUTPUT_FIELDS.filter((row) => row.value !== 'flag' && row.wire !== 'UploadUrl').map(
  (row) => row.wire,
);
const BOOLEAN_FIELDS = OUTPUT_FIELDS.filter((row) => row.value === 'flag').map((row) => row.wire);
/** Values named in the live-service notes, offered when the document lists none. */
const KNOWN_VALUES: Record<string, readonly (string | number)[] | undefined> = Object.fromEntries(
  OUTPUT_FIELDS.map((row) => [row.wire, 'known' in row ? row.known : undefined]),
);

const PATHS: Record<OutputKind, string> = {
  composite: 'POST /api/satelliteimages/process/composite',
  tile: 'POST /api/satelliteimages/process/tile',
  minitile: 'POST /api/satelliteimages/process/minitile',
};

/** What the specification document says about the fields of one process request. */
export interface FieldRules {
  /** The document's enum per field name, when it has one. */
  enums: Record<string, readonly unknown[] | undefined>;
}

/** The ports fieldRules uses (the workflow's ports fit; named here so ports.ts, which takes its
 * OutputFields from this file, is not imported back). */
interface DocumentPorts {
  client: Pick<ImageryClient, 'getSpecification'>;
  signal: AbortSignal;
}

export async function fieldRules(ports: DocumentPorts, kind: OutputKind): Promise<FieldRules> {
  // No document: the client's own checks and the service decide.
  const spec = await unlessCancelled(ports.client.getSpecification({ signal: ports.signal }), ports.signal, undefined);
  const fields = spec ? (readSpecification(spec).requestFields[PATHS[kind]] ?? {}) : {};
  const enums: Record<string, readonly unknown[] | undefined> = {};
  for (const name of [...ENUM_FIELDS, 'EpsgProjection', 'Resolution']) enums[name] = fields[name.toLowerCase()]?.enum;
  return { enums };
}

/** The values a picker offers for a field: the document's enum, else the known ones. */
export function offeredValues(field: string, rules: FieldRules): readonly unknown[] {
  return rules.enums[field] ?? KNOWN_VALUES[field] ?? [];
}

/** Every output field a request kind takes, by its wire name (api/request-fields.ts). */
export const OUTPUT_FIELD_NAMES: Record<OutputKind, readonly string[]> = {
  composite: outputFieldsOf('composite').map((row) => row.wire),
  tile: outputFieldsOf('tile').map((row) => row.wire),
  minitile: outputFieldsOf('minitile').map((row) => row.wire),
};
const knownNames = new Set(Object.values(OUTPUT_FIELD_NAMES).flat());

/** Refuses a field name no process request takes (`Datatype` for `DataType`), naming the ones this
 * kind accepts, so a misspelt field is never sent as it is. A field of the other kind (Level on a
 * composite) is dropped by mergeOutput, as the shared settings need. */
export function checkOutputNames(kind: OutputKind, fields: object | undefined, source = 'output'): void {
  const unknown = Object.keys(fields ?? {}).filter((name) => !knownNames.has(name));
  if (unknown.length === 0) return;
  const accepted = OUTPUT_FIELD_NAMES[kind].map((n) => `'${n}'`).join(', ');
  throw new WorkflowError(
    'invalid-option',
    `${source}: unknown field${unknown.length === 1 ? '' : 's'} ${unknown.map((n) => `'${n}'`).join(', ')}. Accepted: ${accepted}. Nothing was sent.`,
  );
}

/** Settings first, the options over them; fields the request kind does not take are dropped, and
 * names no request takes are refused. */
export function mergeOutput(
  kind: OutputKind,
  fromSettings: OutputFields | undefined,
  fromOptions: OutputFields | undefined,
): OutputFields {
  checkOutputNames(kind, fromOptions);
  const merged: Record<string, unknown> = {};
  for (const source of [fromSettings, fromOptions]) {
    for (const [key, value] of Object.entries(source ?? {})) {
      if (value === undefined || value === null || value === '') continue;
      if (!OUTPUT_FIELD_NAMES[kind].includes(key)) continue;
      merged[key] = value;
    }
  }
  return merged as OutputFields;
}

/** An UploadUrl the client lets the service send to: https, or http to this machine. */
export function checkUploadUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WorkflowError('invalid-option', `UploadUrl '${value}' is not an address.`);
  }
  if (!isHttpsOrLoopback(url)) {
    throw new WorkflowError(
      'invalid-option',
      'UploadUrl must be an https:// address (plain http only to this machine).',
    );
  }
  return value;
}

/** Refuses a value the document's enum does not list, or a field of the wrong type. */
export function checkOutput(fields: OutputFields, rules: FieldRules): OutputFields {
  const record = fields as Record<string, unknown>;
  for (const name of ENUM_FIELDS) {
    const value = record[name];
    if (value === undefined) continue;
    const allowed = rules.enums[name];
    if (name === 'Level' ? value !== 1 && value !== 2 : typeof value !== 'string') {
      throw new WorkflowError(
        'invalid-option',
        `${name} ${JSON.stringify(value)} is not valid${name === 'Level' ? ': use 1 or 2' : ''}.`,
      );
    }
    if (allowed && !allowed.includes(value)) {
      throw new WorkflowError(
        'invalid-option',
        `${name} '${String(value)}' is not one the service lists: ${allowed.join(', ')}.`,
      );
    }
  }
  for (const name of BOOLEAN_FIELDS) {
    if (record[name] !== undefined && typeof record[name] !== 'boolean')
      throw new WorkflowError('invalid-option', `${name} must be true or false.`);
  }
  if (fields.UploadUrl !== undefined) checkUploadUrl(fields.UploadUrl);
  return fields;
}

/** "DataType uint8 · AllowPartialImage": the non-default fields, for a prompt or a log. */
export function outputSummary(fields: OutputFields): string {
  const parts = Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([key, value]) =>
      value === true ? key : key === 'UploadUrl' ? 'UploadUrl (uploaded, not saved)' : `${key} ${String(value)}`,
    );
  return parts.length > 0 ? parts.join(' · ') : 'the service defaults';
}
