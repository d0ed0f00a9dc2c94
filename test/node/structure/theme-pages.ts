/**
 * The theme's pages as its route table (apps/theme/src/index.tsx) mounts them, read with the
 * TypeScript compiler's parser: which file answers which URL, and whether each page file
 * exports the load/render pair `page()` runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './graph';

const THEME = join(ROOT, 'apps/theme/src');

/** One route of the table: its method and path (null for the not-found handler), the file's namespace, and how it is mounted. */
type Route = { method: string; path: string | null; namespace: string; viaPage: boolean };

const parse = (name: string, text: string) =>
  ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);

/** `import * as name from './pages/file'` of the route table: namespace → page file name. */
function pageImports(index: ts.SourceFile) {
  const found = new Map<string, string>();
  for (const statement of index.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const from = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    if (!from.startsWith('./pages/')) continue;
    found.set(
      bindings && ts.isNamespaceImport(bindings) ? bindings.name.text : `(named import of ${from})`,
      from.slice('./pages/'.length),
    );
  }
  return found;
}

/** Every `app.<verb>('/path', handler)` and `app.notFound(handler)` whose handler is a page file's. */
function routes(index: ts.SourceFile, namespaces: Set<string>) {
  const found: Route[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'app'
    ) {
      const method = node.expression.name.text;
      const [first, second] = node.arguments;
      const path = first && ts.isStringLiteral(first) ? first.text : null;
      const handler = path === null ? first : second;
      if (handler) {
        const viaPage =
          ts.isCallExpression(handler) &&
          ts.isIdentifier(handler.expression) &&
          handler.expression.text === 'page';
        const target = viaPage ? (handler as ts.CallExpression).arguments[0] : handler;
        const namespace =
          target && ts.isIdentifier(target)
            ? target.text
            : target && ts.isPropertyAccessExpression(target) && ts.isIdentifier(target.expression)
              ? target.expression.text
              : null;
        if (namespace && namespaces.has(namespace))
          found.push({ method, path, namespace, viaPage });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(index);
  return found;
}

/** The names a file exports as functions or constants. */
function exportedNames(file: ts.SourceFile) {
  const names = new Set<string>();
  for (const statement of file.statements) {
    const exported = ts
      .getModifiers(statement as ts.HasModifiers)
      ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) names.add(statement.name.text);
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name)) names.add(d.name.text);
  }
  return names;
}

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/**
 * What breaks "the theme's files are its URLs": a page file the route table does not mount as
 * a page, a file mounted as more than one page, a page without its `load` and `render`, or a
 * form post living in a file whose page is at another URL.
 */
export function themePageProblems(index: string, pages: Record<string, string>): string[] {
  const table = parse('index.tsx', index);
  const imports = pageImports(table);
  const problems: string[] = [];
  for (const [namespace, file] of imports)
    if (namespace.startsWith('(')) problems.push(`${file}: imported by name, not as a page`);
  const byFile = new Map([...imports].map(([namespace, file]) => [file, namespace]));
  const all = routes(table, new Set(imports.keys()));
  for (const [name, text] of Object.entries(pages)) {
    const file = name.replace(/\.tsx?$/, '');
    const namespace = byFile.get(file);
    const mine = all.filter((r) => r.namespace === namespace);
    const pageRoutes = mine.filter((r) => r.viaPage);
    if (!namespace || pageRoutes.length === 0) {
      problems.push(`${name}: not mounted as a page (page(...) in index.tsx)`);
      continue;
    }
    if (pageRoutes.length > 1)
      problems.push(
        `${name}: answers more than one URL (${pageRoutes.map((r) => `${r.method} ${r.path ?? 'not found'}`).join(', ')})`,
      );
    const exported = exportedNames(parse(name, text));
    for (const step of ['load', 'render'])
      if (!exported.has(step)) problems.push(`${name}: exports no ${step}()`);
    const base = pageRoutes[0]?.path;
    for (const r of mine.filter((r) => !r.viaPage))
      if (base === null || base === undefined || r.path === null || !under(r.path, base))
        problems.push(`${name}: ${r.method} ${r.path} is not under its page, ${base}`);
  }
  return problems;
}

/** The theme's route table and every file of apps/theme/src/pages. */
export function themeSources() {
  const dir = join(THEME, 'pages');
  return {
    index: readFileSync(join(THEME, 'index.tsx'), 'utf8'),
    pages: Object.fromEntries(
      readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
    ),
  };
}
