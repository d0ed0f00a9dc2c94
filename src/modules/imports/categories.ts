import type { WriteScope } from '../../admin-kit/write';
import { categoriesNamed } from '../categories/admin-service';
import { slugOfHandle } from './csv/values';

/**
 * The ids of categories named in a file (Type, Tags), in the order named; a name no category
 * has becomes a new category out of the menu (see `categoriesNamed`). In the product's
 * transaction.
 */
export function categoryIdsOf(w: WriteScope, names: string[]): Promise<string[]> {
  const wanted = names
    .map((name) => ({ name: name.trim(), slug: slugOfHandle(name) }))
    .filter((c): c is { name: string; slug: string } => c.name !== '' && c.slug !== null);
  return categoriesNamed(w, wanted);
}
