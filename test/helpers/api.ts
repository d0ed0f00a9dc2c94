import { checkResponse } from './contract';
import { dispatch } from './worker';

export const API_BASE = '/access/api/v1';

export type ApiResponse = {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert response bodies field by field
  body: any;
  /** Statements the endpoint sent to Postgres, shop resolution left out (Server-Timing `db`). */
  roundTrips: number;
};

/**
 * 503 SERVICE_UNAVAILABLE with Retry-After: the answer a busy machine may give a request whose
 * database budget ran out (docs/reliability.md); it wrote nothing, and the client may retry.
 */
export const isUnavailable = (res: ApiResponse) =>
  res.status === 503 &&
  res.body?.code === 'SERVICE_UNAVAILABLE' &&
  Number(res.headers.get('retry-after')) > 0;

/**
 * The answers of simultaneous requests, with each one answered 503 with Retry-After sent again
 * as its client would (here at once, one at a time, for at most `rounds` rounds): the settled
 * answers, and how many requests are still unavailable after the last round.
 */
export async function settleUnavailable(
  answers: ApiResponse[],
  send: () => Promise<ApiResponse>,
  rounds = 3,
): Promise<{ settled: ApiResponse[]; unavailable: number }> {
  const settled = answers.filter((res) => !isUnavailable(res));
  let unavailable = answers.length - settled.length;
  for (let round = 0; round < rounds && unavailable > 0; round++) {
    const retries = unavailable;
    unavailable = 0;
    for (let i = 0; i < retries; i++) {
      const res = await send();
      if (isUnavailable(res)) unavailable++;
      else settled.push(res);
    }
  }
  return { settled, unavailable };
}

export type CallOptions = {
  method?: string;
  body?: unknown;
  apiKey?: string;
  token?: string;
  headers?: Record<string, string>;
};

const readRoundTrips = (headers: Headers) => {
  const match = /(?:^|,\s*)db;desc="(\d+)"/.exec(headers.get('server-timing') ?? '');
  return match ? Number(match[1]) : Number.NaN;
};

/** A fresh client IP, so a test has its own rate-limit budget. */
export const newIp = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
};

/** Sends a request to the worker over HTTP (its real fetch handler) and reads the answer. */
export async function call(path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers = new Headers(options.headers);
  if (options.apiKey) headers.set('x-api-key', options.apiKey);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | Uint8Array | undefined;
  if (options.body instanceof Uint8Array) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const method = options.method ?? (body ? 'POST' : 'GET');
  // Each order placement, coupon check and merchant key request comes from a client IP of its
  // own unless the test names one, so the per-IP limits (test/orders/rate-limit.test.ts,
  // test/coupons/rate-limit.test.ts, unknown merchant keys in
  // test/node/faults/merchant-keys.test.ts) do not tie together unrelated tests.
  const perIpLimited = method === 'POST' && (path === '/orders' || path === '/coupons');
  const merchantKey = /^Bearer sk_/i.test(headers.get('authorization') ?? '');
  if ((perIpLimited || merchantKey) && !headers.has('cf-connecting-ip')) {
    headers.set('cf-connecting-ip', newIp());
  }
  const url = path.startsWith('http')
    ? path
    : `http://storefront.test${path.startsWith('/storage') || path.startsWith('/docs') ? '' : API_BASE}${path}`;
  const response = await dispatch(new Request(url, { method, headers, body }));
  const text = await response.text();
  let parsed: unknown = text;
  const contentType = response.headers.get('content-type');
  if (contentType?.includes('json')) parsed = text ? JSON.parse(text) : null;
  // Every answer is held to its route's declaration, in one place for the whole suite.
  checkResponse(method, new URL(url).pathname, {
    status: response.status,
    contentType,
    body: parsed,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: parsed,
    roundTrips: readRoundTrips(response.headers),
  };
}

/**
 * A client bound to one shop's key (and optionally a customer token and default headers,
 * e.g. the device id the token was issued to; a call's own headers win).
 */
export function client(apiKey: string, token?: string, headers?: Record<string, string>) {
  const bound =
    (method: string) =>
    (path: string, body?: unknown, extra: Omit<CallOptions, 'method' | 'body'> = {}) =>
      call(path, {
        apiKey,
        ...(token ? { token } : {}),
        ...extra,
        ...(headers ? { headers: { ...headers, ...extra.headers } } : {}),
        method,
        ...(body === undefined ? {} : { body }),
      });
  return {
    get: (path: string, extra: Omit<CallOptions, 'method' | 'body'> = {}) =>
      bound('GET')(path, undefined, extra),
    post: bound('POST'),
    put: bound('PUT'),
    patch: bound('PATCH'),
    delete: bound('DELETE'),
    withToken: (t: string) => client(apiKey, t, headers),
  };
}

/** Asserts the one error envelope and returns it. */
export function expectError(res: ApiResponse, status: number, code: string) {
  const envelope = res.body as {
    status: string;
    code: string;
    message: string;
    requestId: string;
    details?: Array<{ field: string; message: string }>;
  };
  if (res.status !== status || envelope?.code !== code || envelope?.status !== 'error') {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  if (typeof envelope.message !== 'string' || !envelope.message)
    throw new Error('error without message');
  if (!envelope.requestId || envelope.requestId !== res.headers.get('x-request-id')) {
    throw new Error(
      `error requestId ${envelope.requestId} does not match header ${res.headers.get('x-request-id')}`,
    );
  }
  return envelope;
}
