// Two sections of the page: the tile checklist (the keyboard-friendly twin of the clickable map)
// and the exact payload, collapsed, with its Copy button.
import type { ShowMessage } from '../../../src/ui/webview/estimate/protocol';
import type { TileSelectionModel } from '../../../src/ui/webview/estimate/protocol';
import { custom, el } from '../common/dom';

export interface TileListActions {
  has(guid: string): boolean;
  toggle(guid: string): void;
  setAll(on: boolean): void;
}

export function renderTileList(model: TileSelectionModel, readOnly: boolean, actions: TileListActions): HTMLElement {
  const list = el('div', { class: 'tile-list', role: 'group', 'aria-labelledby': 'tiles-heading' });
  for (const tile of model.tiles) {
    const label = `${tile.guid}${tile.epsg ? ` (EPSG ${tile.epsg})` : ''}${tile.miniTile ? ', mini-tile' : ''}`;
    const box = custom('vscode-checkbox', { 'data-tile-guid': tile.guid, 'data-testid': `tile-${tile.guid}` }, label);
    if (readOnly) box.setAttribute('disabled', '');
    box.addEventListener('change', () => {
      const checked = (box as HTMLElement & { checked: boolean }).checked;
      if (checked !== actions.has(tile.guid)) actions.toggle(tile.guid);
    });
    list.append(box);
  }
  const all = custom('vscode-button', { secondary: '', 'data-testid': 'select-all' }, 'Select all');
  const none = custom('vscode-button', { secondary: '', 'data-testid': 'select-none' }, 'Select none');
  all.addEventListener('click', () => actions.setAll(true));
  none.addEventListener('click', () => actions.setAll(false));
  if (readOnly) for (const button of [all, none]) button.setAttribute('disabled', '');
  return el(
    'section',
    { class: 'tiles' },
    el('h2', { id: 'tiles-heading' }, 'Tiles'),
    el('div', { class: 'row' }, all, none),
    list,
  );
}

export function renderPayload(show: ShowMessage, copy: () => void): HTMLElement {
  const button = custom('vscode-button', { secondary: '', 'data-testid': 'copy-payload' }, 'Copy payload');
  button.addEventListener('click', copy);
  const body = el('div', { class: 'payload' }, el('div', { class: 'row' }, button));
  if (show.payloadTruncated) {
    body.append(
      el(
        'p',
        { class: 'note', 'data-testid': 'payload-truncated' },
        'The payload is too large to show in full; Copy payload copies all of it.',
      ),
    );
  }
  body.append(
    el('pre', { tabindex: '0', 'data-testid': 'payload', 'aria-label': 'Request payload' }, show.payloadText),
  );
  return custom(
    'vscode-collapsible',
    { heading: 'Request payload (exactly what Proceed sends)', 'data-testid': 'payload-section' },
    body,
  );
}
