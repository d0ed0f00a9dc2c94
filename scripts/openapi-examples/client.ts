import type { RecordedExample } from '../../src/http/docs-openapi';

/** One call of an API, as the reference documents it. */
export type Request = {
  method: string;
  /** The OpenAPI path template, e.g. `/products/{id}`. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is with this content type instead of JSON (e.g. a CSV upload). */
  contentType?: string;
  /** A storefront customer's token. */
  token?: string;
  /** Sent without the API's key. */
  keyless?: boolean;
};

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a client would
export type Answer = { status: number; body: any; headers: Headers };

/** Records `example` as the example of `operationId`. */
export type Recorder = (operationId: string, example: RecordedExample) => void;

export type ClientOptions = {
  /** The API's base URL, e.g. `http://127.0.0.1:8787/access/api/v1`. */
  api: string;
  /** Sets the credentials `request` is sent with. */
  authorize(request: Request, headers: Headers): void;
  record: Recorder;
  /** What the recorded answer shows of `body`: secrets replaced by demo values. */
  redact?(operationId: string, body: unknown): unknown;
};

/**
 * A client of the demo shop that records each call it is asked to: `call(operationId, request)`
 * records under `operationId` (null: the call is only a step towards another), and throws on
 * an answer that is no success, so a recording never documents a failure.
 */
export function recordingClient(options: ClientOptions) {
  return async (operationId: string | null, request: Request): Promise<Answer> => {
    const concrete = request.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(request.params?.[name] ?? ''),
    );
    const query = new URLSearchParams(request.query ?? {}).toString();
    const headers = new Headers(request.headers);
    options.authorize(request, headers);
    const raw = request.contentType !== undefined;
    if (request.body !== undefined) {
      headers.set('content-type', request.contentType ?? 'application/json');
    }
    const res = await fetch(`${options.api}${concrete}${query ? `?${query}` : ''}`, {
      method: request.method.toUpperCase(),
      headers,
      body:
        request.body === undefined
          ? undefined
          : raw
            ? String(request.body)
            : JSON.stringify(request.body),
    });
    const json = res.headers.get('content-type')?.includes('json');
    const body = json ? await res.json() : res.status === 204 ? null : await res.arrayBuffer();
    if (res.status >= 300) {
      throw new Error(`${operationId ?? request.path}: ${res.status} ${JSON.stringify(body)}`);
    }
    if (operationId) {
      const response = json ? body : null;
      options.record(operationId, {
        request: {
          method: request.method,
          path: concrete,
          ...(request.params ? { params: request.params } : {}),
          ...(request.query ? { query: request.query } : {}),
          ...(request.headers || raw
            ? {
                headers: {
                  ...request.headers,
                  ...(raw ? { 'content-type': request.contentType } : {}),
                },
              }
            : {}),
          ...(request.body === undefined ? {} : { body: request.body }),
          ...(request.token ? { customer: true } : {}),
          ...(request.keyless ? { keyless: true } : {}),
        },
        status: res.status,
        response: options.redact ? options.redact(operationId, response) : response,
      });
    }
    return { status: res.status, body, headers: res.headers };
  };
}

export type Call = ReturnType<typeof recordingClient>;

/** A GET of `path`, and a POST of `body` to it (JSON). */
export const get = (path: string, extra: Omit<Request, 'method' | 'path'> = {}): Request => ({
  method: 'get',
  path,
  ...extra,
});

export const post = (path: string, body: unknown): Request => ({ method: 'post', path, body });
