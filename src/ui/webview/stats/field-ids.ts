// The properties of an area file that could name its fields, offered by Show Field Statistics:
// present on every feature, a string or a number, each value once (src/stats refuses two fields
// with one id). Pure, so it is unit-tested in plain Node.

/** The properties that could name each field: present on every feature, a string or number, each value once. */
export function idCandidates(text: string): string[] {
  try {
    const root = JSON.parse(text.replace(/^\uFEFF/, '')) as { type?: unknown; features?: unknown };
    if (root.type !== 'FeatureCollection' || !Array.isArray(root.features) || root.features.length === 0) return [];
    const features = root.features as { properties?: Record<string, unknown> | null }[];
    const names = Object.keys(features[0]?.properties ?? {});
    return names.filter((name) => {
      const values = features.map((f) => f.properties?.[name]);
      return (
        values.every((v) => typeof v === 'string' || typeof v === 'number') &&
        new Set(values.map(String)).size === values.length
      );
    });
  } catch {
    return [];
  }
}
