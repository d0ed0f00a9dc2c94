import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { WriteScope } from '../../admin-kit/write';
import { categories } from '../../db/schema';
import { slugOfHandle } from './csv/values';

/**
 * The ids of categories named in a file (Type, Tags), in the order named: a category matches
 * by name (any case) or slug; a name no category has becomes a new published category, left
 * out of the menu (the merchant places it). In the product's transaction.
 */
export async function categoryIdsOf(w: WriteScope, names: string[]): Promise<string[]> {
  const wanted = names
    .map((name) => ({ name: name.trim(), slug: slugOfHandle(name) }))
    .filter((c): c is { name: string; slug: string } => c.name !== '' && c.slug !== null);
  if (wanted.length === 0) return [];
  const lower = wanted.map((c) => c.name.toLowerCase());
  const slugs = wanted.map((c) => c.slug);
  const found = await w.tx
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .where(
      and(
        eq(categories.shopId, w.shop.id),
        or(inArray(sql`lower(${categories.name})`, lower), inArray(categories.slug, slugs)),
      ),
    );
  const match = (c: { name: string; slug: string }) =>
    found.find((f) => f.name.toLowerCase() === c.name.toLowerCase()) ??
    found.find((f) => f.slug === c.slug);
  const missing = wanted.filter((c) => !match(c));
  if (missing.length > 0) {
    const unique = [...new Map(missing.map((c) => [c.slug, c])).values()];
    const created = await w.tx
      .insert(categories)
      .values(
        unique.map((c) => ({ shopId: w.shop.id, name: c.name, slug: c.slug, showInMenu: false })),
      )
      .onConflictDoNothing()
      .returning({ id: categories.id, name: categories.name, slug: categories.slug });
    found.push(...created);
    await w.audit(
      ...created.map((c) => ({
        action: 'create' as const,
        resourceType: 'category',
        resourceId: c.id,
        before: null,
        after: { id: c.id, object: 'category', name: c.name, slug: c.slug },
      })),
    );
  }
  return [...new Set(wanted.flatMap((c) => match(c)?.id ?? []))];
}
