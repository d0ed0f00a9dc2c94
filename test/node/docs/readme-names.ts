/**
 * What a Markdown document names that must exist in the repository: `npm run` scripts, file
 * paths and environment variables. Each finding is a name the document shows and the tree
 * does not have.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Tree {
  root: string;
  scripts: string[];
  /** Text of the source, configuration and tooling, searched for variable and constant names. */
  configText: string;
  /** Paths that are made at run time (.gitignore), named but never committed. */
  ignored: string[];
  /** Names of every file and folder under the top-level folders, for bare names (`routes.ts`). */
  names: Set<string>;
}

const TOP = ['src', 'scripts', 'test', 'bench', 'docs', 'packages', 'examples', 'drizzle', '.ci'];

function walk(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** The repository as the check sees it. */
export function readTree(root: string): Tree {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const configFiles = [
    ...walk(join(root, 'src')).map((f) => f.slice(root.length + 1)),
    'wrangler.toml',
    'vitest.config.ts',
    'test/env.d.ts',
    '.ci/run',
    ...walk(join(root, 'scripts')).map((f) => f.slice(root.length + 1)),
    ...walk(join(root, 'test/helpers')).map((f) => f.slice(root.length + 1)),
  ].filter((f) => /\.(ts|toml)$|^\.ci\/run$/.test(f));
  const names = new Set<string>();
  for (const top of TOP) {
    for (const file of walk(join(root, top))) {
      const parts = file.slice(root.length + 1).split('/');
      for (const [i, part] of parts.entries()) names.add(i < parts.length - 1 ? `${part}/` : part);
    }
  }
  const configText = configFiles
    .filter((f) => existsSync(join(root, f)))
    .map((f) => readFileSync(join(root, f), 'utf8'))
    .join('\n');
  const ignored = readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim().replace(/\/$/, ''))
    .filter((l) => l && !l.startsWith('#') && !l.includes('*'));
  return { root, scripts: Object.keys(pkg.scripts ?? {}), configText, ignored, names };
}

const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** Backticked spans and the targets of relative links. */
function spans(markdown: string): { code: string[]; links: string[]; outside: string[] } {
  const code = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);
  const blocks = [...markdown.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  const targets = [...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1] as string)
    .filter((l) => !/^[a-z]+:/.test(l));
  return {
    code: [...code, ...blocks],
    links: targets.filter((l) => !l.startsWith('../')),
    // Links out of the repository (the contract beside it) name what a bare name refers to.
    outside: targets.filter((l) => l.startsWith('../')),
  };
}

function pathExists(tree: Tree, path: string, outside: string[]): boolean {
  if (/^[\w.-]+\/?$/.test(path) && tree.names.has(path)) return true;
  if (outside.some((link) => link.endsWith(`/${path}`))) return true;
  const clean = path.replace(/\/$/, '');
  if (tree.ignored.some((i) => clean === i || clean.startsWith(`${i}/`))) return true;
  return ['', 'src/modules', ...TOP].some((base) => existsSync(join(tree.root, base, clean)));
}

/** Words of a span that look like a repository path. */
function pathsIn(span: string): string[] {
  return span
    .split(/\s+/)
    .map((w) => w.replace(/^['"(]+|['",;:)]+$/g, ''))
    .filter(
      (w) =>
        !w.startsWith('/') &&
        !w.startsWith('-') &&
        !/[<>…*{}=@]|:\/\//.test(w) &&
        !/^(application|text|image|multipart)\//.test(w) &&
        (/^\.?[\w-]+\/[\w./-]*$/.test(w) || /^[\w.-]+\.(ts|md|json|toml)$/.test(w)),
    );
}

export function findMissing(markdown: string, tree: Tree): string[] {
  const missing: string[] = [];
  for (const m of markdown.matchAll(/npm run ([a-z][\w:.-]*)/g)) {
    const name = m[1] as string;
    if (!tree.scripts.includes(name)) missing.push(`npm run ${name}`);
  }
  const { code, links, outside } = spans(markdown);
  // Shell variables and functions the document's own blocks define (`NAME=…`, `NAME() {`).
  const defined = new Set(
    code.flatMap((span) => [...span.matchAll(/\b([A-Z][A-Z0-9_]*)(?:=|\(\))/g)].map((d) => d[1])),
  );
  for (const span of code) {
    for (const path of pathsIn(span)) {
      if (!pathExists(tree, path, outside)) missing.push(`file ${path}`);
    }
    for (const word of span.split(/[\s=,;()[\]]+/)) {
      if (
        ENV_NAME.test(word) &&
        !defined.has(word) &&
        !new RegExp(`\\b${word}\\b`).test(tree.configText)
      ) {
        missing.push(`variable ${word}`);
      }
    }
  }
  for (const link of links) {
    if (!existsSync(join(tree.root, link))) missing.push(`link ${link}`);
  }
  return [...new Set(missing)];
}

/** The `## Configuration` section's text, up to the next `## ` heading. */
export function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = markdown.indexOf('\n## ', start + 4);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** The variables `src/env.ts` parses: the keys of its configuration schema. */
export function configVariables(envSource: string): string[] {
  const body = envSource.slice(envSource.indexOf('const ConfigSchema = z.object({'));
  const end = body.indexOf('\n});');
  return [...body.slice(0, end).matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] as string);
}

/**
 * Functions and triggers the migrations leave in the database, in order: created by
 * `CREATE [OR REPLACE] FUNCTION|TRIGGER`, gone after `DROP FUNCTION|TRIGGER`.
 */
export function postgresObjects(migrations: string[]): string[] {
  const live = new Set<string>();
  const statement =
    /\b(create(?:\s+or\s+replace)?|drop)\s+(function|trigger)\s+(?:if\s+exists\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)/gi;
  for (const sql of migrations) {
    for (const m of sql.matchAll(statement)) {
      const name = (m[3] as string).toLowerCase();
      if ((m[1] as string).toLowerCase() === 'drop') live.delete(name);
      else live.add(name);
    }
  }
  return [...live].sort();
}
