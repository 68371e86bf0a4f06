// The map's fields coloured by their change since their previous valid date: for one index, each
// field's mean on its latest valid date less its mean on the valid date before it (valid as the
// field alerts count it: a value, on at least half the field), on a diverging scale with no change
// in its middle, losses brown and gains green (ColorBrewer's BrBG, readable by colour-blind eyes),
// symmetric about zero so that equal changes either way look equally strong. The legend carries
// the scale and every field's figures as text. Pure: unit-tested in Node.
import { DEFAULT_ALERT_OPTIONS } from '../../../stats/alerts';
import { observationsOf } from '../../../stats/alerts/observations';
import type { Field, StatsRow } from '../../../stats/index';
import {
  FIELD_VALUES_LAYER_ID,
  FIELD_VALUES_Z,
  chooseTable,
  emptyFieldLayer,
  formatValue,
  rampColour,
  thinnedFields,
} from './field-values-layer';
import type { StatsTable } from './field-values-layer';
import type { FieldValuesMessage } from './protocol';

/** Loss to gain, no change (a light grey) in the middle. */
export const DIVERGING = ['#a6611a', '#dfc27d', '#f5f5f5', '#80cdc1', '#018571'] as const;

export interface FieldChange {
  field: string;
  /** The latest valid date and the one before it. */
  date: string;
  previousDate: string;
  value: number;
  previous: number;
  change: number;
}

/** Each field's change under `index` between its last two valid dates; a field with fewer than two is absent. */
export function changesSincePrevious(
  rows: readonly StatsRow[],
  index: string,
  minValid = DEFAULT_ALERT_OPTIONS.minValid,
): Map<string, FieldChange> {
  const changes = new Map<string, FieldChange>();
  for (const { field, observations } of observationsOf(rows, index)) {
    const valid = observations.filter((o) => o.value !== undefined && o.share >= minValid);
    const last = valid.at(-1);
    const before = valid.at(-2);
    if (!last || !before) continue;
    const value = last.value as number;
    const previous = before.value as number;
    changes.set(field, {
      field,
      date: last.date,
      previousDate: before.date,
      value,
      previous,
      change: value - previous,
    });
  }
  return changes;
}

/** A change with its sign always written: +0.05, −0.41 (a true minus sign), 0. */
function signed(change: number): string {
  const text = formatValue(Math.abs(change));
  return change > 0 ? `+${text}` : change < 0 ? `−${text}` : '0';
}

function changeLine(field: string, name: string, c: FieldChange | undefined): string {
  return c
    ? `${field}: ${name} ${signed(c.change)} since ${c.previousDate} (${formatValue(c.previous)} → ${formatValue(c.value)} on ${c.date})`
    : `${field}: fewer than two valid dates of ${name}`;
}

function fieldChangesMessage(
  fields: readonly Field[],
  changes: ReadonlyMap<string, FieldChange>,
  source: { table: string; index: string },
): FieldValuesMessage {
  const known = fields.flatMap((f) => {
    const c = changes.get(f.id);
    return c ? [c] : [];
  });
  // Symmetric about zero: the largest change either way sets both ends.
  const extent = Math.max(0, ...known.map((c) => Math.abs(c.change)));
  const dates = [...new Set(known.map((c) => c.date))].sort();
  const thinned = thinnedFields(fields);
  const name = `${source.index} mean`;
  const lines = fields.map((f) => changeLine(f.id, name, changes.get(f.id)));
  const features = fields.map((field, i) => {
    const c = changes.get(field.id);
    const t = c && extent > 0 ? 0.5 + c.change / (2 * extent) : 0.5;
    return {
      id: field.id,
      kind: 'fieldValue' as const,
      polygons: thinned.get(field.id),
      ...(c ? { fill: rampColour(t, DIVERGING) } : {}),
      label: lines[i] as string,
    };
  });
  return {
    type: 'fieldValues',
    id: FIELD_VALUES_LAYER_ID,
    title: `Fields by change in ${name} since the previous valid date (${source.table})`,
    zIndex: FIELD_VALUES_Z,
    features,
    legend:
      known.length === 0
        ? undefined
        : {
            index: source.index,
            statistic: 'mean',
            table: source.table,
            min: -extent,
            max: extent,
            minText: signed(-extent),
            maxText: signed(extent),
            midText: 'no change',
            firstDate: dates[0] as string,
            lastDate: dates[dates.length - 1] as string,
            stops: [...DIVERGING],
            withoutValue: fields.length - known.length,
            mode: 'change',
            lines,
          },
  };
}

/** The layer of the AOI's fields by change, from the table that knows most of them (its first
 * index); none knows any: an empty layer, the legend cleared. */
export function fieldChangesFromTables(fields: readonly Field[], tables: readonly StatsTable[]): FieldValuesMessage {
  const chosen = chooseTable(fields, tables);
  if (!chosen) return emptyFieldLayer('Fields by change since the previous valid date');
  const { table, index } = chosen.source;
  return fieldChangesMessage(fields, changesSincePrevious(chosen.table.rows, index), { table, index });
}
