/**
 * The source tree as a graph of imports, read with the TypeScript compiler's parser, and the
 * storefront entry's bundle, read from esbuild's metafile. The structure test asserts on it;
 * `npx tsx test/node/structure/report.ts` prints the figures.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SRC = join(ROOT, 'src');

export interface Edge {
  from: string;
  to: string;
  /** `import type`, `export type`, or every named binding marked `type`. */
  typeOnly: boolean;
  /** `import('...')`: evaluated on demand, not when the importer loads. */
  dynamic: boolean;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every TypeScript file under `src/`, relative to the repository (`src/modules/...`). */
export function sourceFiles(): string[] {
  return walk(SRC)
    .map((f) => relative(ROOT, f))
    .sort();
}

function resolveSpecifier(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(ROOT, dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    if (existsSync(candidate)) return relative(ROOT, candidate);
  }
  return undefined;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    !!clause &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((e) => e.isTypeOnly)
  );
}

/** The imports of one file between files of the repository (packages are left out). */
export function importsOf(file: string): Edge[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: Edge[] = [];
  const add = (spec: string, typeOnly: boolean, dynamic: boolean) => {
    const to = resolveSpecifier(file, spec);
    if (to) edges.push({ from: file, to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnlyImport(node), false);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, isTypeOnlyExport(node), false);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, true);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, true, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

export function importGraph(files = sourceFiles()): Edge[] {
  return files.flatMap(importsOf);
}

/** `src/modules/<name>/...` → `<name>`; other files have no module. */
export function moduleOf(file: string): string | undefined {
  return /^src\/modules\/([^/]+)\//.exec(file)?.[1];
}

/** Strongly connected components of more than one node (or a node importing itself). */
export function cycles(nodes: string[], edges: Array<[string, string]>): string[][] {
  const next = new Map<string, string[]>();
  for (const n of nodes) next.set(n, []);
  for (const [a, b] of edges) {
    if (!next.has(a)) next.set(a, []);
    if (!next.has(b)) next.set(b, []);
    next.get(a)?.push(b);
  }
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!indices.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, indices.get(w) ?? 0));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      const selfLoop = (next.get(v) ?? []).includes(v);
      if (component.length > 1 || selfLoop) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!indices.has(v)) connect(v);
  return found;
}

/** Cycles between modules: module A imports module B and B (through any files) imports A. */
export function moduleCycles(edges: Edge[], { types = true } = {}): string[][] {
  const pairs = edges
    .filter((e) => !e.dynamic && (types || !e.typeOnly))
    .map((e) => [moduleOf(e.from), moduleOf(e.to)] as const)
    .filter((p): p is [string, string] => !!p[0] && !!p[1] && p[0] !== p[1]);
  return cycles([], pairs);
}

/** Cycles between the files of one module. */
export function fileCycles(edges: Edge[], { types = true } = {}): string[][] {
  const pairs = edges
    .filter((e) => !e.dynamic && (types || !e.typeOnly))
    .filter((e) => moduleOf(e.from) !== undefined && moduleOf(e.from) === moduleOf(e.to))
    .map((e) => [e.from, e.to] as [string, string]);
  return cycles([], pairs);
}

/** A file holding SQL by its name: `queries.ts`, `*-queries.ts`, or under `queries/`. */
export function isQueriesFile(file: string): boolean {
  return /(^|\/|-)queries(\.ts$|\/)/.test(file.replace(/^src\/modules\/[^/]+\//, ''));
}

/** A merchant-side file by its name: `admin-*.ts`, `admin.ts`, or under an `admin/` folder. */
export function isMerchantNamed(file: string): boolean {
  return /^src\/modules\/[^/]+\/(.*\/)?admin([-/.])/.test(file);
}

/** Merchant code by its place: a merchant-named module file, the merchant kit or mount. */
export const isMerchantCode = (file: string) =>
  isMerchantNamed(file) || file.startsWith('src/admin-kit/') || file === 'src/admin-api.ts';

/** Queries files that import another module's queries or service (a file or a folder of them). */
export function crossModuleSqlImports(edges: Edge[]): Edge[] {
  return edges.filter((e) => {
    const from = moduleOf(e.from);
    const to = moduleOf(e.to);
    if (!from || !to || from === to || !isQueriesFile(e.from)) return false;
    const inner = e.to.replace(/^src\/modules\/[^/]+\//, '');
    return isQueriesFile(e.to) || /(^|\/|-)service(\.ts$|\/)/.test(inner);
  });
}

/**
 * The shape of a module's merchant side, named by where its files sit:
 * - `prefixed`: `admin-routes.ts` beside `admin-*.ts` files of the merchant side
 * - `admin-folder`: an `admin/` folder
 * - `nested`: `service/admin.ts` or `queries/admin.ts`
 * - `admin-file`: a bare `admin.ts`
 * - `merchant-only`: `admin-routes.ts` and plain files, the module having no storefront entry
 */
export function merchantLayout(module: string, files: string[]): string | undefined {
  const inner = files
    .filter((f) => moduleOf(f) === module)
    .map((f) => f.replace(/^src\/modules\/[^/]+\//, ''));
  if (!inner.includes('admin-routes.ts')) return undefined;
  const kinds = new Set<string>();
  if (inner.some((f) => f.startsWith('admin/'))) kinds.add('admin-folder');
  if (inner.some((f) => /^[^/]+\/admin\.ts$/.test(f))) kinds.add('nested');
  if (inner.includes('admin.ts')) kinds.add('admin-file');
  if (inner.some((f) => /^admin-(?!routes\.ts$)/.test(f))) kinds.add('prefixed');
  if (kinds.size === 0) kinds.add(inner.includes('routes.ts') ? 'routes-only' : 'merchant-only');
  return [...kinds].sort().join('+');
}

export function merchantLayouts(files = sourceFiles()): Map<string, string> {
  const modules = [...new Set(files.map(moduleOf).filter((m): m is string => !!m))].sort();
  const layouts = new Map<string, string>();
  for (const m of modules) {
    const layout = merchantLayout(m, files);
    if (layout) layouts.set(m, layout);
  }
  return layouts;
}

/**
 * The files the storefront application loads: esbuild bundles `src/app.ts` and its metafile
 * lists every input with its imports; following all but `import()` (the merchant API is
 * loaded that way, on its first request) gives what a storefront isolate evaluates.
 */
export async function storefrontBundleFiles(
  entry = 'src/app.ts',
  { skip }: { skip?: (file: string) => boolean } = {},
): Promise<string[]> {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [join(ROOT, entry)],
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    external: ['cloudflare:*', 'node:*'],
    loader: { '.json': 'json' },
    logLevel: 'silent',
  });
  const inputs = result.metafile.inputs;
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || imported.external || skip?.(imported.path))
        continue;
      if (!seen.has(imported.path)) {
        seen.add(imported.path);
        queue.push(imported.path);
      }
    }
  }
  return [...seen].filter((f) => f.startsWith('src/')).sort();
}
