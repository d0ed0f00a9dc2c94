import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';

/** The request says its body is JSON (`application/json`, `…+json`). */
export const isJsonRequest = (c: Context<AppEnv>) =>
  c.req.header('content-type')?.toLowerCase().includes('json') ?? false;

/**
 * The request's JSON body, the one reading of it outside route validation: null when it is
 * not JSON or empty (an optional body left out, even with a JSON content type), else the
 * parsed value; malformed JSON is 400 INVALID_JSON. Hono caches the parse, so the route's
 * own validation reads the same body.
 */
export async function jsonBodyOf(c: Context<AppEnv>): Promise<unknown> {
  if (!isJsonRequest(c)) return null;
  if ((await c.req.text()).trim() === '') return null;
  try {
    return await c.req.json();
  } catch {
    throw new ApiError('INVALID_JSON');
  }
}
