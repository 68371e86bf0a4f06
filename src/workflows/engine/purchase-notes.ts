// What a purchase says beyond "bought": the images that leave a field, or the area, mostly without
// data, and pixels coarser than asked. One threshold and one wording for every place that reports
// a purchase: the command line's `series` and `apply`, VS Code's series notification and the plan
// panel's Apply summary. A run whose images are all fine says nothing more.
import { counted } from '../../common/format';
import { isOtherPixelSize } from '../stac/pixel-size';
import { validPercent } from './results';
import type { AreaCoverage, PixelSize } from './results';

/** Under half of its pixels valid: a field (or the area) is "mostly without data". */
const MOSTLY_WITHOUT_DATA = 0.5;

function mostlyWithoutData(fraction: number | undefined): boolean {
  return fraction !== undefined && fraction < MOSTLY_WITHOUT_DATA;
}

/** An image a run bought, as a person knows it (`label`: its date, or dataset and date). */
export interface BoughtImage {
  label: string;
  coverage?: AreaCoverage | undefined;
  pixelSize?: PixelSize | undefined;
}

/** Fields named per image, and images named per warning, before "and N more". */
const FIELDS_NAMED = 3;
const IMAGES_NAMED = 5;

interface PoorImage {
  label: string;
  fields: AreaCoverage['fields'];
  area: number | undefined;
  areaPoor: boolean;
}

/** "2 of 5 dates leave a field mostly without data (under 50 % valid): 2026-05-03 field 'north'
 * 0 % valid, area 65 % valid; …"; undefined when every image measured is fine. `noun` names an
 * image ('date', 'image'). */
export function coverageWarning(images: readonly BoughtImage[], noun: string): string | undefined {
  const measured = images.filter((i): i is BoughtImage & { coverage: AreaCoverage } => i.coverage !== undefined);
  const poor: PoorImage[] = measured
    .map(({ label, coverage }) => ({
      label,
      fields: coverage.fields.filter((f) => mostlyWithoutData(f.validFraction)),
      area: coverage.area,
      areaPoor: mostlyWithoutData(coverage.area),
    }))
    .filter((p) => p.fields.length > 0 || p.areaPoor);
  if (poor.length === 0) return undefined;
  const aField = poor.some((p) => p.fields.length > 0);
  const areaAlone = poor.some((p) => p.fields.length === 0);
  const what = aField ? (areaAlone ? 'a field or the area' : 'a field') : 'the area';
  const listed = poor.slice(0, IMAGES_NAMED).map(poorText).join('; ');
  const more = poor.length > IMAGES_NAMED ? `; and ${poor.length - IMAGES_NAMED} more` : '';
  const total = `${poor.length} of ${counted(measured.length, noun)}`;
  return `${total} ${poor.length === 1 ? 'leaves' : 'leave'} ${what} mostly without data (under ${validPercent(MOSTLY_WITHOUT_DATA)} valid): ${listed}${more}.`;
}

function poorText(p: PoorImage): string {
  const named = p.fields
    .slice(0, FIELDS_NAMED)
    .map((f) => `field '${f.field}' ${validPercent(f.validFraction ?? 0)} valid`);
  if (p.fields.length > FIELDS_NAMED) named.push(`${p.fields.length - FIELDS_NAMED} more fields`);
  const area = p.area === undefined ? 'no pixel in the area' : `area ${validPercent(p.area)} valid`;
  return `${p.label} ${[...named, area].join(', ')}`;
}

/** "Delivered 20 m pixels for a 10 m request (2 of 5 dates)."; undefined when every image bought
 * has the pixels asked (or says nothing of them). */
export function pixelSizeNote(images: readonly BoughtImage[], noun: string): string | undefined {
  const sized = images.filter((i): i is BoughtImage & { pixelSize: PixelSize } => i.pixelSize !== undefined);
  const other = new Map<string, { delivered: number; asked: number; count: number }>();
  for (const { pixelSize } of sized) {
    const { asked, delivered } = pixelSize;
    if (delivered === undefined || !isOtherPixelSize(delivered, asked)) continue;
    const shown = Math.round(delivered);
    const key = `${shown} ${asked}`;
    const seen = other.get(key);
    if (seen) seen.count++;
    else other.set(key, { delivered: shown, asked, count: 1 });
  }
  if (other.size === 0) return undefined;
  const parts = [...other.values()].map(
    (o) => `${o.delivered} m pixels for a ${o.asked} m request (${o.count} of ${counted(sized.length, noun)})`,
  );
  return `Delivered ${parts.join('; ')}.`;
}

/** Every note a purchase adds: the coverage warning, then the pixel size; none for a fine run. */
export function purchaseNotes(images: readonly BoughtImage[], noun: string): string[] {
  return [coverageWarning(images, noun), pixelSizeNote(images, noun)].filter((n): n is string => n !== undefined);
}
