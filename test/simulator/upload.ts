// UploadUrl: the service renders the image, PUTs it to the address the request named and
// answers 201 with no body. The simulator sends only to this machine (a test's loopback
// receiver); for any other address it answers 201 without sending anything.
import { request } from 'node:http';
import { validationError } from './envelope';

const LOOPBACK = /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/;

/** The loopback address to PUT to; undefined for any other address (answered 201 without sending,
 * since a test machine sends nothing off itself); 992 for text that is no address. */
export function checkUploadUrl(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw validationError({ UploadUrl: ['UploadUrl must be an http(s) URL.'] });
  }
  return url.protocol === 'http:' && LOOPBACK.test(url.hostname) ? url : undefined;
}

/** PUTs the body; resolves with the receiver's status, or throws when it cannot be reached. */
export function putImage(url: URL, body: Buffer, fileName: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'PUT',
        headers: {
          'Content-Type': 'image/tiff',
          'Content-Length': String(body.length),
          'Content-Disposition': `attachment; filename="${fileName}"`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('upload timed out')));
    req.on('error', reject);
    req.end(body);
  });
}
