// Which stretch each channel of a view is drawn with. The page sends the cut-offs a person set (or
// kept while zooming), in values; they apply as given. Cut-offs carried from another date of a
// series apply only when they mean something for this image: an all-nodata date has no stretch
// (its placeholder is 0 to 1 stored, 0–0.0001 in reflectance), and carried to a clear date it
// painted every pixel white. A view without one valid pixel is not drawn at all. No vscode.
import type { ChannelStretch, ValueRule } from '../../../raster';

export interface CutOffs {
  low: number;
  high: number;
}

/** Cut-offs in values (reflectance, index) as stored numbers; high stays above low. */
function storedCutOffs(cut: CutOffs, rule: ValueRule): CutOffs {
  const low = (cut.low - rule.offset) / rule.scale;
  return { low, high: Math.max((cut.high - rule.offset) / rule.scale, low + 1e-9) };
}

/** Whether stored cut-offs mean something for a channel: it has valid pixels, and the cut-offs
 * overlap the bulk of them (its own 2–98 % range). Cut-offs that miss it draw every pixel in one
 * colour: white when all lie above, black when all lie below. */
export function cutOffsSuit(cut: CutOffs, own: ChannelStretch): boolean {
  return own.validCount > 0 && cut.high > cut.low && cut.low < own.high && cut.high > own.low;
}

/** A view with no valid pixel in any channel: there is nothing to stretch or draw. */
export function isEmptyView(own: readonly ChannelStretch[]): boolean {
  return own.every((s) => s.validCount === 0);
}

/**
 * The stretches to draw with: each channel's own (percentile) one where no cut-offs are chosen,
 * else the chosen cut-offs. Carried cut-offs are taken all or none (true colour's three are one
 * stretch): only when they suit every channel, else this image's own percentiles.
 */
export function chooseStretches(
  own: readonly ChannelStretch[],
  chosen: readonly CutOffs[] | undefined,
  rules: readonly ValueRule[],
  carried = false,
): ChannelStretch[] {
  if (!chosen) return [...own];
  const stored = own.map((_, i) =>
    chosen[i] ? storedCutOffs(chosen[i] as CutOffs, rules[i] as ValueRule) : undefined,
  );
  if (carried && !own.every((s, i) => stored[i] !== undefined && cutOffsSuit(stored[i] as CutOffs, s))) return [...own];
  return own.map((s, i) => (stored[i] ? { ...s, ...stored[i] } : s));
}
