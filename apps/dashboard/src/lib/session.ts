import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api, type Me, unwrap } from '../api/client';
import { sessionKeys } from './queries';

export type SessionState =
  | { state: 'signed-out' }
  /** Signed in as a member of several shops, none picked yet. */
  | { state: 'pick-shop' }
  | { state: 'in'; me: Me };

/** Who is signed in, for which shop, with which scopes. */
export const meQuery = queryOptions({
  queryKey: sessionKeys.me(),
  queryFn: async (): Promise<SessionState> => {
    try {
      return { state: 'in', me: (await unwrap(api.GET('/me'))) as Me };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { state: 'signed-out' };
      if (error instanceof ApiError && error.code === 'SHOP_NOT_SELECTED') {
        return { state: 'pick-shop' };
      }
      throw error;
    }
  },
  staleTime: 60_000,
  retry: false,
});

export const useSession = () => useQuery(meQuery);

/**
 * The dashboard path a sign-in returns to (`/orders/123?tab=items`), or undefined for Home.
 * Only a path inside the dashboard passes: never another origin (`//evil.example`), never
 * the sign-in page itself.
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) {
    return undefined;
  }
  const path = value.replace(/^\/admin(?=\/|$|\?)/, '') || '/';
  if (path.startsWith('//') || path.includes('\\') || /^\/sign-in(\/|\?|$)/.test(path)) {
    return undefined;
  }
  return path === '/' ? undefined : path;
}
