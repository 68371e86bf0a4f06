// The map's layer list: one checkbox per toggleable layer, with its feature count. Rendered from
// MapView.layers() each time they change; toggling calls back so the page can remember it.
import type { LayerInfo } from './map-types';

export function renderLayerList(
  container: HTMLElement,
  layers: readonly LayerInfo[],
  onToggle: (id: string, visible: boolean) => void,
): void {
  // The layers change whenever the host sends one (orders, a download, another AOI file saved):
  // the keyboard's focus on a layer's checkbox stays on that layer's new one, where it fell to the
  // page's body and Tab started again from the top.
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && container.contains(active) ? active.dataset.testid : undefined;
  container.replaceChildren();
  const list = document.createElement('ul');
  list.className = 'map-layers';
  list.setAttribute('aria-label', 'Map layers');
  for (const layer of layers) {
    if (!layer.toggleable) continue;
    const item = document.createElement('li');
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = layer.visible;
    box.dataset.testid = `layer-${layer.id}`;
    box.addEventListener('change', () => onToggle(layer.id, box.checked));
    const count = document.createElement('span');
    count.className = 'count';
    count.textContent = ` (${layer.featureCount})`;
    label.append(box, ` ${layer.title}`, count);
    item.append(label);
    list.append(item);
  }
  container.append(list);
  if (focused) list.querySelector<HTMLElement>(`[data-testid="${focused}"]`)?.focus({ preventScroll: true });
}
