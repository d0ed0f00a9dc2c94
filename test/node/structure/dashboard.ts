/**
 * The dashboard's layout (apps/dashboard, docs/architecture.md "The dashboard"), read for the
 * structure test and the access journey: its files, its route tree and the query keys it writes.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from './graph';

export const DASHBOARD_SRC = 'apps/dashboard/src';

/** Every source file of the dashboard, relative to the repository. */
export function dashboardFiles(dir = join(ROOT, DASHBOARD_SRC), out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) dashboardFiles(path, out);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(relative(ROOT, path));
  }
  return out.sort();
}

/**
 * Screens live in their area's folder (src/areas/<area>/); outside it only the entry, the
 * router and its frame, the API client, and shared pieces in components/ and lib/ — all named
 * in kebab-case. Returns the files that break it.
 */
export function misplacedFiles(files: readonly string[]): string[] {
  const allowed =
    /^apps\/dashboard\/src\/(main\.tsx|router\.tsx|shell\.tsx|api\/[a-z-]+\.ts|components\/[a-z-]+\.tsx?|lib\/[a-z-]+\.ts|areas\/[a-z-]+\/[a-z-]+\.tsx?)$/;
  return files.filter((f) => !allowed.test(f));
}

/** The areas that have no route.tsx: each area's folder declares its routes. */
export const areasWithoutRoute = (files: readonly string[]): string[] => {
  const areas = new Set(
    files.flatMap((f) => /^apps\/dashboard\/src\/areas\/([^/]+)\//.exec(f)?.[1] ?? []),
  );
  return [...areas].filter((a) => !files.includes(`${DASHBOARD_SRC}/areas/${a}/route.tsx`));
};

export type RouteData = { scope?: string | null; label?: string };
export type PlacedRoute = {
  path: string;
  id: string;
  /** The parent's id: `app` for the signed-in frame's routes. */
  parent: string | undefined;
  staticData: RouteData | undefined;
};
type Route = {
  options: { id?: string; path?: string; staticData?: RouteData; getParentRoute?: () => Route };
};
export type Section = { path: string; label: string; scope: string | null };

/**
 * The dashboard's route tree, every route with its path and static data, and the navigation it
 * gives. Loaded by path at run time: the dashboard compiles under its own tsconfig (DOM, JSX).
 */
export async function dashboardRoutes(): Promise<{ routes: PlacedRoute[]; sections: Section[] }> {
  const router = join(ROOT, DASHBOARD_SRC, 'router.tsx');
  const routeData = join(ROOT, DASHBOARD_SRC, 'lib/route-data.ts');
  const { routeTree } = (await import(router)) as { routeTree: unknown };
  const { routesOf, sectionsOf } = (await import(routeData)) as {
    routesOf: (tree: unknown) => { path: string; route: Route }[];
    sectionsOf: (tree: unknown) => Section[];
  };
  const routes = routesOf(routeTree).map(({ path, route }) => {
    const parent = route.options.getParentRoute?.();
    return {
      path,
      id: route.options.id ?? path,
      parent: parent ? (parent.options.id ?? parent.options.path) : undefined,
      staticData: route.options.staticData,
    };
  });
  return { routes, sections: sectionsOf(routeTree) };
}

/**
 * The routes that do not say what they need: every route names its scope (null for every
 * member), and an area's own page in the signed-in frame (one path segment) a label for the
 * navigation. `unlabelled` are the pages the navigation reaches another way.
 */
export function undeclaredRoutes(routes: readonly PlacedRoute[], unlabelled: readonly string[]) {
  return routes.flatMap((r) => {
    const missing: string[] = [];
    if (r.staticData?.scope === undefined) missing.push('scope');
    const areaPage = r.parent === 'app' && /^\/[a-z-]*$/.test(r.path);
    if (areaPage && !r.staticData?.label && !unlabelled.includes(r.path)) missing.push('label');
    return missing.length ? [`${r.path} (${r.id}): no ${missing.join(', ')}`] : [];
  });
}

/** A query key written as an array whose first element is a string literal. */
export type LiteralKey = { file: string; line: number; text: string };

/**
 * Query keys written in place rather than by a resource's factory (`productKeys.detail(id)`):
 * an array opening with a string literal given as `queryKey` or held in a variable named
 * `...key`, or passed to usePaged, setQueryData, getQueryData, invalidateQueries,
 * refetchQueries or cancelQueries. Keys are written only in files named queries.ts.
 */
export function literalQueryKeys(file: string, source = readFileSync(join(ROOT, file), 'utf8')) {
  // The factories write keys; the generated API schema holds no code.
  if (/\/queries\.ts$|\/api\/schema\.ts$/.test(file)) return [];
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LiteralKey[] = [];
  const isLiteralKey = (node: ts.Node | undefined): node is ts.ArrayLiteralExpression =>
    !!node &&
    ts.isArrayLiteralExpression(node) &&
    !!node.elements[0] &&
    (ts.isStringLiteral(node.elements[0]) || ts.isNoSubstitutionTemplateLiteral(node.elements[0]));
  const report = (node: ts.Node) =>
    found.push({
      file,
      line: tree.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: node.getText(),
    });
  const visit = (node: ts.Node) => {
    if (
      (ts.isPropertyAssignment(node) && node.name.getText() === 'queryKey') ||
      (ts.isVariableDeclaration(node) && /key$/i.test(node.name.getText()))
    ) {
      if (isLiteralKey(node.initializer)) report(node.initializer);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText();
      if (
        /(^usePaged|\.(setQueryData|getQueryData|invalidateQueries|refetchQueries|cancelQueries))$/.test(
          callee,
        ) &&
        isLiteralKey(node.arguments[0])
      )
        report(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}
