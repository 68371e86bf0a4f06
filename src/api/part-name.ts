// The name a download streams into before it is whole: `<final name>.<pid>-<host>.part`. The
// process and the machine that write it are in the name, so a later run in the folder can tell a
// `.part` left by a process that died (kill -9, a crash, a power cut) from one a live process is
// still writing, and remove only the first (engine/output-folder.ts).
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';

/** Eight hex digits of the host name: short, and the same for every process of this machine. */
export const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

export function partPathOf(finalPath: string): string {
  return `${finalPath}.${process.pid}-${HOST_TAG}.part`;
}

const PART_NAME = /\.(\d{1,10})-([0-9a-f]{8})\.part$/;

/** The writer of a `.part` name, or undefined for any other name. */
export function partOwner(name: string): { pid: number; host: string } | undefined {
  const match = PART_NAME.exec(name);
  return match ? { pid: Number(match[1]), host: match[2]! } : undefined;
}
