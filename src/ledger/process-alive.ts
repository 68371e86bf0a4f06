// Whether a process of this machine still runs: asked before a run takes over a folder's lock or
// removes a `.part` a killed run left behind. A pid alone is not enough for a lock: after the holder
// died (or the machine restarted) the system may have given its pid to another process, and a lock
// believed live forever holds the folder forever. So a lock records when its process started, and
// a pid that runs but started at another time is another process.
import { readKernelFile } from '../files/bounded-read';

/** True unless the process surely is gone (ESRCH); another user's process (EPERM) is alive. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** What tells a process from a later one given the same pid: on Linux the boot's id
 * (/proc/sys/kernel/random/boot_id, which a restart changes; the boot time of /proc/stat can move by
 * a second as the clock is set) and the process's start in clock ticks since the boot (field 22 of
 * /proc/<pid>/stat). Elsewhere Node says nothing of another process's start: undefined, and the pid
 * alone decides, as it did before. */
export async function processStartOf(pid: number): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    const boot = (await readKernelFile('/proc/sys/kernel/random/boot_id', 64)).trim();
    const stat = await readKernelFile(`/proc/${pid}/stat`, 4096);
    // Field 2, the command's name, is in parentheses and may hold spaces or ')': count after the last one.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return boot !== '' && ticks !== undefined && /^\d+$/.test(ticks) ? `${boot} ${ticks}` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote a lock of this machine still runs: its pid is alive and, when the
 * lock says when that process started (`processStart`; older locks do not), the pid's process now
 * started then. One that cannot be told (no /proc) is believed alive. */
export async function isHolderAlive(holder: { pid: number; processStart?: unknown }): Promise<boolean> {
  if (!isProcessAlive(holder.pid)) return false;
  if (typeof holder.processStart !== 'string') return true;
  const now = await processStartOf(holder.pid);
  return now === undefined || now === holder.processStart;
}
