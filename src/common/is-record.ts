// A parsed JSON value that is an object (not null, not an array): what a reader checks before it
// looks at a field of something that came from a file or an answer.
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
