/**
 * The frame every route hangs from: the root (not-found and error pages) and, below it, the
 * signed-in frame. The areas' routes (areas/<area>/route.tsx) hang from these.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  Outlet,
  redirect,
  useRouteContext,
} from '@tanstack/react-router';
import { type ComponentType, Suspense } from 'react';
import { Layout } from './components/layout';
import { ErrorNotice, Loading } from './components/ui';
import { meQuery, returnPath } from './lib/session';

type Context = { queryClient: QueryClient };

export const rootRoute = createRootRouteWithContext<Context>()({
  staticData: { scope: null },
  component: Outlet,
  notFoundComponent: () => (
    <main id="main">
      <h1>Page not found</h1>
      <p>
        <a href="/admin">Go to the dashboard</a>
      </p>
    </main>
  ),
  errorComponent: ({ error }) => (
    <main id="main">
      <h1>Something went wrong</h1>
      <ErrorNotice error={error} />
    </main>
  ),
});

/** Everything behind sign-in: without a session, the sign-in page. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  staticData: { scope: null },
  beforeLoad: async ({ context, location }) => {
    // fetchQuery, not ensureQueryData: a session marked stale by sign-in is asked again rather
    // than read as the "signed out" it was before the code.
    const session = await context.queryClient.fetchQuery(meQuery);
    if (session.state !== 'in') {
      throw redirect({
        to: '/sign-in',
        search: { redirect: returnPath(`${location.pathname}${location.searchStr}`) },
      });
    }
    return { me: session.me };
  },
  component: function AppFrame() {
    const { me } = useRouteContext({ from: '/app' });
    return <Layout me={me} />;
  },
});

/** A screen loaded on first use (React.lazy), with a notice while it loads. */
export const later =
  <P extends object>(Screen: ComponentType<P>) =>
  (props: P) => (
    <Suspense fallback={<Loading what="the screen" />}>
      <Screen {...props} />
    </Suspense>
  );
