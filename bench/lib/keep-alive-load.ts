/**
 * A keep-alive load that mixes ordinary requests with early answers to bodies the server
 * never reads (a 401 before the body, a 413 on a large body), sent with undici's defaults
 * (Node's global fetch: one keep-alive pool per origin, connections reused as they free up).
 * Counts every request that failed at the socket (ECONNRESET, `other side closed`) rather
 * than with an HTTP status.
 */
import { DEMO_API_KEY, DEMO_MERCHANT_KEY } from '../../scripts/seed/keys';

export type LoadResult = {
  requests: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  /** Requests that never got an answer, by the error's code (ECONNRESET, UND_ERR_SOCKET…). */
  failures: Record<string, number>;
  /** The first few failures as the client saw them. */
  examples: string[];
  ms: number;
};

type Shot = { path: string; init: RequestInit };

/** The request cycle: one in three reads a body, the others are answered before it is read. */
function shots(): Shot[] {
  const json = (size: number) => JSON.stringify({ email: 'a@b.example', pad: 'x'.repeat(size) });
  const key = { 'x-api-key': DEMO_API_KEY };
  return [
    { path: '/access/api/v1/products?limit=3', init: { headers: key } },
    // 401 before the body: no key.
    {
      path: '/access/api/v1/auth',
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: json(2_000) },
    },
    // 401 before the body: a merchant key that does not exist, 100 KB body.
    {
      path: '/admin/api/v1/products',
      init: {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk_live_nonexistent',
          'content-type': 'application/json',
        },
        body: json(100_000),
      },
    },
    { path: '/access/api/v1/settings/health', init: { headers: key } },
    // 413 before the body: above the 256 KiB JSON limit.
    {
      path: '/access/api/v1/auth',
      init: {
        method: 'POST',
        headers: { ...key, 'content-type': 'application/json' },
        body: json(300_000),
      },
    },
    // 422/400 after reading a small body.
    {
      path: '/admin/api/v1/products',
      init: {
        method: 'POST',
        headers: {
          authorization: `Bearer ${DEMO_MERCHANT_KEY}`,
          'content-type': 'application/json',
        },
        body: '{"title":',
      },
    },
  ];
}

const codeOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? (error as Error).name ?? 'unknown';
};

/** Sends `total` requests, `inFlight` at a time, to `origin`. */
export async function keepAliveLoad(
  origin: string,
  total = 5_000,
  inFlight = 40,
): Promise<LoadResult> {
  const cycle = shots();
  const result: LoadResult = { requests: 0, statuses: {}, failures: {}, examples: [], ms: 0 };
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const shot = cycle[next++ % cycle.length] as Shot;
      try {
        const response = await fetch(`${origin}${shot.path}`, shot.init);
        await response.arrayBuffer();
        result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
      } catch (error) {
        const code = codeOf(error);
        result.failures[code] = (result.failures[code] ?? 0) + 1;
        if (result.examples.length < 5)
          result.examples.push(
            `${shot.init.method ?? 'GET'} ${shot.path}: ${(error as Error).message} (${code})`,
          );
      }
      result.requests += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  result.ms = Date.now() - started;
  return result;
}

export const failuresOf = (result: LoadResult) =>
  Object.values(result.failures).reduce((sum, n) => sum + n, 0);
