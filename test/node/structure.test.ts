import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  areasWithoutRoute,
  DASHBOARD_SRC,
  dashboardFiles,
  dashboardRoutes,
  literalQueryKeys,
  misplacedFiles,
  undeclaredRoutes,
} from './structure/dashboard';
import {
  crossModuleSqlImports,
  type Edge,
  fileCycles,
  importGraph,
  isMerchantCode,
  isMerchantNamed,
  moduleCycles,
  moduleOf,
  ROOT,
  sourceFiles,
  storefrontBundleFiles,
} from './structure/graph';
import { ownershipMap, schemaTables, tableWrites, unmappedWrites } from './structure/tables';
import { themePageProblems, themeSources } from './structure/theme-pages';

// The declared layout (docs/architecture.md, "A module"), checked on the source tree. The
// figures behind it: `npx tsx test/node/structure/report.ts`.
const files = sourceFiles();
const edges = importGraph(files);
const modules = [...new Set(files.map(moduleOf).filter((m): m is string => !!m))];
const inner = (file: string) => file.replace(/^src\/modules\/[^/]+\//, '');
const hasFile = (module: string, name: string) => files.includes(`src/modules/${module}/${name}`);

describe('module layout', () => {
  it('keeps a merchant side in admin-*.ts files at the root of its module', () => {
    const misplaced = files.filter(
      (f) => moduleOf(f) && /(^|\/)admin(\/|\.ts$)|\/admin-[^/]*\.ts$/.test(inner(f)),
    );
    expect(misplaced).toEqual([]);
  });

  it('gives every module with a merchant side one entry, admin-routes.ts, mounted only by src/admin-api.ts', () => {
    const merchantNamed = modules.filter((m) =>
      files.some((f) => moduleOf(f) === m && isMerchantNamed(f)),
    );
    expect(merchantNamed.filter((m) => !hasFile(m, 'admin-routes.ts'))).toEqual([]);
    const mounts = edges.filter(
      (e) => inner(e.to) === 'admin-routes.ts' && moduleOf(e.to) !== moduleOf(e.from),
    );
    expect(mounts.map((e) => e.from).filter((f) => f !== 'src/admin-api.ts')).toEqual([]);
  });

  it('never lets a module with a storefront side import merchant code from its other files', () => {
    const storefrontModules = modules.filter((m) => hasFile(m, 'routes.ts'));
    const crossings = edges
      .filter(
        (e) =>
          storefrontModules.includes(moduleOf(e.from) ?? '') &&
          !isMerchantNamed(e.from) &&
          isMerchantCode(e.to),
      )
      .map((e) => `${e.from} -> ${e.to}`);
    expect(crossings).toEqual([]);
  });
});

/**
 * The layers of src/, lowest first (docs/architecture.md, "Layers"). A file imports, type-only
 * imports included, from its own layer or one below it, never from one above.
 */
const LAYERS: ReadonlyArray<readonly [name: string, files: RegExp]> = [
  ['library and errors', /^src\/(lib|errors)\//],
  ['configuration (env.ts, admin-paths.ts)', /^src\/(env|admin-paths)\.ts$/],
  ['data and ports', /^src\/(db|adapters)\//],
  ['identity', /^src\/identity\//],
  ['request context (app-env.ts)', /^src\/app-env\.ts$/],
  ['HTTP and read models', /^src\/(http|read-models)\//],
  ['platform (platform.ts)', /^src\/platform\.ts$/],
  ['admin kit', /^src\/admin-kit\//],
  ['modules', /^src\/modules\//],
  ['entries (app.ts, admin-api.ts, cron.ts, queues.ts, index.ts, ...)', /^src\/[^/]+\.ts$/],
];
const layerOf = (file: string) => LAYERS.findIndex(([, pattern]) => pattern.test(file));
const upwardImports = (all: Edge[]) =>
  all
    .filter((e) => layerOf(e.to) > layerOf(e.from))
    .map((e) => `${e.from} -> ${e.to}${e.typeOnly ? ' (type only)' : ''}`);

describe('layers', () => {
  it('puts every source file in one layer', () => {
    expect(files.filter((f) => layerOf(f) < 0)).toEqual([]);
  });

  it('never lets a layer import one above it, type-only imports included', () => {
    expect(upwardImports(edges)).toEqual([]);
    // The walk itself is checked: the read models are read by modules, and modules by entries.
    expect(edges.some((e) => moduleOf(e.from) && e.to.startsWith('src/read-models/'))).toBe(true);
    expect(edges.some((e) => e.from === 'src/app.ts' && moduleOf(e.to))).toBe(true);
  });

  it('catches an upward import, a type-only one too', () => {
    const upward: Edge[] = [
      { from: 'src/env.ts', to: 'src/modules/imports/jobs.ts', typeOnly: true, dynamic: false },
      { from: 'src/identity/shops.ts', to: 'src/app-env.ts', typeOnly: true, dynamic: false },
      { from: 'src/lib/money.ts', to: 'src/http/router.ts', typeOnly: false, dynamic: false },
    ];
    expect(upwardImports(upward)).toHaveLength(3);
  });
});

describe('import cycles', () => {
  it('has none between modules', () => {
    expect(moduleCycles(edges)).toEqual([]);
  });

  it('has none between the files of one module, type imports included', () => {
    expect(fileCycles(edges)).toEqual([]);
  });

  it("keeps SQL in its module: no queries file imports another module's queries or service", () => {
    const found = [...new Set(crossModuleSqlImports(edges).map((e) => e.from))].sort();
    expect(found).toEqual([]);
  });
});

describe('the storefront bundle', () => {
  it('loads no merchant code: esbuild metafile of src/app.ts, following static imports', async () => {
    const bundle = await storefrontBundleFiles();
    // The walk itself is checked: the storefront's own modules are in it.
    expect(bundle).toContain('src/modules/products/routes.ts');
    expect(bundle).toContain('src/modules/orders/service/place.ts');
    expect(bundle.filter(isMerchantCode)).toEqual([]);
    expect(bundle.filter((f) => f === 'src/http/merchant.ts')).toEqual([]);
  });
});

describe('table ownership (docs/architecture.md, "Who owns which table")', () => {
  const map = ownershipMap();
  const writes = tableWrites(files);

  it('names an owner for every table of the schema, and only tables of the schema', () => {
    const tables = [...schemaTables().values()].sort();
    expect([...map.keys()].sort()).toEqual(tables);
  });

  it('names owners that exist: a module, or a layer below the modules', () => {
    const writers = new Set([...modules, 'admin-kit', 'identity', 'read-models']);
    const named = [...map.values()].flatMap((o) => [o.owner, ...o.alsoWrittenBy]);
    expect(named.filter((w) => !writers.has(w))).toEqual([]);
  });

  it('sees every write to a table only from its owner or a writer the map names', () => {
    // The scan itself is checked: it sees the owner's writes and a named crossing.
    expect(writes).toContainEqual(expect.objectContaining({ writer: 'orders', table: 'orders' }));
    expect(writes).toContainEqual(expect.objectContaining({ writer: 'orders', table: 'products' }));
    expect(unmappedWrites(writes, map).map((w) => `${w.file} writes ${w.table}`)).toEqual([]);
  });

  it('catches a write the map does not name', () => {
    const stray = { file: 'src/modules/reviews/queries.ts', writer: 'reviews', table: 'orders' };
    expect(unmappedWrites([stray], map)).toEqual([stray]);
  });
});

describe('the dashboard (docs/architecture.md, "The dashboard")', () => {
  const dashboard = dashboardFiles();
  // The member's own page: the navigation links it by the member's name.
  const UNLABELLED = ['/account'];

  it("keeps every screen in its area folder, with the area's route.tsx, in kebab-case", () => {
    // The walk itself is checked: it sees the areas' screens.
    expect(dashboard).toContain(`${DASHBOARD_SRC}/areas/products/editor.tsx`);
    expect(misplacedFiles(dashboard)).toEqual([]);
    expect(areasWithoutRoute(dashboard)).toEqual([]);
  });

  it('catches a screen outside an area folder, a PascalCase file, and an area without a route', () => {
    const stray = [
      `${DASHBOARD_SRC}/screens/Products.tsx`,
      `${DASHBOARD_SRC}/areas/orders/OrderDetail.tsx`,
      `${DASHBOARD_SRC}/products.tsx`,
      `${DASHBOARD_SRC}/areas/orders/notes/notes.tsx`,
    ];
    const placed = [
      `${DASHBOARD_SRC}/areas/orders/detail.tsx`,
      `${DASHBOARD_SRC}/areas/orders/queries.ts`,
      `${DASHBOARD_SRC}/components/orders-table.tsx`,
      `${DASHBOARD_SRC}/lib/money.ts`,
    ];
    expect(misplacedFiles([...placed, ...stray])).toEqual(stray);
    expect(areasWithoutRoute([`${DASHBOARD_SRC}/areas/gifts/list.tsx`])).toEqual(['gifts']);
  });

  it('gives every route its scope, and every area page its navigation label', async () => {
    const { routes, sections } = await dashboardRoutes();
    // The tree itself is checked: it holds the areas' pages and gives the navigation.
    expect(routes.map((r) => r.path)).toContain('/products/$id');
    expect(sections.map((s) => s.label)).toContain('Products');
    expect(undeclaredRoutes(routes, UNLABELLED)).toEqual([]);
  });

  it('catches a route without a scope, and an area page without a label', () => {
    const routes = [
      { path: '/gifts', id: '/gifts', parent: 'app', staticData: { scope: 'catalogue:read' } },
      { path: '/gifts/$id', id: '/gifts/$id', parent: 'app', staticData: {} },
      { path: '/account', id: '/account', parent: 'app', staticData: { scope: null } },
    ];
    expect(undeclaredRoutes(routes, UNLABELLED)).toEqual([
      '/gifts (/gifts): no label',
      '/gifts/$id (/gifts/$id): no scope',
    ]);
  });

  it('writes query keys only in the factories (queries.ts)', () => {
    const literal = dashboard.flatMap((f) => literalQueryKeys(f));
    expect(literal.map((k) => `${k.file}:${k.line} ${k.text}`)).toEqual([]);
    // The scan itself is checked: it reads the factories' users.
    expect(dashboard).toContain(`${DASHBOARD_SRC}/areas/products/queries.ts`);
  });

  it('catches a literal query key given to a query, a list, an invalidation or a variable', () => {
    const source = `
      useQuery({ queryKey: ['product', id], queryFn });
      usePaged(['orders', search], fetch);
      queryClient.invalidateQueries({ queryKey: ['reviews'] });
      queryClient.setQueryData(['order', id], order);
      const queryKey = ['resource', path];
      useQuery({ queryKey: productKeys.detail(id), queryFn });
      queryClient.invalidateQueries({ queryKey: [...reviewKeys.list(status), cursor] });
    `;
    const file = `${DASHBOARD_SRC}/areas/products/editor.tsx`;
    expect(literalQueryKeys(file, source).map((k) => k.text)).toEqual([
      "['product', id]",
      "['orders', search]",
      "['reviews']",
      "['order', id]",
      "['resource', path]",
    ]);
    expect(literalQueryKeys(`${DASHBOARD_SRC}/areas/products/queries.ts`, source)).toEqual([]);
  });
});

describe("the theme's pages (apps/theme/src/pages): one file per URL", () => {
  it('mounts every page file as one page with load and render, its form posts under its URL', () => {
    const { index, pages } = themeSources();
    expect(themePageProblems(index, pages)).toEqual([]);
    expect(Object.keys(pages).length).toBeGreaterThan(15);
  });

  it('catches a file of several pages, a page without the load/render split, and a stray post', () => {
    const index = `
      import * as misc from './pages/misc';
      import * as shop from './pages/shop';
      import { helper } from './pages/helper';
      app.get('/contact-us', page(misc));
      app.get('/sitemap.xml', page(misc));
      app.get('/shop', page(shop));
      app.post('/newsletter', shop.subscribe);
    `;
    const pages = {
      'misc.tsx': 'export function load() {}\nexport const render = () => null;',
      'shop.tsx': 'export async function shop(c) {}\nexport function subscribe() {}',
      'helper.ts': 'export const helper = 1;',
    };
    expect(themePageProblems(index, pages)).toEqual([
      'helper: imported by name, not as a page',
      'misc.tsx: answers more than one URL (get /contact-us, get /sitemap.xml)',
      'shop.tsx: exports no load()',
      'shop.tsx: exports no render()',
      'shop.tsx: post /newsletter is not under its page, /shop',
      'helper.ts: not mounted as a page (page(...) in index.tsx)',
    ]);
  });
});

/**
 * A list or a read written by hand in a merchant route file, instead of with the admin kit's
 * listRoute/readRoute (src/admin-kit/verbs.ts): the page envelope or the ETag built outside
 * the kit. A file that cannot use the verb says why in a `// Not listRoute: …` or
 * `// Not readRoute: …` comment, which lets that file's hand-written one stand.
 */
const HAND_WRITTEN: ReadonlyArray<readonly [verb: 'list' | 'read', pattern: RegExp]> = [
  ['list', /\btoList\(|\bhas_more\s*:|\blistPage\(/],
  ['read', /\bsetEtag\(|\.header\(\s*['"]etag['"]|\betagOf\(/i],
];
function handWrittenVerbs(file: string, text: string): string[] {
  const code = text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join('\n');
  return HAND_WRITTEN.filter(
    ([verb, pattern]) => pattern.test(code) && !new RegExp(`// Not ${verb}Route: \\S`).test(text),
  ).map(([verb]) => `${file}: a hand-written ${verb}`);
}
/**
 * A write written by hand in a merchant route file: a handler that calls merchantWrite itself
 * instead of createRoute, updateRoute, actionRoute or deleteRoute. Each says why in a
 * `// Not createRoute: …` (or updateRoute, actionRoute, deleteRoute) comment right above its
 * `.openapi(` line, or above the loop that registers it.
 */
function handWrittenWrites(file: string, text: string): string[] {
  const lines = text.split('\n');
  const isComment = (line: string) => /^\s*(\/\/|\*|\/\*)/.test(line);
  const found: string[] = [];
  lines.forEach((line, i) => {
    if (isComment(line) || !/\bmerchantWrite\(/.test(line)) return;
    let at = i;
    while (at >= 0 && !/\.openapi\(/.test(lines[at] ?? '')) at--;
    if (at > 0 && /^\s*for \(/.test(lines[at - 1] ?? '')) at--;
    const above: string[] = [];
    for (let j = at - 1; j >= 0 && isComment(lines[j] ?? ''); j--) above.push(lines[j] ?? '');
    const reason = /\/\/ Not (create|update|action|delete)Route: \S/;
    if (at < 0 || !above.some((l) => reason.test(l))) {
      found.push(`${file}:${i + 1}: a hand-written write`);
    }
  });
  return found;
}
const merchantRouteFiles = files.filter((f) =>
  /^src\/modules\/[^/]+\/admin-([^/]+-)?routes\.ts$/.test(f),
);

describe('merchant routes (docs/decisions/platform.md, "Merchant routes: the kit and explicit handlers")', () => {
  it('lists and reads only through listRoute/readRoute, or say why not', () => {
    // The scan itself is checked: it reads the route files, and sees the one exception.
    expect(merchantRouteFiles).toContain('src/modules/orders/admin-operation-routes.ts');
    const found = merchantRouteFiles.flatMap((f) =>
      handWrittenVerbs(f, readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(found).toEqual([]);
    const sessions = readFileSync(join(ROOT, 'src/modules/staff/admin-session-routes.ts'), 'utf8');
    expect(sessions).toMatch(/\btoList\(/);
  });

  it('writes only through createRoute/updateRoute/actionRoute/deleteRoute, or say why not', () => {
    const found = merchantRouteFiles.flatMap((f) =>
      handWrittenWrites(f, readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(found).toEqual([]);
    // The scan sees the writes that stand with their reason.
    const replay = readFileSync(join(ROOT, 'src/modules/webhooks/admin-routes.ts'), 'utf8');
    expect(replay).toMatch(/\bmerchantWrite\(/);
  });

  it('catches a hand-written write, and one whose reason is missing', () => {
    const write = `app.openapi(erase, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => eraseThing(w, id)), 200);
});`;
    const file = 'src/modules/things/admin-routes.ts';
    expect(handWrittenWrites(file, write)).toEqual([`${file}:3: a hand-written write`]);
    expect(handWrittenWrites(file, `// Not actionRoute: answers a file.\n${write}`)).toEqual([]);
    expect(handWrittenWrites(file, `// Not actionRoute:\n${write}`)).toHaveLength(1);
    // A reason above another handler does not cover this one.
    const other = `// Not createRoute: a file.\napp.openapi(upload, async (c) => c.json({}, 201));\n`;
    expect(handWrittenWrites(file, `${other}${write}`)).toHaveLength(1);
    const loop = `// Not actionRoute: each verb answers its own schema.\nfor (const route of ROUTES) {\n  ${write}\n}`;
    expect(handWrittenWrites(file, loop)).toEqual([]);
  });

  it('catches a hand-written list or read, and one whose reason is missing', () => {
    const list = `app.openapi(list, async (c) => {
  const page = await listThings(db, c.get('shop'), c.req.valid('query'));
  return c.json(toList(c, page.data, page.hasMore), 200);
});`;
    const read = `app.openapi(read, async (c) => {
  const thing = await getThing(db, c.get('shop'), c.req.valid('param').id);
  c.header('ETag', \`"\${thing.version}"\`);
  return c.json(thing, 200);
});`;
    const file = 'src/modules/things/admin-routes.ts';
    expect(handWrittenVerbs(file, `${list}\n${read}`)).toEqual([
      `${file}: a hand-written list`,
      `${file}: a hand-written read`,
    ]);
    expect(handWrittenVerbs(file, read.replace("c.header('ETag'", 'setEtag(c'))).toHaveLength(1);
    expect(
      handWrittenVerbs(file, `// Not listRoute: a person's own, not a shop's.\n${list}`),
    ).toEqual([]);
    expect(handWrittenVerbs(file, `// Not listRoute:\n${list}`)).toHaveLength(1);
  });
});
