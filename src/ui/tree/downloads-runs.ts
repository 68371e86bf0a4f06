// The rows of the Downloads view as data, without VS Code: a finished run's units (a tile, a date,
// a part, a composite) with their outcome, file and what each image holds (the one outcome every
// purchase reports, results.ts), and the words and warning a bought image's row shows. A field of
// the area left mostly without data is the same warning here as in the notifications
// (purchase-notes.ts), so an image that looks "done" is not found empty later.
import type { BatchResult, BatchUnitReport, CompositeResult, ImageOutcome } from '../../workflows/engine/results';
import { validPercent, validitySentence } from '../../workflows/engine/results';
import { coverageLine, coverageWarning, mostlyWithoutData } from '../../workflows/engine/purchase-notes';

export type DownloadKind = 'composite' | 'series' | 'tiles' | 'miniTiles';

export interface DownloadUnit extends Pick<ImageOutcome, 'validFraction' | 'coverage'> {
  id: string;
  status: BatchUnitReport['status'];
  /** The image written (absolute path), when there is one. */
  file?: string;
  error?: string;
}

export interface DownloadRun {
  /** The manifest's path, else the first file's: one row per folder and kind. */
  key: string;
  kind: DownloadKind;
  /** The area file's name, when the run had one. */
  source: string | undefined;
  folder: string | undefined;
  finishedAt: string;
  units: DownloadUnit[];
}

function folderOf(path: string | undefined): string | undefined {
  if (!path) return undefined;
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut > 0 ? path.slice(0, cut) : undefined;
}

/** The row of a finished run, or undefined when it sent and wrote nothing worth listing. */
export function runOf(
  kind: DownloadKind,
  source: { path: string } | undefined,
  result: BatchResult,
  now = new Date(),
): DownloadRun | undefined {
  const key = result.manifestPath ?? result.files[0];
  if (!key || result.units.length === 0) return undefined;
  return {
    key: `${kind}:${key}`,
    kind,
    source: source ? source.path.slice(source.path.lastIndexOf('/') + 1) : undefined,
    folder: folderOf(result.manifestPath ?? result.files[0]),
    finishedAt: now.toISOString(),
    units: [...result.units]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((u) => ({
        id: u.id,
        status: u.status,
        ...(u.file ? { file: u.file } : {}),
        ...(u.validFraction !== undefined ? { validFraction: u.validFraction } : {}),
        ...(u.coverage ? { coverage: u.coverage } : {}),
        ...(u.error ? { error: u.error } : {}),
      })),
  };
}

/** A single composite's row: its date, file and what its image holds (a composite sent in parts
 * is a batch of them). */
export function compositeRunOf(
  source: { path: string } | undefined,
  result: Pick<CompositeResult, 'outcome' | 'files' | 'parts' | 'validFraction' | 'coverage'> & {
    request?: { Date?: string } | undefined;
  },
  now = new Date(),
): DownloadRun | undefined {
  if (result.parts) return runOf('composite', source, result.parts, now);
  const file = result.files[0];
  if (result.outcome !== 'completed' || !file) return undefined;
  const id =
    result.request?.Date?.slice(0, 10) ?? file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const image = {
    ...(result.validFraction !== undefined ? { validFraction: result.validFraction } : {}),
    ...(result.coverage ? { coverage: result.coverage } : {}),
  };
  const units = [{ id, status: 'done' as const, file, ...image }];
  const batch = {
    outcome: 'completed' as const,
    manifestPath: undefined,
    units,
    files: [file],
    failed: [],
    uncertain: [],
  };
  return runOf('composite', source, { ...batch, bytes: 0 }, now);
}

/** How a bought image's row reads: its valid share, the fields left mostly without data, and
 * whether it is a warning (an empty image, or a field or the area mostly without data). */
export interface ImageRowText {
  description: string;
  tooltip: string;
  warning: boolean;
}

export function imageRowText(unit: DownloadUnit, path: string): ImageRowText {
  // An image paid for with no valid pixel is said to be empty, not just "done".
  const validity = validitySentence(unit.validFraction);
  const empty = unit.validFraction === 0;
  const share = validity ? (empty ? validity : `${validPercent(unit.validFraction ?? 0)} valid`) : undefined;
  const poorFields = (unit.coverage?.fields ?? []).filter((f) => mostlyWithoutData(f.validFraction));
  const fields =
    poorFields.length === 0
      ? undefined
      : poorFields.length === 1
        ? `field '${poorFields[0]!.field}' ${validPercent(poorFields[0]!.validFraction ?? 0)} valid`
        : `${poorFields.length} fields mostly without data`;
  const areaPoor = poorFields.length === 0 && mostlyWithoutData(unit.coverage?.area);
  const area = areaPoor ? `area ${validPercent(unit.coverage?.area ?? 0)} valid` : undefined;
  const done = unit.status === 'skipped' ? 'done in an earlier run' : 'done';
  // An empty image already says it holds no valid pixel: its area and fields add nothing.
  const detail = empty ? undefined : (fields ?? area);
  const description = [done, share, detail].filter((p) => p !== undefined).join(' · ');
  const warning = coverageWarning([{ label: 'This image', coverage: unit.coverage }], 'image');
  const lines = [
    path,
    ...[coverageLine(unit.coverage), warning].filter((l): l is string => l !== undefined),
    ...(validity ? [`${validity[0]!.toUpperCase()}${validity.slice(1)}.`] : []),
  ];
  return { description, tooltip: lines.join('\n'), warning: empty || warning !== undefined };
}
