// The median the drop rule's baseline is: the middle value of the values sorted, and of an even
// count the mean of the two middle ones (numpy's median). Sorts the values in place: the rule
// hands it one scratch array for every date, so a table of a million rows allocates none per date.

export function medianInPlace(values: Float64Array): number {
  values.sort();
  const middle = Math.floor(values.length / 2);
  return values.length % 2 === 1
    ? (values[middle] as number)
    : ((values[middle - 1] as number) + (values[middle] as number)) / 2;
}
