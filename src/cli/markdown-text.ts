// Text written into Markdown (a pull request comment) as data: a name or a message from a
// repository or the service must show as itself and never become markup. A newline would end a
// table's row, a `|` split its cell, a backtick open code, a `<` start HTML, a `*` or `[` make
// emphasis or a link. GitHub renders GFM (CommonMark with tables), where any ASCII punctuation
// may be escaped with a backslash and a `\|` stays in its cell, inside code too.

/** Every character that can start or end markup in a paragraph or a table's cell. */
const MARKUP = /[\\`*_[\]<>|&~#!$]/g;

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Prose: each character as itself, on one line, no address made a link. A leading `-`, `+` or `1.` would start a list
 * where it stands first in a list item: its punctuation is escaped too. */
export function plainText(value: string): string {
  return (
    oneLine(value)
      .replace(MARKUP, (c) => `\\${c}`)
      // GitHub links a bare address or www. by itself: an escape before the `:` or the dot keeps it text.
      .replace(/:|(?<=\bwww)\./gi, (c) => `\\${c}`)
      .replace(/^([-+=]|\d+[.)])/, (lead) => lead.replace(/[-+=.)]$/, (c) => `\\${c}`))
  );
}

/** A name (a file, an area, a dataset) as inline code: no mention, link or emphasis is made of
 * it, and its fence is longer than any run of backticks inside it. */
export function codeSpan(value: string): string {
  const text = oneLine(value);
  if (text === '') return '';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // A backtick at an edge would join the fence: a space apart, which the code span drops.
  return /^`|`$/.test(text) ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/** The same in a table's cell, where a `|` would end the cell even inside code: GFM takes `\|`
 * there as the character. */
export function codeCell(value: string): string {
  return codeSpan(value).replace(/\|/g, '\\|');
}

/** A GFM table: a header row, its delimiter (numbers right-aligned) and the rows, cells as given. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[], numeric: number[] = []) {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const rule = header.map((_, i) => (numeric.includes(i) ? '---:' : '---'));
  return [line(header), line(rule), ...rows.map(line)];
}
