// The order the map draws downloaded images in, bottom first: where images overlap, the newest is
// on top, and of one date a colour image (three bands or more) is above a one- or two-band one
// (an index, a near-infrared pair), which the map can only show in grey. A grey two-band image
// listed after the colour ones once covered them all. The map's key says this rule.

export interface DrawnImage {
  /** Workspace-relative name: the last tie-break, so the order never depends on the file system. */
  name: string;
  /** The acquisition date (the STAC Item's datetime), ISO; unknown sorts as the oldest. */
  date?: string;
  bands: number;
}

export function drawOrder<T extends DrawnImage>(images: readonly T[]): T[] {
  const colour = (image: DrawnImage) => (image.bands >= 3 ? 1 : 0);
  return [...images].sort(
    (a, b) => (a.date ?? '').localeCompare(b.date ?? '') || colour(a) - colour(b) || a.name.localeCompare(b.name),
  );
}
