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
};

export type StorefrontClient = Client<paths>;

/** A client bound to one shop (and, with `token`, to one signed-in customer). */
export function createStorefrontClient(options: StorefrontClientOptions): StorefrontClient {
  const headers: Record<string, string> = {};
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.deviceId) headers['x-device-id'] = options.deviceId;
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
