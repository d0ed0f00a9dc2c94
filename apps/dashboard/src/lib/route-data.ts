/**
 * What each route says about itself, once (its `staticData`): the scope a member's role must
 * hold to see it, and for an area's own page the label the navigation shows. The navigation
 * and the guard of the signed-in frame read them from the route tree.
 */
import type { AnyRoute } from '@tanstack/react-router';
import type { MerchantScope } from '../../../../src/identity/merchant-scopes';
import { can } from './scopes';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The scope the member's role must hold to see the route; null for every member. */
    scope: MerchantScope | null;
    /** The route's name in the navigation; an area's own page has one, its sub-pages none. */
    label?: string;
  }
}

/** An entry of the navigation: an area's page, the scope it needs and its label. */
export type Section = { path: string; label: string; scope: MerchantScope | null };

const childrenOf = (route: AnyRoute): AnyRoute[] =>
  route.children ? (Object.values(route.children) as AnyRoute[]) : [];

/** A route and the path it answers at (its parents' paths and its own). */
export type PlacedRoute = { route: AnyRoute; path: string };

/** Every route of the tree, parents before children, in the order the tree declares them. */
export const routesOf = (route: AnyRoute, parentPath = ''): PlacedRoute[] => {
  const own = (route.options as { path?: string }).path;
  const path = own ? `${parentPath.replace(/\/$/, '')}/${own.replace(/^\//, '')}` : parentPath;
  return [{ route, path: path || '/' }, ...childrenOf(route).flatMap((c) => routesOf(c, path))];
};

/** The routes that carry a label, in the tree's order: the navigation. */
export const sectionsOf = (tree: AnyRoute): Section[] =>
  routesOf(tree).flatMap(({ route, path }) => {
    const data = route.options.staticData;
    return data?.label ? [{ path, label: data.label, scope: data.scope }] : [];
  });

export const visibleSections = (tree: AnyRoute, scopes: readonly string[]): Section[] =>
  sectionsOf(tree).filter((s) => s.scope === null || can(scopes, s.scope));

/** The scope the deepest of the matched routes that names one needs, or null. */
export const neededScope = (
  matches: ReadonlyArray<{ staticData?: { scope?: MerchantScope | null } }>,
): MerchantScope | null =>
  matches.reduce<MerchantScope | null>((found, m) => m.staticData?.scope ?? found, null);

/**
 * A list's search validator: each of `names` that the address holds as text, the rest
 * undefined (`?q=shirt&status=active` on the products list).
 */
export const textSearch =
  <Name extends string>(...names: Name[]) =>
  (search: Record<string, unknown>): { [N in Name]?: string | undefined } =>
    Object.fromEntries(
      names.map((name) => [name, typeof search[name] === 'string' ? search[name] : undefined]),
    ) as { [N in Name]?: string | undefined };
