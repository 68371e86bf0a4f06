// Strings in code-unit order: the same on every machine, whatever its language (localeCompare
// orders by the locale, so a lock or a table sorted with it could differ between two machines).

export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
