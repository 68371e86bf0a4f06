// A plan's Markdown read back by markdown-it (CommonMark with GFM's tables), the way GitHub reads a
// comment: the blocks it made, each table's cells as the text a reader sees, and every piece of
// markup it found, so a test can say no name became HTML, a link, emphasis or another cell.
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

interface ParsedTable {
  /** The heading just above the table, as text. */
  heading: string;
  header: string[];
  rows: string[][];
}

export interface ParsedMarkdown {
  tokens: Token[];
  /** The HTML blocks and inline HTML the parser found (raw), in order. */
  html: string[];
  tables: ParsedTable[];
  /** Inline markup other than code and the summary's bold: links, emphasis, images, breaks. */
  markup: string[];
}

/** An inline token's text as rendered: text and code as themselves, escapes undone. */
export function shownText(token: Token): string {
  return (token.children ?? [])
    .map((child) => (child.type === 'text' || child.type === 'code_inline' ? child.content : ''))
    .join('');
}

export function parsePlanMarkdown(markdown: string): ParsedMarkdown {
  // html: true, as GitHub lets some HTML through: a name that became HTML shows as an html token.
  // linkify: GitHub links bare addresses too.
  const tokens = new MarkdownIt({ html: true, linkify: true }).parse(markdown, {});
  const html: string[] = [];
  const markup: string[] = [];
  const tables: ParsedTable[] = [];
  let heading = '';
  let table: ParsedTable | undefined;
  let row: string[] | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'html_block' || token.type === 'html_inline') html.push(token.content);
    if (token.type === 'heading_open') heading = shownText(tokens[i + 1]!);
    if (token.type === 'table_open') tables.push((table = { heading, header: [], rows: [] }));
    if (token.type === 'tr_open') row = [];
    if (token.type === 'tr_close' && table && row) {
      if (table.header.length === 0) table.header = row;
      else table.rows.push(row);
    }
    if (token.type === 'inline') {
      if ((tokens[i - 1]?.type === 'td_open' || tokens[i - 1]?.type === 'th_open') && row) row.push(shownText(token));
      for (const child of token.children ?? []) {
        if (child.type === 'html_inline') html.push(child.content);
        if (/^(link|em|s|image)_open$|^image$|^(soft|hard)break$/.test(child.type)) markup.push(child.type);
      }
    }
  }
  return { tokens, html, tables, markup };
}
