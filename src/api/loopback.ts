// Which hosts are this machine's own: the one place plain http may carry the key, since no one
// else can listen in. The one rule "https, or plain http to loopback", for every address the key,
// an upload or the basemap's requests go to: the base URL (client, extension, command line), the
// UploadUrl (request schema, output fields) and the online basemap's template.
const loopbackHosts = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return loopbackHosts.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** True for an https address, or a plain http one to this machine. */
export function isHttpsOrLoopback(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}
