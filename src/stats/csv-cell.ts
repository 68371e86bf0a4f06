// One cell of the CSV tables the product writes (table.ts: `stats`, `series --stats`, Show Field
// Statistics and its Export CSV…), and the text of a cell read back (read-table.ts). A fields file
// or an image comes from anyone (a cloned repository), and a spreadsheet runs a cell that begins
// with =, +, -, @, a tab or a carriage return as a formula: a field id `=HYPERLINK("https://…")`
// would be a live link in the table (OWASP "CSV injection"). Such a text cell is written with a
// single quote before it, which a spreadsheet takes as "text follows", and quoted. A text that
// begins with a single quote gets one more too, so a quoted cell read back loses exactly one and
// every name reads back as it was. Numbers are written as numbers: -0.12 stays -0.12.

/** What a spreadsheet reads as the start of a formula, and the quote that would be taken off. */
const NEUTRALISED_START = /^[=+\-@\t\r']/;

/** A cell of RFC 4180 CSV: quoted when it holds a comma, quote or line break, its quotes doubled;
 * undefined, NaN and the infinities are empty (a statistic with no value). */
export function csvCell(value: string | number | undefined): string {
  if (value === undefined) return '';
  // A number's text never holds a comma, quote or line break, and is never a formula.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (NEUTRALISED_START.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The text csvCell was given, from a cell's content unquoted: a quoted cell that csvCell
 * neutralised loses its single quote. An unquoted cell is taken as it is (an older table's). */
export function cellText(content: string, quoted: boolean): string {
  return quoted && content.startsWith("'") && NEUTRALISED_START.test(content.slice(1)) ? content.slice(1) : content;
}
