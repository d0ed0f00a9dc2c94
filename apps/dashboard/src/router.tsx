import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  redirect,
  useParams,
  useRouteContext,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Layout, NotAllowed, useMe } from './components/Layout';
import { ErrorNotice, Loading } from './components/ui';
import { can } from './lib/scopes';
import { meQuery, returnPath } from './lib/session';
import { Account } from './screens/Account';
import { Categories } from './screens/Categories';
import { CategoryEditor } from './screens/CategoryEditor';
import { CustomerDetail } from './screens/CustomerDetail';
import { Customers, type CustomersSearch } from './screens/Customers';
import { Home } from './screens/Home';
import { Invite } from './screens/Invite';
import { OrderDetail } from './screens/OrderDetail';
import { Orders, type OrdersSearch } from './screens/Orders';
import { ProductEditor } from './screens/ProductEditor';
import { Products, type ProductsSearch } from './screens/Products';
import { Reviews } from './screens/Reviews';
import { SignIn } from './screens/SignIn';

type Context = { queryClient: QueryClient };

const rootRoute = createRootRouteWithContext<Context>()({
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

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  // Where to go once signed in: the address that led here (a deep link), else Home.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({
    redirect: returnPath(search.redirect),
  }),
  component: SignIn,
  head: () => ({ meta: [{ title: 'Sign in' }] }),
});

const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite',
  validateSearch: (search: Record<string, unknown>) => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  component: Invite,
});

/** Everything behind sign-in: without a session, the sign-in page. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
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

/** A screen shown only to members whose role holds `scope`. */
function guarded(scope: string, Screen: () => React.ReactNode) {
  return function Guarded() {
    const me = useMe();
    return can(me.scopes, scope) ? <Screen /> : <NotAllowed />;
  };
}

const homeRoute = createRoute({ getParentRoute: () => appRoute, path: '/', component: Home });
const accountRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/account',
  component: Account,
});
const productsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/products',
  validateSearch: (s: Record<string, unknown>): ProductsSearch => ({
    q: typeof s.q === 'string' ? s.q : undefined,
    status: typeof s.status === 'string' ? s.status : undefined,
    category: typeof s.category === 'string' ? s.category : undefined,
    tag: typeof s.tag === 'string' ? s.tag : undefined,
  }),
  component: guarded('catalogue:read', Products),
});
const newProductRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/products/new',
  component: guarded('catalogue:write', () => <ProductEditor id={null} />),
});
const productRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/products/$id',
  component: guarded('catalogue:read', function ProductScreen() {
    const { id } = productRoute.useParams();
    return <ProductEditor id={id} key={id} />;
  }),
});
const categoriesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/categories',
  component: guarded('catalogue:read', Categories),
});
const newCategoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/categories/new',
  component: guarded('catalogue:write', () => <CategoryEditor id={null} />),
});
const categoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/categories/$id',
  component: guarded('catalogue:read', function CategoryScreen() {
    const { id } = categoryRoute.useParams();
    return <CategoryEditor id={id} key={id} />;
  }),
});
const ordersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/orders',
  validateSearch: (s: Record<string, unknown>): OrdersSearch => ({
    q: typeof s.q === 'string' ? s.q : undefined,
    status: typeof s.status === 'string' ? s.status : undefined,
    payment_status: typeof s.payment_status === 'string' ? s.payment_status : undefined,
  }),
  component: guarded('orders:read', Orders),
});
const orderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/orders/$id',
  component: guarded('orders:read', function OrderScreen() {
    const { id } = orderRoute.useParams();
    return <OrderDetail id={id} />;
  }),
});
const customersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/customers',
  validateSearch: (s: Record<string, unknown>): CustomersSearch => ({
    q: typeof s.q === 'string' ? s.q : undefined,
    status: typeof s.status === 'string' ? s.status : undefined,
  }),
  component: guarded('customers:read', Customers),
});
const customerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/customers/$id',
  component: guarded('customers:read', function CustomerScreen() {
    const { id } = customerRoute.useParams();
    return <CustomerDetail id={id} key={id} />;
  }),
});
const reviewsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reviews',
  component: guarded('reviews:read', Reviews),
});

// Settings, marketing, content, imports, staff and developers: each screen loads on first use.
const Settings = lazy(() =>
  import('./screens/settings/Settings').then((m) => ({ default: m.Settings })),
);
const Marketing = lazy(() =>
  import('./screens/marketing/Marketing').then((m) => ({ default: m.Marketing })),
);
const Developers = lazy(() =>
  import('./screens/developers/Developers').then((m) => ({ default: m.Developers })),
);
const Staff = lazy(() => import('./screens/staff/Staff').then((m) => ({ default: m.Staff })));
const Content = lazy(() =>
  import('./screens/content/Content').then((m) => ({ default: m.Content })),
);
const Imports = lazy(() =>
  import('./screens/imports/Imports').then((m) => ({ default: m.Imports })),
);
/** A screen loaded on first use, behind `scope`. */
const later = (scope: string, screen: () => React.ReactNode) =>
  guarded(scope, () => <Suspense fallback={<Loading what="the screen" />}>{screen()}</Suspense>);

const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  component: later('settings:read', () => <Settings slug="branding" />),
});
function SettingsSection(): React.ReactNode {
  const { section } = useParams({ from: '/app/settings/$section' });
  return <Settings slug={section} />;
}
const settingsSectionRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings/$section',
  component: later('settings:read', () => <SettingsSection />),
});
const marketingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/marketing',
  component: later('marketing:read', () => <Marketing />),
});
const developersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/developers',
  component: later('admin', () => <Developers />),
});
const staffRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/staff',
  component: later('staff:read', () => <Staff />),
});
const contentRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/content',
  component: later('content:read', () => <Content />),
});
const importsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/imports',
  component: later('catalogue:read', () => <Imports />),
});
const AREA_ROUTES = [
  contentRoute,
  importsRoute,
  settingsRoute,
  settingsSectionRoute,
  marketingRoute,
  staffRoute,
  developersRoute,
];

const routeTree = rootRoute.addChildren([
  signInRoute,
  inviteRoute,
  appRoute.addChildren([
    homeRoute,
    accountRoute,
    productsRoute,
    newProductRoute,
    productRoute,
    categoriesRoute,
    newCategoryRoute,
    categoryRoute,
    ordersRoute,
    orderRoute,
    customersRoute,
    customerRoute,
    reviewsRoute,
    ...AREA_ROUTES,
  ]),
]);

export function makeRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    basepath: '/admin',
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
