/**
 * The published OpenAPI document: what the route declarations generate, plus what is true of
 * every operation and therefore said once here: the headers every successful response
 * carries, a recorded example of each response, and code samples using the typed client.
 */

/** One recorded call of the demo shop (scripts/openapi-examples records them). */
export type RecordedExample = {
  request: {
    method: string;
    /** The path as called, e.g. `/products/linen-cafe-apron`. */
    path: string;
    /** Path parameters by name, as the OpenAPI path template names them. */
    params?: Record<string, string>;
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: unknown;
    /** Sent with a customer token. */
    customer?: boolean;
    /** Sent without `x-api-key`. */
    keyless?: boolean;
  };
  status: number;
  response: unknown;
};

export type RecordedExamples = Record<string, RecordedExample>;

type Json = Record<string, unknown>;
export type Operation = Json & { operationId?: string; responses?: Record<string, Json> };
type Document = Json & { paths?: Record<string, Record<string, Operation>>; components?: Json };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Headers of every answer (middleware sets them), documented on every success response. */
const SUCCESS_HEADERS = {
  XRequestId: {
    description:
      'Identifies the request; the same value is the `requestId` of an error. Quote it when reporting a problem.',
    schema: { type: 'string' },
  },
  ServerTiming: {
    description:
      '`db;desc="N"`: SQL statements the endpoint sent (shop resolution left out), `shop;desc="N"`: statements spent resolving the shop (0 when cached), `app;dur=N`: milliseconds in the worker.',
    schema: { type: 'string' },
  },
};

const API_ORIGIN = 'http://127.0.0.1:8787';
const API_BASE_URL = `${API_ORIGIN}/access/api/v1`;

/** `value` as a TypeScript literal: JSON, with keys that are identifiers left unquoted. */
const literal = (value: unknown) =>
  JSON.stringify(value, null, 2).replace(/"([A-Za-z_$][\w$]*)":/g, '$1:');

type Parameter = { name?: string; in?: string; schema?: { type?: string | string[] } };

/** Query values as the client takes them: numbers for numeric parameters, else text. */
function typedQuery(query: Record<string, string>, parameters: Parameter[]): Json {
  const numeric = new Set(
    parameters
      .filter((p) => p.in === 'query' && ['integer', 'number'].includes(String(p.schema?.type)))
      .map((p) => p.name),
  );
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, numeric.has(name) ? Number(value) : value]),
  );
}

/** The call with the typed client (packages/client), as a theme would write it. */
function clientSample(path: string, example: RecordedExample, parameters: Parameter[]): string {
  const { request } = example;
  const options: Json = {};
  const params: Json = {};
  if (request.params && Object.keys(request.params).length > 0) params.path = request.params;
  if (request.query && Object.keys(request.query).length > 0)
    params.query = typedQuery(request.query, parameters);
  const headers = Object.fromEntries(
    Object.entries(request.headers ?? {}).filter(([name]) => name !== 'content-type'),
  );
  if (Object.keys(headers).length > 0) params.header = headers;
  if (Object.keys(params).length > 0) options.params = params;
  if (request.body !== undefined) options.body = request.body;
  const credentials = request.keyless
    ? ''
    : request.customer
      ? ', apiKey: KEY, token: TOKEN, deviceId: DEVICE'
      : ', apiKey: KEY';
  const call = `api.${request.method.toUpperCase()}('${path}'${
    Object.keys(options).length > 0 ? `, ${literal(options)}` : ''
  })`;
  return [
    "import { createStorefrontClient } from '@storefront-api/client';",
    '',
    `const api = createStorefrontClient({ baseUrl: '${API_BASE_URL}'${credentials} });`,
    `const { data, error } = await ${call};`,
  ].join('\n');
}

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The same call with curl. */
function curlSample(example: RecordedExample): string {
  const { request } = example;
  const query = new URLSearchParams(request.query ?? {}).toString();
  const lines = [
    `curl -X ${request.method.toUpperCase()} ${shellQuote(`${API_BASE_URL}${request.path}${query ? `?${query}` : ''}`)}`,
  ];
  if (!request.keyless) lines.push(`-H "x-api-key: $KEY"`);
  if (request.customer)
    lines.push(`-H "authorization: Bearer $TOKEN"`, `-H "x-device-id: $DEVICE"`);
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (name !== 'content-type') lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (request.body !== undefined) {
    lines.push(
      `-H 'content-type: application/json'`,
      `-d ${shellQuote(JSON.stringify(request.body))}`,
    );
  }
  return lines.join(' \\\n  ');
}

const demo = (value: unknown) => ({ demo: { summary: 'From the demo shop', value } });

/**
 * Shows `example`, recorded from the demo shop, as the example of the operation's response of
 * its status and of its request body (in the content type it was sent as).
 */
export function showRecordedExample(operation: Operation, example: RecordedExample): void {
  const response = operation.responses?.[String(example.status)];
  const json = (response?.content as Record<string, Json> | undefined)?.['application/json'];
  if (json) json.examples = demo(example.response);
  const sent = example.request.headers?.['content-type'] ?? 'application/json';
  const body = (operation.requestBody as { content?: Record<string, Json> } | undefined)?.content?.[
    sent
  ];
  if (body && example.request.body !== undefined) body.examples = demo(example.request.body);
}

function describeOperation(path: string, operation: Operation, example?: RecordedExample) {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!status.startsWith('2')) continue;
    response.headers = {
      ...((response.headers as Json | undefined) ?? {}),
      'X-Request-Id': { $ref: '#/components/headers/XRequestId' },
      'Server-Timing': { $ref: '#/components/headers/ServerTiming' },
    };
  }
  if (!example) return;
  showRecordedExample(operation, example);
  const curl = { lang: 'Shell', label: 'curl', source: curlSample(example) };
  // Operations a payment provider calls are no theme's business: no client sample for them.
  const providerOnly = (operation.security as Array<Record<string, unknown>> | undefined)?.some(
    (requirement) => 'PaymentSignature' in requirement,
  );
  operation['x-codeSamples'] = providerOnly
    ? [curl]
    : [
        {
          lang: 'TypeScript',
          label: 'Typed client',
          source: clientSample(path, example, (operation.parameters ?? []) as Parameter[]),
        },
        curl,
      ];
}

/**
 * Completes a generated document in place: success headers on every 2xx response, the
 * recorded example of each operation (response and request body) and its code samples.
 */
export function describeDocument<T extends object>(generated: T, examples: RecordedExamples): T {
  const doc = generated as Document;
  doc.components ??= {};
  const components = doc.components;
  components.headers = { ...((components.headers as Json | undefined) ?? {}), ...SUCCESS_HEADERS };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      describeOperation(path, operation, examples[operation.operationId ?? '']);
    }
  }
  return generated;
}
