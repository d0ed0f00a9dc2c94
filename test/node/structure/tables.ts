/**
 * Who writes which table, read from the source, and who may, read from the map in
 * docs/architecture.md ("Who owns which table"). The structure test compares the two;
 * `npx tsx test/node/structure/report.ts` prints them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../../src/db/schema/index';
import { ROOT } from './graph';

/** Every table of `src/db/schema`, by the name its Drizzle object is exported under. */
export function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const [name, value] of Object.entries(schema)) {
    if (is(value, PgTable)) tables.set(name, getTableName(value));
  }
  return tables;
}

/** Who a file writes as: its module (`orders`), or its layer below the modules (`admin-kit`). */
export function writerOf(file: string): string {
  const module = /^src\/modules\/([^/]+)\//.exec(file)?.[1];
  if (module) return module;
  return /^src\/([^/]+)\//.exec(file)?.[1] ?? file;
}

export type TableWrite = { file: string; writer: string; table: string };

/**
 * The writes a file makes: Drizzle's `.insert(t)`, `.update(t)`, `.delete(t)` and
 * `versionedRows(t)` (which inserts, updates and deletes), and SQL's `insert into`,
 * `update` and `delete from` a table by name. A table named at run time is not seen.
 */
export function tableWrites(files: string[]): TableWrite[] {
  const tables = schemaTables();
  const names = new Set(tables.values());
  const out: TableWrite[] = [];
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const found = new Set<string>();
    for (const m of text.matchAll(/(?:\.(?:insert|update|delete)|versionedRows)\(\s*(\w+)\s*\)/g)) {
      const table = tables.get(m[1] ?? '');
      if (table) found.add(table);
    }
    for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)) {
      const table = m[1] ?? '';
      if (names.has(table)) found.add(table);
    }
    for (const table of found) out.push({ file, writer: writerOf(file), table });
  }
  return out;
}

/**
 * The tables a file reads: Drizzle's `.from(t)` and joins, and SQL's `from` and `join` a
 * table by name. Reported, not asserted: a statement may join another module's table for an
 * image or a name (the map governs writes).
 */
export function tableReads(files: string[]): TableWrite[] {
  const tables = schemaTables();
  const names = new Set(tables.values());
  const out: TableWrite[] = [];
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const found = new Set<string>();
    for (const m of text.matchAll(/\.(?:from|innerJoin|leftJoin)\(\s*(\w+)\s*[,)]/g)) {
      const table = tables.get(m[1] ?? '');
      if (table) found.add(table);
    }
    for (const m of text.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)) {
      if (names.has(m[1] ?? '')) found.add(m[1] ?? '');
    }
    for (const table of found) out.push({ file, writer: writerOf(file), table });
  }
  return out;
}

export type Ownership = { owner: string; alsoWrittenBy: string[] };

/**
 * The map: each row `| \`table\` | owner | other writer (why), … |` of the section "Who owns
 * which table" in docs/architecture.md.
 */
export function ownershipMap(): Map<string, Ownership> {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf('## Who owns which table');
  if (start < 0) throw new Error('docs/architecture.md has no "Who owns which table" section');
  const end = doc.indexOf('\n## ', start + 1);
  const section = doc.slice(start, end < 0 ? undefined : end);
  const map = new Map<string, Ownership>();
  for (const line of section.split('\n')) {
    const cells = /^\| `(\w+)` \| ([\w-]+) \| (.*) \|$/.exec(line.trim());
    if (!cells) continue;
    const others = (cells[3] ?? '')
      .replace(/\([^)]*\)/g, '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '' && s !== '—');
    map.set(cells[1] ?? '', { owner: cells[2] ?? '', alsoWrittenBy: others });
  }
  return map;
}

/** Writes the map does not allow: by neither the table's owner nor a writer it names. */
export function unmappedWrites(writes: TableWrite[], map: Map<string, Ownership>): TableWrite[] {
  return writes.filter((w) => {
    const entry = map.get(w.table);
    return !entry || (entry.owner !== w.writer && !entry.alsoWrittenBy.includes(w.writer));
  });
}
