// The map's colours, read from VS Code's theme variables (the canvas cannot use CSS variables
// directly), so the map follows light, dark and high-contrast themes like the rest of the page.
// Read again when VS Code switches the theme (it changes the body's class).

export interface MapColours {
  foreground: string;
  background: string;
  land: string;
  coast: string;
  border: string;
  /** Lakes and rivers (the basemap fills lakes with it at a lower alpha). */
  water: string;
  graticule: string;
  aoi: string;
  billed: string;
  tile: string;
  miniTile: string;
  footprint: string;
  workspace: string;
  problem: string;
  warning: string;
  highlight: string;
  /** Order status colours. */
  active: string;
  pending: string;
  ended: string;
  failed: string;
}

let probe: CanvasRenderingContext2D | null | undefined;

/** [r, g, b, a] of any CSS colour the canvas understands; black when it understands none. */
function parseColour(css: string): [number, number, number, number] {
  probe ??= document.createElement('canvas').getContext('2d');
  if (!probe) return [0, 0, 0, 1];
  probe.fillStyle = '#000';
  probe.fillStyle = css.trim() || '#000';
  const normal = String(probe.fillStyle);
  if (normal.startsWith('#')) {
    const n = parseInt(normal.slice(1, 7), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const parts = normal
    .replace(/^rgba?\(|\)$/g, '')
    .split(',')
    .map(Number);
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
}

/** The colour with its alpha multiplied by `alpha`, as an rgba() string. */
export function withAlpha(css: string, alpha: number): string {
  const [r, g, b, a] = parseColour(css);
  return `rgba(${r}, ${g}, ${b}, ${Math.round(a * alpha * 1000) / 1000})`;
}

function variable(style: CSSStyleDeclaration, name: string, fallback: string): string {
  return style.getPropertyValue(name).trim() || fallback;
}

export function readMapColours(element: Element = document.body): MapColours {
  const style = getComputedStyle(element);
  const foreground = variable(style, '--vscode-foreground', '#616161');
  return {
    foreground,
    background: variable(style, '--vscode-editor-background', '#ffffff'),
    land: withAlpha(foreground, 0.09),
    coast: withAlpha(foreground, 0.5),
    border: withAlpha(foreground, 0.28),
    // The theme's cyan, not blue: blue is the area of interest's colour.
    water: variable(style, '--vscode-terminal-ansiCyan', '#0598bc'),
    graticule: withAlpha(foreground, 0.16),
    aoi: variable(style, '--vscode-charts-blue', '#1a85ff'),
    billed: variable(style, '--vscode-charts-orange', '#d18616'),
    tile: variable(style, '--vscode-charts-green', '#388a34'),
    miniTile: variable(style, '--vscode-charts-purple', '#652d90'),
    // Purple, not the yellows and oranges of billed boxes, pending orders and warnings.
    footprint: variable(style, '--vscode-charts-purple', '#652d90'),
    workspace: variable(style, '--vscode-descriptionForeground', '#717171'),
    problem: variable(style, '--vscode-editorError-foreground', '#e51400'),
    warning: variable(style, '--vscode-editorWarning-foreground', '#bf8803'),
    highlight: variable(style, '--vscode-focusBorder', '#0090f1'),
    active: variable(style, '--vscode-charts-green', '#388a34'),
    pending: variable(style, '--vscode-charts-yellow', '#bf8803'),
    ended: variable(style, '--vscode-disabledForeground', '#999999'),
    failed: variable(style, '--vscode-charts-red', '#e51400'),
  };
}

/** Calls `onChange` whenever VS Code switches the theme; returns the stop function. */
export function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(() => onChange());
  observer.observe(document.body, { attributes: true, attributeFilter: ['class', 'data-vscode-theme-id'] });
  return () => observer.disconnect();
}
