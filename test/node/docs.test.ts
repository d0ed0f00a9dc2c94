import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  configVariables,
  findMissing,
  postgresObjects,
  readTree,
  section,
} from './docs/readme-names';
import { ROOT } from './structure/graph';

const tree = readTree(ROOT);
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README.md names only what exists', () => {
  it('every npm run script, file path and environment variable it shows', () => {
    expect(findMissing(readme, tree)).toEqual([]);
  });

  it('docs/architecture.md too', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    expect(findMissing(doc, tree)).toEqual([]);
  });

  it('names every variable src/env.ts reads in its Configuration section', () => {
    const names = configVariables(readFileSync(join(ROOT, 'src/env.ts'), 'utf8'));
    expect(names).toContain('DATABASE_URL');
    const configuration = section(readme, 'Configuration');
    expect(names.filter((n) => !configuration.includes(`\`${n}\``))).toEqual([]);
  });

  it('finds what does not exist: the check itself', () => {
    const stale = [
      'Run `npm run no-such-script` and `npm run dev`.',
      'The codes live in `src/http/no-such-codes.ts`; the entry is `src/app.ts`.',
      'Set `NO_SUCH_VARIABLE` and `DATABASE_URL`. See [the map](docs/no-such.md).',
    ].join('\n');
    expect(findMissing(stale, tree)).toEqual([
      'npm run no-such-script',
      'file src/http/no-such-codes.ts',
      'variable NO_SUCH_VARIABLE',
      'link docs/no-such.md',
    ]);
  });
});

describe('docs/architecture.md names the behaviour in Postgres', () => {
  it('every function and trigger the migrations leave, in "Behaviour in Postgres"', () => {
    const dir = join(ROOT, 'drizzle');
    const migrations = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => readFileSync(join(dir, f), 'utf8'));
    const objects = postgresObjects(migrations);
    expect(objects).toContain('search_hits');
    expect(objects).toContain('products_cards_update');
    expect(objects).not.toContain('search_query');
    const doc = section(
      readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'),
      'Behaviour in Postgres',
    );
    expect(objects.filter((name) => !doc.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('docs/decisions/: one file per area, newest first', () => {
  const dir = join(ROOT, 'docs/decisions');
  const areas = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const relativeLinks = (markdown: string) =>
    [...markdown.matchAll(/\]\(([^)#\s:]+)(?:#[^)]*)?\)/g)].map((m) => m[1] as string);

  it('indexes every area in its README, and every link of the folder resolves', () => {
    const index = read('README.md');
    expect(areas.length).toBeGreaterThan(5);
    expect(areas.filter((a) => !index.includes(`](${a})`))).toEqual([]);
    const broken = ['README.md', ...areas].flatMap((file) =>
      relativeLinks(read(file))
        .filter((link) => !existsSync(join(dirname(join(dir, file)), link)))
        .map((link) => `${file}: ${link}`),
    );
    expect(broken).toEqual([]);
  });

  it('lists the decisions of each area newest first, each heading once', () => {
    let dated = 0;
    const disorder = areas.flatMap((file) => {
      const dates = [...read(file).matchAll(/^## .*\n\n_(\d{4}-\d{2}-\d{2})_$/gm)].map(
        (m) => m[1] as string,
      );
      dated += dates.length;
      return dates.some((d, i) => i > 0 && d > (dates[i - 1] as string)) ? [file] : [];
    });
    expect(disorder).toEqual([]);
    expect(dated).toBeGreaterThan(40);
    const headings = areas.flatMap((file) =>
      [...read(file).matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1] as string),
    );
    expect(headings.filter((h, i) => headings.indexOf(h) !== i)).toEqual([]);
  });

  it('is what the README and the other documents point to, not the former single file', () => {
    const documents = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    expect(
      documents.filter((f) => readFileSync(join(ROOT, f), 'utf8').includes('docs/decisions.md')),
    ).toEqual([]);
  });
});
