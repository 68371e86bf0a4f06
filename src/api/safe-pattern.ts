// Runs the specification document's `pattern`s. The document comes from the network, and a
// pattern such as `^([^!]+)+!$` makes a backtracking engine (JavaScript's RegExp) take time
// exponential in the text: on a WKT of a few dozen characters the extension host would freeze
// (docs/engineering-notes.md, "Input the server controls"). RE2JS matches in time linear in the text
// whatever the pattern; what it cannot express (back-references, look-arounds) is not checked,
// with a log line, and the service judges the value itself. Loaded on the first pattern only.
import type { RE2JS } from 're2js';
import type { LogFn } from './pipeline';

/** Texts longer than this are not checked against a pattern: even linear time adds up on a
 * 20 MB WKT, and the service checks the value anyway. */
const MAX_PATTERN_TEXT = 1 << 20;
const MAX_CACHED = 256;

/** True when `value` is acceptable under `pattern` (or the pattern cannot be checked safely). */
export type PatternTest = (pattern: string, value: string) => boolean;

/** Answers kept for values up to this long: a series sends its area's WKT with every date (52
 * checks of one value for 26 dates), and each check ran the engine over it again. */
const MAX_REMEMBERED_TEXT = 64 * 1024;
const MAX_REMEMBERED = 64;

let engine: Promise<typeof import('re2js')> | undefined;
const compiled = new Map<string, RE2JS | null>();
/** pattern → value → whether it matched; all forgotten once MAX_REMEMBERED are kept. */
const answers = new Map<string, Map<string, boolean>>();
let remembered = 0;

function remember(pattern: string, value: string, ok: boolean): boolean {
  if (value.length > MAX_REMEMBERED_TEXT) return ok;
  if (remembered >= MAX_REMEMBERED) {
    answers.clear();
    remembered = 0;
  }
  let byValue = answers.get(pattern);
  if (!byValue) answers.set(pattern, (byValue = new Map()));
  byValue.set(value, ok);
  remembered++;
  return ok;
}

function compile(re2: typeof RE2JS, pattern: string, log: LogFn): RE2JS | null {
  if (compiled.has(pattern)) return compiled.get(pattern)!;
  let result: RE2JS | null;
  try {
    result = re2.compile(pattern);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    log(
      'warn',
      `specification pattern ${JSON.stringify(pattern.slice(0, 80))} is not checked locally (${reason.slice(0, 120)})`,
    );
    result = null;
  }
  if (compiled.size >= MAX_CACHED) compiled.clear();
  compiled.set(pattern, result);
  return result;
}

/** The pattern test, with the linear-time engine loaded. */
export async function loadPatternTest(log: LogFn): Promise<PatternTest> {
  const { RE2JS: re2 } = await (engine ??= import('re2js'));
  return (pattern, value) => {
    if (value.length > MAX_PATTERN_TEXT) {
      log(
        'debug',
        `a ${value.length}-character value is not checked against its specification pattern (longer than ${MAX_PATTERN_TEXT})`,
      );
      return true;
    }
    const known = answers.get(pattern)?.get(value);
    if (known !== undefined) return known;
    const matcher = compile(re2, pattern, log);
    return remember(pattern, value, matcher === null || matcher.matcher(value).find());
  };
}
