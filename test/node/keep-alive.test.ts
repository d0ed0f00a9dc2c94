import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failuresOf, keepAliveLoad } from '../../bench/lib/keep-alive-load';
import { type ServedWorker, serveWorker } from '../../scripts/local/worker';
import { buildManifest } from '../../scripts/local/worker-build';

/**
 * Answers as the worker does before it reads a body: 413 on a declared size above its
 * limit, 401 without a key, and reads the body otherwise. (The real worker under the same
 * load through `npm run dev`: bench/dev-resets.ts, bench/DEV-STACK.md.)
 */
const EARLY_ANSWERS = `export default {
  async fetch(request) {
    if (Number(request.headers.get('content-length') ?? 0) > 256 * 1024)
      return Response.json({ code: 'PAYLOAD_TOO_LARGE' }, { status: 413 });
    const auth = request.headers.get('authorization') ?? '';
    if (!request.headers.get('x-api-key') && !auth.startsWith('Bearer sk_demo_'))
      return Response.json({ code: 'UNAUTHORIZED' }, { status: 401 });
    const body = request.body ? await request.text() : '';
    return Response.json({ read: body.length }, { status: body && !body.endsWith('}') ? 400 : 200 });
  },
};
`;

/** The local server `npm run dev` uses (scripts/local/worker.ts) under a keep-alive load. */
describe('the local worker server under a keep-alive load', () => {
  let dir: string;
  let served: ServedWorker;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storefront-keep-alive-'));
    const manifest = await buildManifest(dir);
    await writeFile(path.join(dir, manifest.main), EARLY_ANSWERS);
    served = await serveWorker({ built: { ...manifest, dir }, bindings: {} });
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('drops none of 5,000 requests, 40 in flight, early 401s and 413s to unread bodies included', async () => {
    const result = await keepAliveLoad(served.origin, 5_000, 40);
    expect(result.examples).toEqual([]);
    expect(failuresOf(result)).toBe(0);
    expect(result.requests).toBe(5_000);
    // The early answers were sent, so the unread bodies were there to trip over.
    expect(result.statuses[401]).toBeGreaterThan(1_000);
    expect(result.statuses[413]).toBeGreaterThan(500);
    expect(result.statuses[200]).toBeGreaterThan(1_000);
  }, 120_000);
});
