// Messages any map page shares with its panel: the basemap's files travel as messages, not as
// fetches. A webview's fetch goes through VS Code's webview service worker, and one still pending
// when the panel closes is held there for 30 s, during which no new webview of the window can
// start (each registers its own worker and waits for it to take over): a cost panel closed while
// its map loaded left the next one blank. A message to a closed panel is simply dropped.
// Must not import `vscode`.
import * as z from 'zod/mini';

/** The basemap files under dist/basemap/ a page may ask for (esbuild.mjs writes them). */
export const BASEMAP_FILE =
  /^((countries|water)-(110m|50m)\.json|10m\/(index|\d{1,2}_\d{1,2})\.json|places\/(world|index|\d{1,2}_\d{1,2})\.json)$/;

/** Page to host: the text of one basemap file, answered with `basemapFile`. */
export const basemapRequestSchema = z.object({
  type: z.literal('basemapRequest'),
  requestId: z.string(),
  path: z.string().check(z.regex(BASEMAP_FILE)),
});

/** Host to page: the file's text, or why there is none. */
export const basemapReplySchema = z.object({
  type: z.literal('basemapFile'),
  inReplyTo: z.string(),
  text: z.optional(z.string()),
  error: z.optional(z.string()),
});

export type BasemapRequest = z.infer<typeof basemapRequestSchema>;
export type BasemapReply = z.infer<typeof basemapReplySchema>;
