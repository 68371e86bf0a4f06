// What the image viewer tests share: waiting for a viewer to open, and for its page to show
// something (the texts of its data-testid elements, as it reports them after each render).
import type { ImageViewer } from '../../src/ui/webview/viewer/image-viewer';
import { nextEvent } from './vsc-helpers';

/** The viewer of `file` that opens after `action` (one that was not on screen before). */
export async function viewerOpenedBy(
  file: string,
  viewers: () => ImageViewer[],
  action: () => unknown,
): Promise<ImageViewer> {
  const before = new Set(viewers());
  await action();
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const viewer = viewers().find((v) => !before.has(v) && v.path === file);
    if (viewer) return viewer;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${file} did not open in the image viewer`);
}

/** What the page shows once `accept` holds; on a timeout, what it last showed. */
export async function viewerShows(
  viewer: ImageViewer,
  accept: (texts: Record<string, string>) => boolean,
): Promise<Record<string, string>> {
  const waiting = nextEvent(viewer.onDidRender, accept, 30_000);
  const now = viewer.lastRendered;
  if (now && accept(now)) {
    waiting.catch(() => undefined);
    return now;
  }
  return waiting.catch((error: Error) => {
    throw new Error(`${error.message}; the page last showed ${JSON.stringify(viewer.lastRendered)}`);
  });
}
