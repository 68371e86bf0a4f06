// Which hosts are this machine's own: the one place plain http may carry the key, since no one
// else can listen in. Shared by the extension's base-URL check and the command line's.
const loopbackHosts = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}
