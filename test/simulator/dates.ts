// Which days have imagery, derived (not stored) from the seed, the model and where a part of
// the AOI lies: a baseline every 2 to 5 days per 1° cell, with about one date in six missing
// in each part, so a multi-polygon AOI gets dates that are not in every part.
import type { AoiPart } from './geometry';
import { createRandom, hashOf } from './random';

const DAY_MS = 86_400_000;
/** No imagery before this day. */
const ANCHOR_DAY = Date.UTC(2017, 0, 1) / DAY_MS;

export function dayNumber(isoDate: string): number {
  return Math.floor(Date.parse(isoDate.slice(0, 10) + 'T00:00:00Z') / DAY_MS);
}

export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function todayOf(nowMs: number): number {
  return Math.floor(nowMs / DAY_MS);
}

export class DateCatalog {
  private readonly baselines = new Map<string, number[]>();
  /** A scripted season's days (season.ts): the only days with imagery, everywhere. */
  fixedDays: number[] | undefined;

  constructor(
    private readonly seed: number,
    private readonly everyDay = false,
    public eastEdge?: number,
  ) {}

  /** Days with imagery for one part in [fromDay, toDay], never after today. */
  datesForPart(model: string, part: AoiPart, fromDay: number, toDay: number, today: number): number[] {
    const lon = (part.bbox.west + part.bbox.east) / 2;
    const lat = (part.bbox.south + part.bbox.north) / 2;
    const cell = `${Math.floor(lon)}:${Math.floor(lat)}`;
    const partKey = `${lon.toFixed(2)}:${lat.toFixed(2)}`;
    const last = Math.min(toDay, today);
    if (this.fixedDays) return this.fixedDays.filter((day) => day >= fromDay && day <= last);
    const out: number[] = [];
    if (this.everyDay) {
      for (let day = Math.max(fromDay, ANCHOR_DAY); day <= last; day++) out.push(day);
      return out;
    }
    for (const day of this.baseline(model, cell, last)) {
      if (day < fromDay) continue;
      if (day > last) break;
      if (hashOf(this.seed, 'drop', model, partKey, day) % 6 !== 0) out.push(day);
    }
    return out;
  }

  /** True when every part has imagery on the day. */
  hasImagery(model: string, parts: AoiPart[], day: number, today: number): { all: boolean; any: boolean } {
    const hits = parts.map((p) => this.datesForPart(model, p, day, day, today).length > 0);
    // A swath's edge: east of it nothing, across it only the western share.
    const edge = this.eastEdge;
    const whole = edge === undefined ? hits : hits.map((hit, i) => hit && parts[i]!.bbox.east <= edge);
    const some = edge === undefined ? hits : hits.map((hit, i) => hit && parts[i]!.bbox.west < edge);
    return { all: whole.every(Boolean), any: some.some(Boolean) };
  }

  private baseline(model: string, cell: string, untilDay: number): number[] {
    const key = `${model}|${cell}`;
    let days = this.baselines.get(key);
    if (!days) {
      days = [];
      this.baselines.set(key, days);
    }
    if (days.length === 0 || (days[days.length - 1] as number) < untilDay) {
      // Regenerate from the anchor so the sequence never depends on the order of requests.
      const random = createRandom(hashOf(this.seed, 'baseline', key));
      days.length = 0;
      for (let day = ANCHOR_DAY + Math.floor(random() * 4); day <= untilDay + 6; day += 2 + Math.floor(random() * 4))
        days.push(day);
    }
    return days;
  }
}
