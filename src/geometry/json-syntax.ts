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
  const stack: { kind: number; at: number }[] = []; // '[' or '{' and where it opened
  let expect: Expect = Expect.Value;
  let i = 0;
  let lastComma = 0;
  const fault = (start: number, end: number, message: string, code: ProblemCode = 'parse'): SyntaxFault => ({
    code,
    start,
    end,
    message,
  });
  const where = (at: number) => {
    const p = lines.position(at);
    return `line ${p.line + 1}, column ${p.column + 1}`;
  };

  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 47 /* / */) return fault(i, i + 2, 'Comments are not allowed in JSON; GeoJSON files must be plain JSON.');
    if (expect === Expect.End)
      return fault(i, i + 1, `Unexpected ${describeChar(text, i)} after the end of the JSON value.`);

    if (c === 93 /* ] */ || c === 125 /* } */) {
      const top = stack[stack.length - 1];
      const wanted = top?.kind === 91 ? 93 : 125;
      if (expect === Expect.Value || expect === Expect.Key) {
        if (top && c === wanted)
          return fault(lastComma, lastComma + 1, `Trailing comma before '${text[i]}' is not allowed in JSON.`);
      }
      if (
        !top ||
        c !== wanted ||
        (expect !== Expect.CommaOrClose && expect !== Expect.ValueOrClose && expect !== Expect.KeyOrClose)
      ) {
        const opened = top ? `; the '${String.fromCharCode(top.kind)}' opened at ${where(top.at)} is still open` : '';
        return fault(i, i + 1, `Unexpected '${text[i]}'${opened}.`);
      }
      stack.pop();
      i++;
      expect = stack.length ? Expect.CommaOrClose : Expect.End;
      continue;
    }

    if (expect === Expect.CommaOrClose) {
      if (c !== 44)
        return fault(
          i,
          i + 1,
          `Expected ',' or '${stack[stack.length - 1].kind === 91 ? ']' : '}'}' but found ${describeChar(text, i)}.`,
        );
      lastComma = i++;
      expect = stack[stack.length - 1].kind === 91 ? Expect.Value : Expect.Key;
      continue;
    }
    if (expect === Expect.Colon) {
      if (c !== 58) return fault(i, i + 1, `Expected ':' after the property name but found ${describeChar(text, i)}.`);
      i++;
      expect = Expect.Value;
      continue;
    }
    if (expect === Expect.Key || expect === Expect.KeyOrClose) {
      if (c === 39) return fault(i, i + 1, 'Property names in JSON use double quotes, not single quotes.');
      if (c !== 34)
        return fault(i, i + 1, `Expected a property name in double quotes but found ${describeChar(text, i)}.`);
      const end = scanString(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      expect = Expect.Colon;
      continue;
    }

    // A value is expected.
    if (c === 91 || c === 123) {
      stack.push({ kind: c, at: i });
      i++;
      expect = c === 91 ? Expect.ValueOrClose : Expect.KeyOrClose;
      continue;
    }
    let end: number | SyntaxFault;
    if (c === 34) end = scanString(text, i);
    else if (c === 39) return fault(i, i + 1, 'Strings in JSON use double quotes, not single quotes.');
    else if (c === 45 || (c >= 48 && c <= 57)) end = scanNumber(text, i);
    else end = scanWord(text, i);
    if (typeof end !== 'number') return end;
    i = end;
    expect = stack.length ? Expect.CommaOrClose : Expect.End;
  }

  if (expect === Expect.End) return undefined;
  const top = stack[stack.length - 1];
  if (!top) return fault(text.length, text.length, 'The text is empty: expected a GeoJSON object.', 'empty');
  return fault(
    text.length,
    text.length,
    `The JSON ends too early: the '${String.fromCharCode(top.kind)}' opened at ${where(top.at)} is never closed.`,
  );
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
