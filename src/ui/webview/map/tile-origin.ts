// The rule for the optional online basemap's template: https (or http to loopback), with the
// {z}/{x}/{y} placeholders. Its origin is the one the map page's CSP allows for images. Pure.
import { isHttpsOrLoopback } from '../../../api/loopback';

/** The template's origin, or undefined when it is no usable http(s) XYZ template. */
export function tileOrigin(template: string): string | undefined {
  if (!template.includes('{z}') || !template.includes('{x}') || !template.includes('{y}')) return undefined;
  try {
    const url = new URL(template.replace(/\{[a-z-]+\}/g, '0'));
    if (!isHttpsOrLoopback(url)) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}
