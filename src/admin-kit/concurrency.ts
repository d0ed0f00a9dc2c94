import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';

/** The ETag of a resource at `version`: a strong entity tag, e.g. `"3"`. */
export const etagOf = (version: number): string => `"${version}"`;

/**
 * The entity tags of an `If-Match` header, or null without one (the write then has no
 * precondition: like Stripe and Shopify, If-Match is optional).
 */
export function parseIfMatch(header: string | undefined): string[] | null {
  if (header === undefined) return null;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * Throws 412 PRECONDITION_FAILED unless `ifMatch` is absent, `*`, or names `version`
 * (`"3"`, or the bare number a client copied from the body). Weak tags (`W/"3"`) never
 * match: If-Match compares strongly.
 */
export function assertFresh(ifMatch: string[] | null, version: number): void {
  if (ifMatch === null) return;
  const current = etagOf(version);
  if (ifMatch.some((tag) => tag === '*' || tag === current || tag === String(version))) return;
  throw new ApiError('PRECONDITION_FAILED', {
    message: `The resource has changed since it was read; its ETag is now ${current}. Read it again and retry.`,
  });
}

/** Sets `ETag` for a body that carries a numeric `version` (every versioned resource does). */
export function setEtag(c: Context<AppEnv>, body: unknown): void {
  const version = (body as { version?: unknown } | null)?.version;
  if (typeof version === 'number') c.header('ETag', etagOf(version));
}
