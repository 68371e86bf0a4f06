// How the page and the host write numbers, bytes, money, areas and dates: one module for both,
// bundled into the page and the extension alike. Amounts always carry their currency code (never
// a bare symbol: "EUR 12.40", not "€12.40"), and dates say they are UTC, because the service's
// deadlines are in UTC whatever the person's time zone. No DOM, no Node: unit-tested in Node.

/** Undefined locale = the page's (the person's) locale; tests pass one. */
export type Locale = string | undefined;

export const NOT_GIVEN = 'not given';

// The person's-locale formatter is made on first use and kept: creating an Intl.NumberFormat
// loads locale data (about 15 ms), which activation should not pay for, nor every tree row.
let defaultFormatter: Intl.NumberFormat | undefined;

/** At most `maximumFractionDigits` decimals, grouped as the locale groups digits. */
export function formatNumber(value: number | undefined, locale?: Locale, maximumFractionDigits = 2): string {
  if (value === undefined) return NOT_GIVEN;
  if (locale === undefined && maximumFractionDigits === 2) {
    defaultFormatter ??= new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
    return defaultFormatter.format(value);
  }
  return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);
}

/** Bytes in binary units, as a person reads them at a glance. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}

export function formatCredits(value: number | undefined, locale: Locale): string {
  return value === undefined ? NOT_GIVEN : `${formatNumber(value, locale)} credits`;
}

export function formatMoney(value: number | undefined, currency: string, locale: Locale): string {
  if (value === undefined) return NOT_GIVEN;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(value);
  } catch {
    // Not an ISO 4217 code: still show the figure with whatever code the service sent.
    return `${formatNumber(value, locale)} ${currency}`.trim();
  }
}

export function formatArea(km2: number | undefined, locale: Locale): string {
  if (km2 === undefined) return NOT_GIVEN;
  const digits = km2 >= 100 ? 0 : km2 >= 1 ? 2 : 4;
  return `${formatNumber(km2, locale, digits)} km²`;
}

/** The service's size estimate: in kB below a megabyte (a small field's file is a few kB, not
 * "0 MB"), never 0 for a file that has a size. */
export function formatMegabytes(mb: number | undefined, locale: Locale): string {
  if (mb === undefined) return NOT_GIVEN;
  if (mb >= 1 || mb <= 0) return `${formatNumber(mb, locale, 1)} MB`;
  const kb = mb * 1000;
  return kb < 1 ? 'under 1 kB' : `${formatNumber(kb, locale, 0)} kB`;
}

/** "1 tile", "3 tiles": a count with its noun, plural by English's plain -s. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function formatDuration(seconds: number | undefined, locale: Locale): string {
  if (seconds === undefined) return NOT_GIVEN;
  if (seconds < 90) return `about ${formatNumber(seconds, locale, 0)} s`;
  return `about ${formatNumber(seconds / 60, locale, 0)} min`;
}

/** An ISO date-time as a UTC date and time; a plain date (YYYY-MM-DD) as that date. */
export function formatUtc(iso: string | undefined, locale: Locale): string {
  if (!iso) return NOT_GIVEN;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  }
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC', hourCycle: 'h23' }).format(date)} UTC`;
}
