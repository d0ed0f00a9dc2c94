import type { Db } from '../../db/client';
import type { CategoryMappingRow, CategorySource, CategorySourceReport } from '../../db/schema';
import { tagsOfCell } from '../products/tags';
import { newCategoryCount } from './categories';
import type { ColumnKey, HeaderMap, Row } from './csv/columns';
import { categoryNamesOf } from './csv/mapper';

/*
 * What a file's columns would make of categories and tags, read once while the file is
 * planned: for each column that can name categories (Type, Product Category, Collection), how
 * many products name one, how many names there are and how many of them no category of the
 * shop has yet (the categories that choice creates). Tags always become product tags.
 */

type Source = CategorySourceReport['source'];
const SOURCES: Array<[Source, ColumnKey]> = [
  ['type', 'type'],
  ['product_category', 'productCategory'],
  ['collection', 'collection'],
];

/** How many names a report lists as examples. */
const EXAMPLES = 5;

/**
 * The column an import takes categories from when the upload names none: Collection when the
 * file has one (this catalogue's export writes every category there), else Type.
 */
export const defaultCategorySource = (map: HeaderMap): CategorySource =>
  map.index.collection === undefined ? 'type' : 'collection';

/** Gathers a file's category names and tags, one product (its first row) at a time. */
export class MappingTally {
  private readonly names = new Map<Source, { products: number; names: Map<string, string> }>(
    SOURCES.map(([source]) => [source, { products: 0, names: new Map() }]),
  );
  private readonly tags = { products: 0, distinct: new Set<string>() };

  constructor(private readonly map: HeaderMap) {}

  /** Adds the product whose first row is `first`. */
  add(first: Row): void {
    for (const [source] of SOURCES) {
      const named = categoryNamesOf(first, source);
      const entry = this.names.get(source);
      if (!entry || named.length === 0) continue;
      entry.products += 1;
      for (const name of named) {
        if (!entry.names.has(name.toLowerCase())) entry.names.set(name.toLowerCase(), name);
      }
    }
    const tags = tagsOfCell(first.get('tags'));
    if (tags.length > 0) this.tags.products += 1;
    for (const tag of tags) this.tags.distinct.add(tag.toLowerCase());
  }

  /** The report, counting against the shop's categories as they are now. */
  async report(db: Db, shopId: string): Promise<CategoryMappingRow> {
    const sources = await Promise.all(
      SOURCES.map(async ([source, key]): Promise<CategorySourceReport> => {
        const entry = this.names.get(source) ?? { products: 0, names: new Map() };
        const names = [...entry.names.values()];
        const at = this.map.index[key];
        return {
          source,
          column: at === undefined ? null : (this.map.headers[at] ?? null),
          products: entry.products,
          names: names.length,
          new_categories: await newCategoryCount(db, shopId, names),
          examples: names.slice(0, EXAMPLES),
        };
      }),
    );
    return { sources, tags: { products: this.tags.products, distinct: this.tags.distinct.size } };
  }
}
