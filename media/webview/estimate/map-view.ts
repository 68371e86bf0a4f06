// The AOI map as SVG elements: drawn polygons filled, billed boxes dashed, and (for a tile
// selection) tile footprints that toggle on click, Space or Enter, each announced as a checkbox.
import { svg } from '../common/dom';
import { formatNumber } from '../../../src/common/format';
import type { Locale } from '../../../src/common/format';
import { layoutMap } from '../common/svg-map';
import type { MapInput } from '../common/svg-map';

export interface MapSelection {
  isSelected(guid: string): boolean;
  toggle(guid: string): void;
}

export function renderMap(input: MapInput, selection: MapSelection | undefined, locale: Locale): SVGElement | undefined {
  const layout = layoutMap(input);
  if (!layout) return undefined;
  const root = svg('svg', {
    viewBox: `0 0 ${layout.width} ${layout.height}`,
    class: 'aoi-map',
    role: 'group',
    'aria-label': 'Area of interest (drawn polygons) with the billed bounding boxes dashed',
    'data-testid': 'map',
  });
  root.append(svg('title', {}, 'Area of interest and billed area'));
  layout.tiles.forEach((tile, index) => {
    const selected = selection?.isSelected(tile.guid) ?? false;
    const path = svg('path', {
      d: tile.path,
      class: `tile${selected ? ' selected' : ''}`,
      'fill-rule': 'evenodd',
      'data-testid': `map-tile-${tile.guid}`,
    });
    if (selection) {
      path.setAttribute('tabindex', '0');
      path.setAttribute('role', 'checkbox');
      path.setAttribute('aria-checked', String(selected));
      path.setAttribute('aria-label', `Tile ${index + 1}: ${tile.guid}`);
      path.addEventListener('click', () => selection.toggle(tile.guid));
      path.addEventListener('keydown', (event) => {
        if (event.key === ' ' || event.key === 'Enter') {
          event.preventDefault();
          selection.toggle(tile.guid);
        }
      });
    }
    path.append(svg('title', {}, tile.guid));
    root.append(path);
  });
  for (const d of layout.polygons) root.append(svg('path', { d, class: 'aoi', 'fill-rule': 'evenodd' }));
  for (const d of layout.boxes) root.append(svg('path', { d, class: 'billed-box' }));
  const { west, south, east, north } = layout.extent;
  const hemisphere = (value: number, positive: string, negative: string) =>
    `${formatNumber(Math.abs(value), locale, 4)}° ${value < 0 ? negative : positive}`;
  const corner = (lon: number, lat: number) => `${hemisphere(lat, 'N', 'S')} ${hemisphere(lon, 'E', 'W')}`;
  root.append(
    svg('text', { x: '4', y: '10', class: 'corner' }, corner(west, north)),
    svg('text', { x: String(layout.width - 4), y: String(layout.height - 3), class: 'corner end' }, corner(east, south)),
  );
  return root;
}
