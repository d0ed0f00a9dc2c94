import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env';
import { ApiError, type ErrorCode, type ErrorDetail } from '../errors';
import { validationCodeOf } from './route';

type ZodIssueLike = { path: PropertyKey[]; message: string };

/** Turns validation issues into `details` entries that name the offending field. */
export const detailsOf = (issues: readonly ZodIssueLike[]): ErrorDetail[] =>
  issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** U+0000 (Postgres text cannot hold it) or a surrogate without its pair (not encodable text). */
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
const UNSTORABLE_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates.';

/** An issue for every string, or object key, in `value` that could not be stored as text. */
export function unstorableTextIssues(value: unknown, path: PropertyKey[] = []): ZodIssueLike[] {
  if (typeof value === 'string') {
    return isUnstorable(value) ? [{ path, message: UNSTORABLE_MESSAGE }] : [];
  }
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(isUnstorable(key) ? [{ path: [...path, key], message: UNSTORABLE_MESSAGE }] : []),
    ...unstorableTextIssues(inner, [...path, key]),
  ]);
}

/** What a validator hands its hook; on success the validated value is in `data`. */
export type ValidationResult = { success: boolean; error?: { issues: readonly ZodIssueLike[] } };

/**
 * The problems of one validated part of a request (query, params or body): the schema's
 * issues, or for input the schema accepted, any text no database or encoder could take.
 * Null when there are none.
 */
export function validationIssues(result: ValidationResult): readonly ZodIssueLike[] | null {
  if (!result.success) return result.error?.issues ?? [];
  const text = unstorableTextIssues((result as { data?: unknown }).data);
  return text.length > 0 ? text : null;
}

/**
 * A validation hook answering with `code`: every request validation failure goes
 * through onError and the one error envelope. `fieldCodes` names fields with a code of their
 * own: when every issue is on such fields and they share one code, that code answers.
 */
export const validationHook =
  (code: ErrorCode = 'VALIDATION_FAILED', fieldCodes: Readonly<Record<string, ErrorCode>> = {}) =>
  (result: ValidationResult): undefined => {
    const issues = validationIssues(result);
    if (!issues) return undefined;
    const details = detailsOf(issues);
    const own = new Set(details.map((detail) => fieldCodes[detail.field]));
    const [fieldCode] = own;
    throw new ApiError(own.size === 1 && fieldCode ? fieldCode : code, { details });
  };

/**
 * A feature router: OpenAPI route declarations validated through the shared hook, each
 * answering validation failures with the code its declaration names (defineRoute).
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook() });
  const declare = router.openapi.bind(router);
  router.openapi = ((route, handler, hook) =>
    declare(route, handler, hook ?? validationHook(validationCodeOf(route)))) as typeof declare;
  return router;
}

/**
 * A validation hook answering the contract code of the first listed field that failed
 * (e.g. productId → PRODUCT_ID_REQUIRED), else VALIDATION_FAILED (a bad page or limit).
 */
export const validationHookByField =
  (codes: ReadonlyArray<readonly [field: string, code: ErrorCode]>) =>
  (result: ValidationResult): undefined => {
    const issues = validationIssues(result);
    if (!issues) return undefined;
    const match = codes.find(([field]) => issues.some((issue) => issue.path[0] === field));
    throw new ApiError(match?.[1] ?? 'VALIDATION_FAILED', { details: detailsOf(issues) });
  };

/** What a handler of the declared route `R` receives: the request, its validated parts typed. */
export type RouteContext<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];

/**
 * Serves a declared route whose answer is a stream rather than a typed JSON value, from its
 * declaration as `router.openapi` does: registered in the document, routed at its own path,
 * its request validated, so the path and the handler cannot drift. The declared response
 * still describes what the stream carries; only the handler's return type is widened, as
 * the typed JSON helpers cannot produce a stream.
 */
export function openapiStream<R extends RouteConfig>(
  router: OpenAPIHono<AppEnv>,
  route: R,
  handler: (c: RouteContext<R>) => Promise<Response>,
): void {
  router.openapi(route, handler as unknown as RouteHandler<R, AppEnv>);
}
