// What a purchase says beyond "bought": the images that leave a field, or the area, mostly without
// data, and pixels coarser than asked. One threshold and one wording for every place that reports
// a purchase: the command line's `download`, `series`, `tiles process` and `apply`, VS Code's
// notifications after a composite (whole or in parts), a batch and a series, the plan panel's Apply
// summary and the Downloads view. A run whose images are all fine says nothing more.
import { counted } from '../../common/format';
import { isOtherPixelSize } from '../../request/pixel-size';
import { validPercent } from './results';
import type { AreaCoverage, BatchUnitReport, CompositeResult, PixelSize } from './results';

/** Under half of its pixels valid: a field (or the area) is "mostly without data". */
const MOSTLY_WITHOUT_DATA = 0.5;

export function mostlyWithoutData(fraction: number | undefined): boolean {
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

/** The notes of a batch (the parts of a composite, tiles), each unit labelled by its id. */
export function unitNotes(units: readonly BatchUnitReport[], noun: string): string[] {
  return purchaseNotes(
    units.map((u) => ({ label: u.id, coverage: u.coverage, pixelSize: u.pixelSize })),
    noun,
  );
}

/** Fields listed in a single image's line before "and N more". */
const FIELDS_LISTED = 10;

/** "Valid pixels: area 49 %, field 'north' 0 %, field 'south' 100 %.": what one image bought holds
 * over its area and each of its fields; undefined when it was not measured. */
export function coverageLine(coverage: AreaCoverage | undefined): string | undefined {
  if (!coverage) return undefined;
  const area = coverage.area === undefined ? 'no pixel in the area' : `area ${validPercent(coverage.area)}`;
  const fields = coverage.fields
    .slice(0, FIELDS_LISTED)
    .map(
      (f) => `field '${f.field}' ${f.validFraction === undefined ? 'off the image' : validPercent(f.validFraction)}`,
    );
  if (coverage.fields.length > FIELDS_LISTED) fields.push(`${coverage.fields.length - FIELDS_LISTED} more fields`);
  return `Valid pixels: ${[area, ...fields].join(', ')}.`;
}

/** Every note of a composite: a single image's shares over the area and each field, then the
 * warning and the pixel size; a composite in parts, its parts' notes. */
export function compositeNotes(result: CompositeResult, label: string): string[] {
  if (result.parts) return unitNotes(result.parts.units, 'part');
  const image = { label, coverage: result.coverage, pixelSize: result.pixelSize };
  const line = coverageLine(result.coverage);
  return [...(line ? [line] : []), ...purchaseNotes([image], 'image')];
}
