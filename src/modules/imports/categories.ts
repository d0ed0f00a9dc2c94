import type { WriteScope } from '../../admin-kit/write';
import type { Db } from '../../db/client';
import { categoriesMissing, categoriesNamed } from '../categories/admin-service';
import { slugOfHandle } from './csv/values';

/** Names as categories are matched by: trimmed, each with its slug; names with none left out. */
const wantedOf = (names: string[]) =>
  names
    .map((name) => ({ name: name.trim(), slug: slugOfHandle(name) }))
    .filter((c): c is { name: string; slug: string } => c.name !== '' && c.slug !== null);

/**
 * The ids of categories named in a file (the chosen column's names), in the order named; a
 * name no category has becomes a new category out of the menu (see `categoriesNamed`). In
 * the product's transaction.
 */
export function categoryIdsOf(w: WriteScope, names: string[]): Promise<string[]> {
  return categoriesNamed(w, wantedOf(names));
}

/** How many categories importing products with these names would create (none is created). */
export async function newCategoryCount(db: Db, shopId: string, names: string[]): Promise<number> {
  return (await categoriesMissing(db, shopId, wantedOf(names))).length;
}
