import { createRoute } from '@tanstack/react-router';
import { returnPath } from '../../lib/session';
import { rootRoute } from '../../shell';
import { Invite } from './invite';
import { SignIn } from './sign-in';

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  staticData: { scope: null },
  // Where to go once signed in: the address that led here (a deep link), else Home.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: returnPath(search.redirect),
  }),
  component: SignIn,
  head: () => ({ meta: [{ title: 'Sign in' }] }),
});

export const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite',
  staticData: { scope: null },
  validateSearch: (search: Record<string, unknown>) => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  component: Invite,
});

export const signInRoutes = [signInRoute, inviteRoute] as const;
