// True colour keeps its balance: the three channels share one stretch (the lowest of their low
// cut-offs to the highest of their high ones), as imagery viewers apply one gain to red, green and
// blue. A stretch per channel maps each band's own 2–98 % to the full range and so pulls the
// colours apart: a landscape mixed from soil and vegetation alone comes out grey, since each band
// is then a line of the same mixing fraction. Linked only when the bands' stored numbers mean the
// same (one scale and offset); false colour and single bands keep a stretch per channel.
import type { BandMapping } from './presets';
import type { ChannelStretch } from './stretch';
import type { ValueRule } from './values';

/** True when the mapping's channels are stretched together. */
export function isLinked(mapping: BandMapping, rules: readonly ValueRule[]): boolean {
  if (!mapping.linked || mapping.bands.length !== 3) return false;
  const first = rules[mapping.bands[0] as number];
  return (
    first !== undefined &&
    mapping.bands.every((b) => rules[b]?.scale === first.scale && rules[b]?.offset === first.offset)
  );
}

/** The channels with one shared low and high cut-off; the rest of each channel (min, max, histogram) stays its own. */
export function linkStretches(stretches: readonly ChannelStretch[]): ChannelStretch[] {
  const valid = stretches.filter((s) => s.validCount > 0);
  if (valid.length === 0) return [...stretches];
  const low = Math.min(...valid.map((s) => s.low));
  const high = Math.max(...valid.map((s) => s.high));
  return stretches.map((s) => ({ ...s, low, high }));
}
