// A page's HTML shell: a strict Content Security Policy (nothing by default, scripts only with
// this load's nonce, styles and fonts only from the extension's own webview origin) and the
// page's bundled script and the shared stylesheet. Everything the page shows is rendered by its
// script from the host's messages. Pure (the URI mapping is passed in), so the CSP is unit-tested in plain Node.
import { randomBytes } from 'node:crypto';

/** Folders the page may load from, relative to the extension root (localResourceRoots). */
export const WEBVIEW_RESOURCE_FOLDERS = ['media', 'dist'] as const;
export const WEBVIEW_SCRIPT = 'dist/webview.js';
export const WEBVIEW_STYLE = 'media/webview.css';
const MAP_STYLE = 'dist/map.css';

export interface PageShellOptions {
  /** `webview.cspSource`: the origin VS Code serves local resources from. */
  cspSource: string;
  /** Maps a path relative to the extension root to a URI the page may load (asWebviewUri). */
  asWebviewUri: (relativePath: string) => string;
  nonce: string;
  title: string;
  /** The page's bundle (default: the estimate page's). */
  script?: string;
  /** Shown until the script has rendered. */
  loadingText?: string;
  /** One more origin images may come from (the online basemap the person configured). */
  imageOrigin?: string;
  /** The page draws maps: the map component's stylesheet (dist/map.css) is linked in the head,
   * so it is in before the page's script runs and nothing is still loading once the page has
   * rendered (a load pending when a panel closes stalls the next webview: common/protocol.ts). */
  mapStyle?: boolean;
}

/** A fresh nonce for each page load: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function contentSecurityPolicy(cspSource: string, nonce: string, extra: { imageOrigin?: string } = {}): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource}${extra.imageOrigin ? ` ${extra.imageOrigin}` : ''}`,
    `font-src ${cspSource}`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

export function buildPageShell(options: PageShellOptions): string {
  const nonce = escapeHtml(options.nonce);
  const csp = escapeHtml(contentSecurityPolicy(options.cspSource, options.nonce, options));
  const styleUri = escapeHtml(options.asWebviewUri(WEBVIEW_STYLE));
  const scriptUri = escapeHtml(options.asWebviewUri(options.script ?? WEBVIEW_SCRIPT));
  const mapStyle = options.mapStyle
    ? `\n<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(options.asWebviewUri(MAP_STYLE))}" data-map-style>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" nonce="${nonce}" href="${styleUri}">${mapStyle}
<title>${escapeHtml(options.title)}</title>
</head>
<body>
<main id="app" aria-live="polite" aria-busy="true"><p class="loading">${escapeHtml(options.loadingText ?? 'Loading the estimate…')}</p></main>
<script nonce="${nonce}" src="${scriptUri}"></script>
</body>
</html>`;
}
