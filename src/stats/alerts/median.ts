// The median the drop rule's baseline is: the middle value of the values sorted, and of an even
// count the mean of the two middle ones (numpy's median). Sorts the values in place: the rule
// hands it one scratch array for every date, so a table of a million rows allocates none per date.
// A baseline is a few values (K = 3 by default): an insertion sort in place costs a fraction of
// a typed array's sort call, which a million dates would each pay. It orders as that sort does
// (-0 before 0), so the median is the same number.

const before = (a: number, b: number): boolean => a < b || (a === 0 && b === 0 && 1 / a < 1 / b);

export function medianInPlace(values: Float64Array): number {
  for (let i = 1; i < values.length; i++) {
    const value = values[i] as number;
    let j = i - 1;
    for (; j >= 0 && before(value, values[j] as number); j--) values[j + 1] = values[j] as number;
    values[j + 1] = value;
  }
  const middle = Math.floor(values.length / 2);
  return values.length % 2 === 1
    ? (values[middle] as number)
    : ((values[middle - 1] as number) + (values[middle] as number)) / 2;
}
