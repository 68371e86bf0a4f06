// The figures behind a composite's price, said once: the cost panel lists them under its credits
// and the command line's estimate under its "Cost:" line, with the same labels and the same units
// (a small field's file in kB, not "about 0 MB").
import { formatArea, formatCredits, formatDuration, formatMegabytes } from './format';
import type { Locale } from './format';

/** What a composite's estimate says besides its credits (the service's figures). */
interface CompositeFigures {
  areaEstimateKm2?: number | undefined;
  fileSizeMB?: number | undefined;
  timeSeconds?: number | undefined;
  /** A time series: the area is each date's, the size and the time all dates' together. */
  series?: unknown;
}

export interface EstimateFact {
  label: string;
  value: string;
  /** The cost panel's test id for the value. */
  id: string;
}

export function compositeFacts(figures: CompositeFigures, locale: Locale): EstimateFact[] {
  const series = figures.series !== undefined;
  return [
    {
      label: series ? 'Area billed per date (service estimate)' : 'Area billed (service estimate)',
      value: formatArea(figures.areaEstimateKm2, locale),
      id: 'area-estimate',
    },
    {
      label: series ? 'Files, all dates' : 'File size',
      value: formatMegabytes(figures.fileSizeMB, locale),
      id: 'file-size',
    },
    {
      label: series ? 'Processing time, all dates' : 'Processing time',
      value: formatDuration(figures.timeSeconds, locale),
      id: 'time',
    },
  ];
}

/** A time series' dates, each with its credits (the service's estimate of that date), as the
 * command line lists them; the cost panel shows them as its plan's units. */
export function seriesDateCredits(
  dates: readonly { date: string; credits?: number | undefined }[],
  locale: Locale,
): { date: string; credits: string }[] {
  return dates.map((d) => ({ date: d.date, credits: formatCredits(d.credits, locale) }));
}
