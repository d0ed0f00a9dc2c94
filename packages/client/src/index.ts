/**
 * A typed client for the storefront API: every path, parameter, request body, response and
 * error body is typed from the API's OpenAPI document (./schema.ts is generated from it by
 * `npm run client:generate`), on top of openapi-fetch.
 *
 *   const api = createStorefrontClient({ baseUrl: 'http://127.0.0.1:8787/access/api/v1', apiKey });
 *   const { data, error } = await api.GET('/products/{id}', { params: { path: { id: 'linen-cafe-apron' } } });
 *   if (error) console.log(error.code); else console.log(data.data.title);
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };

/** A schema of the document by name, e.g. `Schema<'ProductDetail'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type ErrorStatuses<Op> = Op extends { responses: infer Responses }
  ? {
      [Status in keyof Responses]: Status extends 200 | 201 | 202 | 204 ? never : Status;
    }[keyof Responses]
  : never;

/** The error bodies one operation can answer, e.g. `OperationError<'getProduct'>`. */
export type OperationError<Id extends keyof operations> = JsonOf<
  operations[Id]['responses'][ErrorStatuses<operations[Id]> & keyof operations[Id]['responses']]
>;

/** The error codes one operation can answer (as precise as its document declares them). */
export type OperationErrorCode<Id extends keyof operations> =
  OperationError<Id> extends {
    code: infer Code;
  }
    ? Code
    : never;

/**
 * The error body any failed call answers, `{ status: 'error', code, message, requestId }`,
 * `code` being any code of the API (an operation's own error type narrows it).
 */
export type ApiErrorBody = OperationError<keyof operations>;

export type StorefrontClientOptions = {
  /** The API base, e.g. `http://127.0.0.1:8787/access/api/v1`. */
  baseUrl: string;
  /** The shop's storefront key, sent as `x-api-key`. */
  apiKey?: string;
  /** A customer token from POST /auth/verify or POST /auth/access. */
  token?: string;
  /**
   * A stable id of this device or browser, sent as `x-device-id`: a token works only for
   * the device it was issued to, so send the same id when signing in and afterwards.
   */
  deviceId?: string;
  /** Another fetch (tests, server-side rendering with a custom agent). */
  fetch?: ClientOptions['fetch'];
  /**
   * For a storefront server calling on a visitor's behalf (the theme through its service
   * binding): the visitor's IP address, sent signed with the secret the API shares
   * (`VISITOR_ADDRESS_SECRET`), so the API's per-visitor limits count this visitor, not the
   * server. Never give the secret to a browser.
   */
  visitor?: { address: string; secret: string };
};

/** The header that carries a visitor's address from a storefront server to the API. */
export const VISITOR_HEADER = 'x-visitor-address';

const encoder = new TextEncoder();

/**
 * `<address>;<unix seconds>;<hex HMAC-SHA-256 of "visitor-address\n<address>\n<seconds>">`: what
 * the API checks before counting a request as the visitor's (a stale or unsigned one is ignored).
 */
export async function signVisitorAddress(
  secret: string,
  address: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    encoder.encode(`visitor-address\n${address}\n${nowSeconds}`),
  );
  const hex = Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${address};${nowSeconds};${hex}`;
}

export type StorefrontClient = Client<paths>;

/** A client bound to one shop (and, with `token`, to one signed-in customer). */
export function createStorefrontClient(options: StorefrontClientOptions): StorefrontClient {
  const headers: Record<string, string> = {};
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.deviceId) headers['x-device-id'] = options.deviceId;
  const { visitor } = options;
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const fetch = visitor
    ? async (request: Request) => {
        request.headers.set(
          VISITOR_HEADER,
          await signVisitorAddress(visitor.secret, visitor.address),
        );
        return send(request);
      }
    : options.fetch;
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    ...(fetch ? { fetch } : {}),
  });
}
