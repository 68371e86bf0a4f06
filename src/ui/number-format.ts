// Number formatting in the person's locale. The formatter is made on first use: creating an
// Intl.NumberFormat loads locale data (about 15 ms), which activation should not pay for.
let formatter: Intl.NumberFormat | undefined;

/** At most two decimals, grouped as the locale groups digits. */
export function formatNumber(value: number): string {
  formatter ??= new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
  return formatter.format(value);
}
