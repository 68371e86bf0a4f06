// A pre-signed upload URL (--upload-url, `UploadUrl`) carries its authority in the query string:
// whoever reads the signature can write to the bucket until it expires. The CLI prints request
// objects with --json and the workflows log what they send, so the query of the URL given is
// redacted wherever it is printed, and so are the signature parameters of the common stores
// (S3, Google Cloud Storage, Azure SAS) in any URL a server repeats.

/** What of `url` must not be printed: its query string, and each longer value in it (raw and
 * decoded). Nothing when it has no query or does not parse (the workflow refuses it then). */
export function uploadUrlSecrets(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  const query = parsed.search.slice(1);
  if (query === '') return [];
  const values = query.split('&').map((pair) => pair.slice(pair.indexOf('=') + 1));
  const decoded = [...parsed.searchParams.values()];
  // The whole query last: it is the one kept when there are many values.
  return [...new Set([...values, ...decoded].filter((v) => v.length >= 8)), query];
}

const SIGNATURE_PARAMETER =
  /([?&](?:x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential|signature|sig)=)[^&\s"'<>]*/gi;

/** `…?X-Amz-Signature=abc` → `…?X-Amz-Signature=[redacted]`, in any URL in the text. */
export function redactSignatures(text: string): string {
  return text.replace(SIGNATURE_PARAMETER, '$1[redacted]');
}
