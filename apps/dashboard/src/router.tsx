/**
 * The dashboard's routes: one folder per area (areas/<area>/route.tsx), in the order the
 * navigation shows them. Each route names its scope and, for an area's page, its label once
 * (lib/route-data.ts); the navigation and the guard read them from this tree.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { accountRoutes } from './areas/account/route';
import { categoryRoutes } from './areas/categories/route';
import { contentRoutes } from './areas/content/route';
import { customerRoutes } from './areas/customers/route';
import { developerRoutes } from './areas/developers/route';
import { homeRoutes } from './areas/home/route';
import { importRoutes } from './areas/imports/route';
import { marketingRoutes } from './areas/marketing/route';
import { orderRoutes } from './areas/orders/route';
import { productRoutes } from './areas/products/route';
import { reviewRoutes } from './areas/reviews/route';
import { settingsRoutes } from './areas/settings/route';
import { signInRoutes } from './areas/sign-in/route';
import { staffRoutes } from './areas/staff/route';
import { appRoute, rootRoute } from './shell';

export const routeTree = rootRoute.addChildren([
  ...signInRoutes,
  appRoute.addChildren([
    ...homeRoutes,
    ...productRoutes,
    ...categoryRoutes,
    ...orderRoutes,
    ...customerRoutes,
    ...reviewRoutes,
    ...contentRoutes,
    ...marketingRoutes,
    ...importRoutes,
    ...settingsRoutes,
    ...staffRoutes,
    ...developerRoutes,
    ...accountRoutes,
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
