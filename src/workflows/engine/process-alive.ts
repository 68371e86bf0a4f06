// Whether a process of this machine still runs: asked before a run takes over a folder's lock or
// removes a `.part` a killed run left behind.

/** True unless the process surely is gone (ESRCH); another user's process (EPERM) is alive. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
