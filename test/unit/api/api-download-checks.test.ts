// An answer to an image request is saved only when it is the image: each way a server or a proxy
// can answer 2xx with something else (simulator fault `imageAnswer`) ends in an error that says
// what the server sent, with nothing in the folder and the billed request sent once.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import type { FullImageryClient } from '../../../src/api/client';
import type { CompositeRequest } from '../../../src/api/types';
import { generatedTiff, MISANSWER_ENVELOPE_MESSAGE, MISANSWER_PAGE_TEXT } from '../../simulator';
import type { ImageAnswerFault, Simulator } from '../../simulator';
import { refusal, useCompositeDownloads } from './api-test-helpers';

const COMPOSITE = '/api/satelliteimages/process/composite';

describe('api client: an image answer is what it claims to be', function () {
  const downloads = useCompositeDownloads('api-download-checks-');
  let sim: Simulator, client: FullImageryClient, dir: string, composite: CompositeRequest;
  beforeEach(() => {
    ({ sim, client, out: dir, composite } = downloads);
  });

  async function refusedWith(answer: ImageAnswerFault, request: CompositeRequest = composite) {
    sim.configure({ imageAnswer: answer, imageBytes: 200_000 });
    const err = await refusal(client.downloadComposite(request, { directory: dir, fallbackName: 'x.tif' }));
    assert.deepEqual(await readdir(dir), [], 'no file, no .part');
    assert.equal(sim.requests.filter((r) => r.path === COMPOSITE).length, 1, 'the billed request was sent once');
    assert.equal(
      sim.requests.find((r) => r.path === COMPOSITE)?.outcome,
      `fault:${answer}`,
      'the server really sent the fault',
    );
    return err;
  }

  it("refuses the JSON error envelope sent as application/octet-stream, with the service's error", async () => {
    const err = await refusedWith('envelope-as-octet-stream');
    // A 200 holding a refusal contradicts itself: the service's words are kept, the call is held.
    assert.equal(err.mayHaveBeenCharged, true);
    assert.equal(err.code, 1002);
    assert.equal(err.serverMessage, MISANSWER_ENVELOPE_MESSAGE);
    assert.ok(err.message.includes(MISANSWER_ENVELOPE_MESSAGE), err.message);
  });

  it('refuses an empty 200', async () => {
    const err = await refusedWith('empty-200');
    assert.equal(err.kind, 'protocol');
    assert.match(err.message, /answered with an empty body instead of the image; nothing was saved/);
  });

  it('refuses a 206 (part of an image)', async () => {
    const err = await refusedWith('partial-206');
    assert.equal(err.kind, 'protocol');
    assert.equal(err.status, 206);
    assert.match(
      err.message,
      /answered HTTP 206, only part of the image, although the whole image was asked for; nothing was saved/,
    );
  });

  it('refuses a body that is not a TIFF, quoting what the server sent', async () => {
    const err = await refusedWith('not-tiff');
    assert.equal(err.kind, 'protocol');
    assert.match(err.message, /answered with a body that is not a TIFF, the file type asked for; nothing was saved/);
    assert.ok(err.message.includes(MISANSWER_PAGE_TEXT), err.message);
    assert.doesNotMatch(err.message, /<html|<h1/, 'markup is left out of the quote');
  });

  it('reports a JSON refusal nested 20,000 deep as a bad answer, not a connection error', async () => {
    const err = await refusedWith('deep-json');
    assert.equal(err.kind, 'protocol');
    assert.equal(err.status, 200);
    assert.match(
      err.message,
      /answered with application\/json instead of the image; nothing was saved\. Its JSON is not read: it is nested more than 128 levels deep/,
    );
    assert.doesNotMatch(err.message, /connection|RangeError|call stack/i);
  });

  it('refuses a 200 whose Content-Range says it holds 100 bytes of the image', async () => {
    const err = await refusedWith('range-200');
    assert.equal(err.kind, 'protocol');
    assert.match(err.message, /answered HTTP 200 with Content-Range "bytes 0-99\/200000", only part of the image/);
  });

  it('refuses a gzip body expanding 1 MiB to 1 GiB as it expands: no file, no .part', async function () {
    this.timeout(20_000);
    const before = process.memoryUsage.rss();
    const err = await refusedWith('gzip-bomb');
    assert.equal(err.kind, 'protocol');
    assert.match(
      err.message,
      /answered with a compressed body that expands more than 200 times \(\d+ MiB from \d+ KiB so far\); it is not an image, nothing was saved/,
    );
    assert.ok(process.memoryUsage.rss() - before < 256 * 1024 * 1024, 'memory stays bounded');
  });

  it('decodes a gzip-encoded image and saves the image itself, never the compressed bytes', async () => {
    sim.configure({ imageAnswer: 'gzip', imageBytes: 3 * 1024 * 1024 + 5 });
    const progress: number[] = [];
    const result = await client.downloadComposite(composite, {
      directory: dir,
      fallbackName: 'x.tif',
      onProgress: (received) => progress.push(received),
    });
    assert.equal(sim.requests.find((r) => r.path === COMPOSITE)?.outcome, 'fault:gzip');
    const expected = createHash('sha256');
    for (const chunk of generatedTiff(3 * 1024 * 1024 + 5, 1)) expected.update(chunk);
    assert.equal(
      createHash('sha256')
        .update(await readFile(result.path as string))
        .digest('hex'),
      expected.digest('hex'),
    );
    assert.equal(result.bytes, 3 * 1024 * 1024 + 5);
    assert.ok((progress.at(-1) as number) < result.bytes, 'progress counts the (compressed) bytes from the network');
    assert.deepEqual(await readdir(dir), [(result.path as string).slice(dir.length + 1)]);
  });
});
