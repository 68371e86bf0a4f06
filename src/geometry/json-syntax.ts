// Finds where and why JSON text is invalid. JSON.parse says only "at position N" (and sometimes
// not even that), so when it fails this scanner walks the text again to name the problem in
// words a person understands. Iterative, so a million nested brackets cannot overflow the stack.
import type { LineIndex } from './positions';
import type { ProblemCode } from './types';

export interface SyntaxFault {
  code: ProblemCode;
  start: number;
  end: number;
  message: string;
}

const enum Expect {
  Value,
  ValueOrClose, // just after '['
  KeyOrClose, // just after '{'
  Key, // after ',' in an object
  Colon,
  CommaOrClose,
  End,
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function describeChar(text: string, at: number): string {
  const ch = text[at];
  return /[\x20-\x7e]/.test(ch)
    ? `'${ch}'`
    : `character U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export function findJsonSyntaxFault(text: string, lines: LineIndex): SyntaxFault | undefined {
  const scan = new JsonScan(text, lines);
  while (scan.i < text.length) {
    const found = scan.next();
    if (found) return found;
  }
  return scan.atEnd();
}

function fault(start: number, end: number, message: string, code: ProblemCode = 'parse'): SyntaxFault {
  return { code, start, end, message };
}

/** The scan's place in the text and what it expects there; each step reads one token, or says
 * why the text is not JSON at it. */
class JsonScan {
  i = 0;
  private readonly stack: { kind: number; at: number }[] = []; // '[' or '{' and where it opened
  private expect: Expect = Expect.Value;
  private lastComma = 0;

  constructor(
    private readonly text: string,
    private readonly lines: LineIndex,
  ) {}

  private where(at: number): string {
    const p = this.lines.position(at);
    return `line ${p.line + 1}, column ${p.column + 1}`;
  }

  next(): SyntaxFault | undefined {
    const { text, i } = this;
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      this.i++;
      return undefined;
    }
    if (c === 47 /* / */) return fault(i, i + 2, 'Comments are not allowed in JSON; GeoJSON files must be plain JSON.');
    if (this.expect === Expect.End)
      return fault(i, i + 1, `Unexpected ${describeChar(text, i)} after the end of the JSON value.`);
    if (c === 93 /* ] */ || c === 125 /* } */) return this.close(c);
    if (this.expect === Expect.CommaOrClose) return this.comma(c);
    if (this.expect === Expect.Colon) {
      if (c !== 58) return fault(i, i + 1, `Expected ':' after the property name but found ${describeChar(text, i)}.`);
      this.i++;
      this.expect = Expect.Value;
      return undefined;
    }
    if (this.expect === Expect.Key || this.expect === Expect.KeyOrClose) return this.key(c);
    return this.value(c);
  }

  private close(c: number): SyntaxFault | undefined {
    const { text, i, stack, expect } = this;
    const top = stack[stack.length - 1];
    const wanted = top?.kind === 91 ? 93 : 125;
    if (expect === Expect.Value || expect === Expect.Key) {
      if (top && c === wanted)
        return fault(this.lastComma, this.lastComma + 1, `Trailing comma before '${text[i]}' is not allowed in JSON.`);
    }
    if (
      !top ||
      c !== wanted ||
      (expect !== Expect.CommaOrClose && expect !== Expect.ValueOrClose && expect !== Expect.KeyOrClose)
    ) {
      const opened = top
        ? `; the '${String.fromCharCode(top.kind)}' opened at ${this.where(top.at)} is still open`
        : '';
      return fault(i, i + 1, `Unexpected '${text[i]}'${opened}.`);
    }
    stack.pop();
    this.i++;
    this.expect = stack.length ? Expect.CommaOrClose : Expect.End;
    return undefined;
  }

  private comma(c: number): SyntaxFault | undefined {
    const { text, i, stack } = this;
    const inArray = stack[stack.length - 1].kind === 91;
    if (c !== 44)
      return fault(i, i + 1, `Expected ',' or '${inArray ? ']' : '}'}' but found ${describeChar(text, i)}.`);
    this.lastComma = this.i++;
    this.expect = inArray ? Expect.Value : Expect.Key;
    return undefined;
  }

  private key(c: number): SyntaxFault | undefined {
    const { text, i } = this;
    if (c === 39) return fault(i, i + 1, 'Property names in JSON use double quotes, not single quotes.');
    if (c !== 34)
      return fault(i, i + 1, `Expected a property name in double quotes but found ${describeChar(text, i)}.`);
    const end = scanString(text, i);
    if (typeof end !== 'number') return end;
    this.i = end;
    this.expect = Expect.Colon;
    return undefined;
  }

  private value(c: number): SyntaxFault | undefined {
    const { text, i } = this;
    if (c === 91 || c === 123) {
      this.stack.push({ kind: c, at: i });
      this.i++;
      this.expect = c === 91 ? Expect.ValueOrClose : Expect.KeyOrClose;
      return undefined;
    }
    let end: number | SyntaxFault;
    if (c === 34) end = scanString(text, i);
    else if (c === 39) return fault(i, i + 1, 'Strings in JSON use double quotes, not single quotes.');
    else if (c === 45 || (c >= 48 && c <= 57)) end = scanNumber(text, i);
    else end = scanWord(text, i);
    if (typeof end !== 'number') return end;
    this.i = end;
    this.expect = this.stack.length ? Expect.CommaOrClose : Expect.End;
    return undefined;
  }

  /** The text ended: fine after a whole value, else what is still open. */
  atEnd(): SyntaxFault | undefined {
    const { text, stack } = this;
    if (this.expect === Expect.End) return undefined;
    const top = stack[stack.length - 1];
    if (!top) return fault(text.length, text.length, 'The text is empty: expected a GeoJSON object.', 'empty');
    return fault(
      text.length,
      text.length,
      `The JSON ends too early: the '${String.fromCharCode(top.kind)}' opened at ${this.where(top.at)} is never closed.`,
    );
  }
}

function scanString(text: string, start: number): number | SyntaxFault {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) return i + 1;
    if (c === 92) {
      const next = text[i + 1];
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
          return {
            code: 'parse',
            start: i,
            end: i + 2,
            message: 'Invalid \\u escape in a JSON string: four hex digits must follow.',
          };
        i += 5;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i++;
      else
        return { code: 'parse', start: i, end: i + 2, message: `Invalid escape '\\${next ?? ''}' in a JSON string.` };
    } else if (c < 32) {
      return {
        code: 'parse',
        start: i,
        end: i + 1,
        message:
          'A JSON string may not contain a raw line break or control character; the string is probably missing its closing quote.',
      };
    }
  }
  return {
    code: 'parse',
    start,
    end: start + 1,
    message: 'This string is never closed: the closing double quote is missing.',
  };
}

const JSON_NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function scanNumber(text: string, start: number): number | SyntaxFault {
  if (text.startsWith('-Infinity', start))
    return {
      code: 'bad-number',
      start,
      end: start + 9,
      message: "'-Infinity' is not a number JSON allows; coordinates must be finite numbers.",
    };
  JSON_NUMBER.lastIndex = start;
  const match = JSON_NUMBER.exec(text);
  let end = match ? start + match[0].length : start;
  // A number must not run on into letters, digits or dots ("01", "1.", "1.2.3", "5abc").
  let tail = end;
  while (tail < text.length && runsOn(text.charCodeAt(tail))) tail++;
  if (!match || tail !== end) {
    end = Math.max(tail, start + 1);
    return {
      code: 'bad-number',
      start,
      end,
      message: `'${text.slice(start, Math.min(end, start + 40))}' is not a valid JSON number.`,
    };
  }
  return end;
}

function scanWord(text: string, start: number): number | SyntaxFault {
  let end = start;
  while (end < text.length && /[A-Za-z0-9_$]/.test(text[end])) end++;
  const word = text.slice(start, end);
  if (word === 'true' || word === 'false' || word === 'null') return end;
  if (/^(nan|inf|infinity)$/i.test(word))
    return {
      code: 'bad-number',
      start,
      end,
      message: `'${word}' is not a number JSON allows; coordinates must be finite numbers.`,
    };
  if (end === start)
    return {
      code: 'parse',
      start,
      end: start + 1,
      message: `Unexpected ${describeChar(text, start)}: expected a JSON value.`,
    };
  return {
    code: 'parse',
    start,
    end,
    message: `Unexpected word '${word.slice(0, 40)}': expected a JSON value (text in JSON needs double quotes).`,
  };
}

/** Characters that may not follow a number directly: digits, letters, '.', '+', '-'. */
function runsOn(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 46 || c === 43 || c === 45;
}
