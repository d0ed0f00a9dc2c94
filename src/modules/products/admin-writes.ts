import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { arrayOf } from '../../db/json';
import {
  productCategories,
  productMedia,
  productSlugRedirects,
  products,
  type ShippingDimensions,
} from '../../db/schema/index';
import { ApiError } from '../../errors';
import type { Product } from './admin-schemas';
import { productVersion } from './admin-view';

/*
 * The statements of a product write, each filtered by shop. The verbs (service.ts) decide
 * which run; a statement with nothing to do is not sent.
 */

export type ProductValues = Partial<Omit<typeof products.$inferInsert, 'id' | 'shopId'>>;
type ShippingView = NonNullable<Product['shipping']>;

/** Parcel dimensions as stored (camelCase), from the API's shape. */
export const storedShipping = (s: ShippingView | null): ShippingDimensions | null =>
  s && {
    weight: s.weight,
    length: s.length,
    width: s.width,
    height: s.height,
    weightUnit: s.weight_unit,
    measurementUnit: s.measurement_unit,
  };

export async function insertProduct(tx: Tx, shopId: string, values: ProductValues) {
  const [row] = await tx
    .insert(products)
    .values({ title: '', slug: '', ...values, shopId })
    .returning({ id: products.id });
  if (!row) throw new Error('the product was not inserted');
  return row.id;
}

/** Sets the product's own columns, leaving `version` to bumpVersion. */
export async function updateProductRow(tx: Tx, shopId: string, id: string, values: ProductValues) {
  if (Object.keys(values).length === 0) return;
  await tx
    .update(products)
    .set(values)
    .where(and(eq(products.shopId, shopId), eq(products.id, id)));
}

/** A stock set from a version that a sale, restock or adjustment has since changed. */
export const stockMovedSince = () =>
  new ApiError('PRECONDITION_FAILED', {
    message:
      'Units on hand changed after the version you read (a sale, a restock or an adjustment). Read the product again and retry.',
  });

/** Raises the product's version (a change the API shows); returns the version it shows. */
export async function bumpVersion(tx: Tx, shopId: string, id: string) {
  const [row] = await tx
    .update(products)
    .set({ version: sql`${products.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(products.shopId, shopId), eq(products.id, id)))
    .returning({
      version: sql<number>`${productVersion(sql.raw('"products"'))}`.mapWith(Number),
      updatedAt: products.updatedAt,
    });
  if (!row) throw new Error('a locked product vanished');
  return row;
}

/** Makes `ids` the product's categories, in this order (one statement). */
export async function replaceCategories(tx: Tx, shopId: string, productId: string, ids: string[]) {
  const rows = JSON.stringify(ids.map((id, position) => ({ id, position })));
  await tx.execute(sql`with gone as (
      delete from product_categories where shop_id = ${shopId} and product_id = ${productId}
        and not (category_id = any(${arrayOf(ids, 'uuid')})))
    insert into ${productCategories} (shop_id, product_id, category_id, position)
    select ${shopId}, ${productId}, r.id, r.position
    from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, position int)
    on conflict (product_id, category_id) do update set position = excluded.position`);
}

export type MediaRef = { media_id: string; position?: number | undefined };
const mediaRows = (refs: MediaRef[]) =>
  JSON.stringify(refs.map((m, i) => ({ id: m.media_id, position: m.position ?? i })));

/** Makes `refs` the product's images (one statement). */
export async function replaceMedia(tx: Tx, shopId: string, productId: string, refs: MediaRef[]) {
  const ids = refs.map((m) => m.media_id);
  await tx.execute(sql`with gone as (
      delete from product_media where shop_id = ${shopId} and product_id = ${productId}
        and not (media_id = any(${arrayOf(ids, 'uuid')})))
    insert into ${productMedia} (shop_id, product_id, media_id, position)
    select ${shopId}, ${productId}, r.id, r.position
    from jsonb_to_recordset(${mediaRows(refs)}::jsonb) as r(id uuid, position int)
    on conflict (product_id, media_id) do update set position = excluded.position`);
}

/**
 * The slug `slug` is now the product's: a redirect of that slug (another product's old
 * one) goes; when `previous` is given, that old slug now redirects to the product.
 */
export async function claimSlug(
  tx: Tx,
  shopId: string,
  productId: string,
  slug: string,
  previous: string | null,
) {
  if (previous === null) {
    await tx
      .delete(productSlugRedirects)
      .where(and(eq(productSlugRedirects.shopId, shopId), eq(productSlugRedirects.slug, slug)));
    return;
  }
  await tx.execute(sql`with gone as (
      delete from product_slug_redirects where shop_id = ${shopId} and slug = ${slug})
    insert into ${productSlugRedirects} (shop_id, slug, product_id)
    values (${shopId}, ${previous}, ${productId})
    on conflict (shop_id, slug) do update set product_id = excluded.product_id,
      created_at = now()`);
}
