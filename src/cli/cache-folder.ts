// The user's cache folder for sat-imagery, where plan and apply keep their estimates for a few
// minutes (workflows/declared/estimate-cache-file.ts): XDG_CACHE_HOME when it is an absolute
// path, %LOCALAPPDATA% on Windows, ~/Library/Caches on macOS, else ~/.cache.
import { isAbsolute, join } from 'node:path';

export function userCacheFolder(env: NodeJS.ProcessEnv, home: string, platform: NodeJS.Platform): string {
  const xdg = env.XDG_CACHE_HOME?.trim();
  if (xdg && isAbsolute(xdg)) return join(xdg, 'sat-imagery');
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'sat-imagery', 'cache');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'sat-imagery');
  return join(home, '.cache', 'sat-imagery');
}
