// The rule for the optional online basemap's template: https (or http to loopback), with the
// {z}/{x}/{y} placeholders. Its origin is the one the map page's CSP allows for images. Pure.

/** The template's origin, or undefined when it is no usable http(s) XYZ template. */
export function tileOrigin(template: string): string | undefined {
  if (!template.includes('{z}') || !template.includes('{x}') || !template.includes('{y}')) return undefined;
  try {
    const url = new URL(template.replace(/\{[a-z-]+\}/g, '0'));
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}
