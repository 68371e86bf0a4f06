// Field checks of request bodies. Problems are collected per field and answered together as
// one 992 with the messages in Data, the way the live service reports validation errors.
import { ALL_BANDS, CONSTELLATIONS, MODELS, RESOLUTIONS, RGB_BANDS, findModel, isValidEpsg } from './catalog';
import type { ModelInfo } from './catalog';
import { validationError } from './envelope';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export class FieldChecker {
  readonly errors: Record<string, string[]> = {};

  constructor(readonly body: Record<string, unknown>) {}

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** Throws the collected problems as one 992. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw validationError(this.errors);
  }

  private present(field: string, required: boolean): boolean {
    const value = this.body[field];
    if (value === undefined || value === null) {
      if (required) this.add(field, `The ${field} field is required.`);
      return false;
    }
    return true;
  }

  model(): ModelInfo | undefined {
    if (!this.present('Model', true)) return undefined;
    const found = findModel(this.body.Model);
    if (!found) {
      const label = MODELS.find((m) => m.label === this.body.Model);
      const hint = label ? ` '${label.label}' is a display label; its value is '${label.model}'.` : '';
      this.add(
        'Model',
        `'${String(this.body.Model)}' is not a valid Model. Valid values: ${MODELS.map((m) => m.model).join(', ')}.${hint}`,
      );
    }
    return found;
  }

  constellations(model: ModelInfo | undefined, required = true): string[] {
    if (!this.present('SatelliteConstellations', required)) return [];
    const value = this.body.SatelliteConstellations;
    if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'string')) {
      this.add('SatelliteConstellations', 'SatelliteConstellations must be a non-empty array of strings.');
      return [];
    }
    const names = value as string[];
    for (const name of names) {
      if (!CONSTELLATIONS.includes(name))
        this.add(
          'SatelliteConstellations',
          `'${name}' is not a satellite constellation. Valid values: ${CONSTELLATIONS.join(', ')}.`,
        );
      else if (model && !model.constellations.some((c) => c.name === name))
        this.add('SatelliteConstellations', `${model.model} does not use ${name}.`);
    }
    if (model) {
      for (const c of model.constellations) {
        if (!c.optional && !names.includes(c.name))
          this.add('SatelliteConstellations', `${model.model} needs ${c.name}.`);
      }
    }
    return names;
  }

  /** The bands a Bandnames value selects; index expressions like [B8_B4] count as one band. */
  bands(model: ModelInfo | undefined, required = true): string[] {
    if (!this.present('Bandnames', required)) return model?.bands ?? [];
    const value = this.body.Bandnames;
    if (typeof value !== 'string' || value.trim() === '') {
      this.add('Bandnames', 'Bandnames must be a non-empty string.');
      return [];
    }
    if (value === 'all') return model?.bands ?? [];
    if (value === 'rgb') return RGB_BANDS;
    const selected: string[] = [];
    for (const item of value.split(',').map((s) => s.trim())) {
      const index = /^\[(\w+)_(\w+)\]$/.exec(item);
      const ids = index ? [index[1] as string, index[2] as string] : [item];
      for (const id of ids) {
        if (!ALL_BANDS.includes(id))
          this.add('Bandnames', `'${id}' is not a band. Use 'all', 'rgb' or a comma list of ${ALL_BANDS.join(', ')}.`);
        else if (model && !model.bands.includes(id)) this.add('Bandnames', `${model.model} has no band ${id}.`);
      }
      selected.push(item);
    }
    return selected;
  }

  resolution(required = true): number | undefined {
    if (!this.present('Resolution', required)) return undefined;
    const value = this.body.Resolution;
    if (typeof value !== 'number' || !RESOLUTIONS.includes(value)) {
      this.add(
        'Resolution',
        `Resolution ${String(value)} is not offered. Valid values (metres): ${RESOLUTIONS.join(', ')}.`,
      );
      return undefined;
    }
    return value;
  }

  epsg(required = true): number | undefined {
    if (!this.present('EpsgProjection', required)) return undefined;
    const value = this.body.EpsgProjection;
    if (!isValidEpsg(value)) {
      this.add(
        'EpsgProjection',
        `EpsgProjection ${String(value)} is not supported: use 4326, a UTM code 326xx/327xx, or 47000 (automatic UTM).`,
      );
      return undefined;
    }
    return value as number;
  }

  /** An ISO 8601 date-time; returns its UTC day as YYYY-MM-DD. */
  dateTime(field: string, required = true): string | undefined {
    if (!this.present(field, required)) return undefined;
    const value = this.body[field];
    if (typeof value !== 'string' || !DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) {
      this.add(field, `${field} must be an ISO 8601 date-time in UTC, e.g. 2024-05-01T00:00:00Z.`);
      return undefined;
    }
    return new Date(Date.parse(value)).toISOString().slice(0, 10);
  }

  /** A YYYY-MM-DD date; `nullable` accepts an explicit null (a recurring order's open end). */
  date(field: string, nullable = false): string | null | undefined {
    const value = this.body[field];
    if (value === null && nullable) return null;
    if (!this.present(field, true)) return undefined;
    if (typeof value !== 'string' || !DATE_ONLY.test(value) || Number.isNaN(Date.parse(value))) {
      this.add(field, `${field} must be a date as YYYY-MM-DD.`);
      return undefined;
    }
    return value;
  }

  integer(field: string, min: number, max: number, required = true): number | undefined {
    if (!this.present(field, required)) return undefined;
    const value = this.body[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.add(field, `${field} must be an integer from ${min} to ${max}.`);
      return undefined;
    }
    return value;
  }

  guid(field: string, required = true): string | undefined {
    if (!this.present(field, required)) return undefined;
    const value = this.body[field];
    if (typeof value !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
      this.add(field, `${field} must be a GUID.`);
      return undefined;
    }
    return value.toLowerCase();
  }
}
