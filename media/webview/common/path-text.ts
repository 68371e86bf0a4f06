// A file path as a panel shows it: whole, its lines broken after a separator, not inside a folder's
// or a file's name. Chromium breaks a long word after any hyphen ("imagery/farm-north-" then
// "2026/true-colour-…"), or anywhere where a cell allows it, and never after a slash. Each name with
// the separator after it is an unbreakable inline block (media/webview.css, .path-part), so a line
// ends only between them. The text is the path unchanged, for a screen reader and a copy.
import { el } from './dom';

export function pathText(path: string): HTMLElement {
  const parts = path.split(/(?<=[/\\])/);
  return el('span', { class: 'path' }, ...parts.map((part) => el('span', { class: 'path-part' }, part)));
}
