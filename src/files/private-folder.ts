// The folder where the product keeps what one user's runs share (the estimates between a plan and
// its apply, the field statistics' row cache): what is read from there is taken as true, so it is
// made owner-only, and used only while it is a folder of this user that no one else can write in
// (a file there could otherwise have been put there by them).
import { lstat, mkdir } from 'node:fs/promises';

/** Of this user, and nobody else may read or write it (`others` 0o077), or write it or in it
 * (0o022). Where the platform says nothing of owners, the folder's place decides. */
export function ownedAlone(info: { uid: number; mode: number }, others = 0o077): boolean {
  const me = process.getuid?.();
  return me === undefined || (info.uid === me && (info.mode & others) === 0);
}

/** Makes `folder` (and each missing folder above it) owner-only; true when it can be used: a
 * folder, not a link, of this user, that nobody else can write in. */
export async function usePrivateFolder(folder: string): Promise<boolean> {
  return mkdir(folder, { recursive: true, mode: 0o700 })
    .then(() => lstat(folder))
    .then((info) => info.isDirectory() && ownedAlone(info, 0o022))
    .catch(() => false);
}
