import { OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from '../app-env';
import { ApiError, type ErrorCode, type ErrorDetail } from '../errors';
import { type FieldCodes, validationCodesOf } from './route';

type ZodIssueLike = { path: PropertyKey[]; message: string; keys?: readonly string[] };

const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(root)';

/**
 * Turns validation issues into `details` entries that name the offending field; each
 * unknown field a strict schema refuses gets an entry of its own.
 */
export const detailsOf = (issues: readonly ZodIssueLike[]): ErrorDetail[] =>
  issues.flatMap((issue) =>
    issue.keys?.length
      ? issue.keys.map((key) => ({
          field: fieldOf([...issue.path, key]),
          message: 'Unknown field.',
        }))
      : [{ field: fieldOf(issue.path), message: issue.message }],
  );

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
 * A validation hook answering with `code`: every request validation failure goes through
 * onError and the one error envelope. `fields` names fields with a code of their own: when
 * every failing field has one, the first listed of them answers (`productId` before
 * `variationKey`); when any other field fails too, `code` answers.
 */
export const validationHook =
  (code: ErrorCode = 'VALIDATION_FAILED', fields: FieldCodes = []) =>
  (result: ValidationResult): undefined => {
    const issues = validationIssues(result);
    if (!issues) return undefined;
    const failed = new Set(issues.map((issue) => String(issue.path[0] ?? '')));
    const allOwn = [...failed].every((field) => fields.some(([listed]) => listed === field));
    const own = allOwn ? fields.find(([field]) => failed.has(field)) : undefined;
    throw new ApiError(own?.[1] ?? code, { details: detailsOf(issues) });
  };

/**
 * A feature router: OpenAPI route declarations validated through the shared hook, each
 * answering validation failures with the codes its declaration names (defineRoute).
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({ defaultHook: validationHook() });
  const declare = router.openapi.bind(router);
  router.openapi = ((route, handler, hook) => {
    const { code, fields } = validationCodesOf(route);
    return declare(route, handler, hook ?? validationHook(code, fields));
  }) as typeof declare;
  return router;
}

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
