// Text the service wrote (an error message, an order's fields, the account) reaches a terminal
// through here. A terminal obeys control characters: an escape sequence can clear the screen,
// rewrite what was printed above, set the window title or plant a link; a carriage return
// overwrites the line; bidirectional overrides make text read in another order than it runs.
// Every such character is shown as its \uXXXX escape instead, which keeps the text readable and
// is still valid inside a JSON string (JSON.stringify escapes C0 itself, but not C1 or bidi).

/** C0 but newline, tab and the carriage return of a CRLF line end (CSV's, RFC 4180: it moves
 * nothing a newline would not), DEL, C1, the bidirectional marks, embeddings, overrides and
 * isolates, and the Unicode line and paragraph separators. A lone carriage return is escaped. */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE =
  /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
