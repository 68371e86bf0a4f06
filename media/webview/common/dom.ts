// Small DOM helpers: every text goes in through textContent, never as HTML, since titles,
// settings and payloads come from the service and from files the person opened.

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** A custom element (vscode-elements) with attributes and text children. */
export function custom(
  tag: string,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** A label/value row of a definition list, the value carrying a data-testid for tests. */
export function fact(label: string, value: string, testId: string, extraClass = ''): HTMLElement[] {
  return [el('dt', {}, label), el('dd', { 'data-testid': testId, class: extraClass }, value)];
}
