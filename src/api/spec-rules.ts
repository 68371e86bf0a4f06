// Applies the specification document's facts to a request body before it is sent: field names
// are spelled as the document spells them, and enums and limits are checked, so a value the
// service would refuse is refused locally with the allowed values named.
import type { PatternTest } from './safe-pattern';
import type { FieldFacts, SpecificationFacts } from './specification';

/** Body with each known field renamed to the document's spelling (e.g. `until` → `Until`). */
export function alignFieldNames(
  body: Record<string, unknown>,
  fields: Record<string, FieldFacts> | undefined,
): Record<string, unknown> {
  if (!fields) return body;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) out[fields[key.toLowerCase()]?.name ?? key] = value;
  return out;
}

function list(values: unknown[]): string {
  const shown = values.slice(0, 12).map(String).join(', ');
  return values.length > 12 ? `${shown}, …` : shown;
}

/** True when some string value of the body has a pattern to meet (so the pattern engine is needed). */
export function needsPatterns(body: Record<string, unknown>, key: string, facts: SpecificationFacts): boolean {
  const fields = facts.requestFields[key];
  return (
    !!fields &&
    Object.entries(body).some(
      ([name, value]) => typeof value === 'string' && fields[name.toLowerCase()]?.pattern !== undefined,
    )
  );
}

/** Per-field problems of a body against the document's enums and limits (empty when none).
 * Patterns are checked only with `patternTest` (safe-pattern.ts), never with a backtracking RegExp. */
export function checkAgainstSpecification(
  body: Record<string, unknown>,
  key: string,
  facts: SpecificationFacts,
  patternTest?: PatternTest,
): Record<string, string[]> {
  const fields = facts.requestFields[key];
  const problems: Record<string, string[]> = {};
  if (!fields) return problems;
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  for (const [name, value] of Object.entries(body)) {
    const rule = fields[name.toLowerCase()];
    if (!rule || value === undefined || value === null) continue;
    if (rule.enum && !rule.enum.includes(value))
      add(name, `${name} must be one of: ${list(rule.enum)} (got ${JSON.stringify(value)}).`);
    if (typeof value === 'number') {
      if (rule.minimum !== undefined && value < rule.minimum) add(name, `${name} must be at least ${rule.minimum}.`);
      if (rule.maximum !== undefined && value > rule.maximum) add(name, `${name} must be at most ${rule.maximum}.`);
    }
    if (typeof value === 'string' && rule.pattern && patternTest && !patternTest(rule.pattern, value)) {
      add(name, `${name} has a form the service does not accept (${JSON.stringify(value)}).`);
    }
    if (typeof value === 'string' && rule.maxLength !== undefined && value.length > rule.maxLength) {
      add(name, `${name} is longer than the ${rule.maxLength} characters the service accepts.`);
    }
    if (Array.isArray(value)) {
      if (rule.itemsEnum) {
        const bad = value.filter((v) => !rule.itemsEnum!.includes(v));
        if (bad.length > 0)
          add(name, `${name} may hold only: ${list(rule.itemsEnum)} (got ${bad.map(String).join(', ')}).`);
      }
      if (rule.maxItems !== undefined && value.length > rule.maxItems)
        add(name, `${name} may hold at most ${rule.maxItems} entries.`);
      if (rule.minItems !== undefined && value.length < rule.minItems)
        add(name, `${name} must hold at least ${rule.minItems} entries.`);
    }
  }
  return problems;
}
