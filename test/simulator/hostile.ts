// Answers no real service should send, for the client's defences: JSON nested 20 000 deep (a
// recursive walk overflows the stack), a `__proto__` key whose value would become the prototype of
// a naively copied object (here carrying a TaskingModels list of its own), and a 70 MiB array
// (past what V8 parses without freezing, sent while generated so the simulator stays small).
import type { ServerResponse } from 'node:http';
import { waitForDrain } from './image-response';

export type HostileJson = 'deep-nesting' | 'proto-keys' | 'huge-array';

const HOSTILE_DEPTH = 20_000;
const HUGE_ARRAY_BYTES = 70 * 1024 * 1024;

function* hugeArray(): Generator<Buffer> {
  yield Buffer.from('{"Succeeded":true,"Data":{"TaskOrders":[0');
  const piece = Buffer.from(',0'.repeat(32 * 1024));
  for (let sent = 0; sent < HUGE_ARRAY_BYTES; sent += piece.length) yield piece;
  yield Buffer.from(']},"Error":null}');
}

function* bodyOf(kind: HostileJson): Generator<Buffer> {
  if (kind === 'deep-nesting') {
    yield Buffer.from(
      `{"Succeeded":true,"Data":${'['.repeat(HOSTILE_DEPTH)}${']'.repeat(HOSTILE_DEPTH)},"Error":null}`,
    );
  } else if (kind === 'proto-keys') {
    const injected = {
      TaskingModels: [{ Model: 'Injected' }],
      TaskOrders: [{ TaskOrderGuid: 'injected' }],
      MaxConcurrentConnections: 1000,
    };
    yield Buffer.from(`{"Succeeded":true,"Data":{"__proto__":${JSON.stringify(injected)}},"Error":null}`);
  } else yield* hugeArray();
}

/** Sends the hostile answer with status 200 (chunked, generated while sent); its log outcome. */
export async function sendHostileJson(res: ServerResponse, kind: HostileJson): Promise<string> {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  for (const chunk of bodyOf(kind)) {
    if (res.destroyed) return 'aborted-by-client';
    if (!res.write(chunk)) {
      const drained = await waitForDrain(res);
      if (!drained) return 'aborted-by-client';
    }
  }
  await new Promise<void>((resolve) => res.end(resolve));
  return `fault:hostile-${kind}`;
}
