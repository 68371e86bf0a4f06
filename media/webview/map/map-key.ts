// The map's key: what each colour and line means, for the layers on the map (the area, its billed
// boxes, problems, the account's orders by status, other AOI files, downloaded images' footprints,
// a time series' dates, tiles). Swatches are drawn from the same looks and theme colours as the
// map (common/map/feature-looks.ts), so they follow a theme switch and never disagree with it.
import { el } from '../common/dom';
import { KIND_LOOKS, ORDER_LOOKS, SELECTED_TILE_LOOK } from '../common/map/feature-looks';
import type { AreaLook } from '../common/map/feature-looks';
import { withAlpha } from '../common/map/map-colours';
import type { MapColours } from '../common/map/map-colours';
import type { LayerInfo } from '../common/map/map-types';

type Swatch = AreaLook | { dot: 'problem' | 'warning' };
interface KeyEntry {
  label: string;
  swatch: Swatch;
}

/** The entries each layer (by its id) adds to the key when it has features. */
const ENTRIES: Record<string, KeyEntry[]> = {
  aoi: [{ label: 'Area of interest (this file)', swatch: KIND_LOOKS.aoi }],
  billed: [{ label: 'Billed bounding box', swatch: KIND_LOOKS.billed }],
  problems: [
    { label: 'Error in the area', swatch: { dot: 'problem' } },
    { label: 'Warning', swatch: { dot: 'warning' } },
  ],
  orders: [
    { label: 'Order: active', swatch: ORDER_LOOKS.active },
    { label: 'Order: in review or preparing', swatch: ORDER_LOOKS.pending },
    { label: 'Order: ended, completed or cancelled', swatch: ORDER_LOOKS.ended },
    { label: 'Order: failed', swatch: ORDER_LOOKS.failed },
  ],
  workspace: [{ label: 'Another AOI file of the workspace', swatch: KIND_LOOKS.workspace }],
  fieldValues: [{ label: 'Field without a value in the statistics table', swatch: KIND_LOOKS.fieldValue }],
  footprints: [{ label: 'Downloaded image (footprint)', swatch: KIND_LOOKS.footprint }],
  series: [{ label: 'Time series date (footprint, with its date)', swatch: KIND_LOOKS.footprint }],
  tiles: [
    { label: 'Tile', swatch: KIND_LOOKS.tile },
    { label: 'Mini-tile', swatch: KIND_LOOKS.miniTile },
    { label: 'Tile picked', swatch: SELECTED_TILE_LOOK },
  ],
};

/** The key's entries for the layers on the map, in the layers' order; the area always. */
function keyEntries(layers: readonly LayerInfo[]): KeyEntry[] {
  return layers.filter((l) => l.id === 'aoi' || l.featureCount > 0).flatMap((l) => ENTRIES[l.id] ?? []);
}

function swatchElement(swatch: Swatch, colours: MapColours): HTMLElement {
  const box = el('span', { class: 'map-key-swatch', 'aria-hidden': 'true' });
  if ('dot' in swatch) {
    box.classList.add('dot');
    box.style.background = colours[swatch.dot];
    return box;
  }
  const colour = colours[swatch.colour];
  box.style.borderColor = withAlpha(colour, swatch.strokeAlpha ?? 1);
  // A wide band on the map is a thick border, not a filled square, in a swatch this small.
  box.style.borderWidth = `${Math.min(4, Math.max(1, Math.round(swatch.width)))}px`;
  box.style.borderStyle = !swatch.lineDash ? 'solid' : (swatch.lineDash[0] ?? 0) <= 2 ? 'dotted' : 'dashed';
  // The key's swatches are small: their fill a little stronger than the map's, to be seen.
  box.style.background = swatch.fill > 0 ? withAlpha(colour, Math.min(1, swatch.fill * 2)) : 'transparent';
  box.dataset.colour = colour;
  // What the map's style draws, for the browser test to hold the key to the map (MapView.drawnLooks).
  box.dataset.stroke = withAlpha(colour, swatch.strokeAlpha ?? 1);
  box.dataset.dash = (swatch.lineDash ?? []).join(' ');
  return box;
}

export function renderMapKey(container: HTMLElement, layers: readonly LayerInfo[], colours: MapColours): void {
  const list = el('ul', { class: 'map-key', 'aria-label': 'Key' });
  for (const entry of keyEntries(layers)) list.append(el('li', {}, swatchElement(entry.swatch, colours), entry.label));
  container.replaceChildren(list);
}
