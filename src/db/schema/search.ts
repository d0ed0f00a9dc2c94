import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { shopId } from './columns';

/**
 * Storage of the search GIN indexes: no pending list (fastupdate off). With one, recent writes
 * wait unsorted until vacuum merges them, and every search scans them all (a 5,000-product
 * import made each search 10 ms slower); the writes pay instead, once each.
 */
export const searchGin = { fastupdate: false };

/**
 * A shop's search dictionary: every word (letters only, 4+ of them) of its published
 * products' titles, category names and descriptions and of its published categories' names,
 * with the number of those documents holding it. Typo tolerance looks corrections up here.
 * Only Postgres writes it, from triggers on the catalogue tables
 * (drizzle/0011_search_documents.sql), so no code path can leave it behind the catalogue.
 */
export const searchWords = pgTable(
  'search_words',
  {
    shopId: shopId(),
    /** Lower-case and without accents, as search documents store it. */
    word: text('word').notNull(),
    /** The word's letters in byte order (`search_signature`): finds swapped letters. */
    signature: text('signature').notNull(),
    /** Published products and categories whose search document holds the word. */
    documents: integer('documents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.word] }),
    index('search_words_shop_trgm_idx')
      .using('gin', t.shopId, t.word.op('gin_trgm_ops'))
      .with(searchGin),
    index('search_words_shop_signature_idx').on(t.shopId, t.signature),
  ],
);

/**
 * Every lexeme of a shop's published search documents (products and categories, every field),
 * with the number of documents holding it: the search's last word, matched as a prefix, is
 * expanded to the shop's own lexemes that start with it (`search_alternatives`), so the GIN
 * index looks up exact entries of this shop instead of collecting every shop's matches of the
 * prefix. Kept by Postgres with search_words (`search_words_count`,
 * drizzle/0056_search_lexemes.sql). Byte order (`text_pattern_ops`), as tsvector prefixes
 * compare, whatever the database's collation.
 */
export const searchLexemes = pgTable(
  'search_lexemes',
  {
    shopId: shopId(),
    lexeme: text('lexeme').notNull(),
    documents: integer('documents').notNull(),
  },
  (t) => [
    uniqueIndex('search_lexemes_shop_lexeme_uq').on(t.shopId, t.lexeme.op('text_pattern_ops')),
  ],
);
