import { type SQL, sql } from 'drizzle-orm';
import { imageJson, jsonArray } from '../../../db/json';

/** SQL: every image of the product with its `position`, in order. */
export const productMediaJson = (p: string): SQL => {
  const a = sql.raw(p);
  return sql`(select ${jsonArray(
    sql`(${imageJson('pmm')})::jsonb || jsonb_build_object('position', pml.position)`,
    sql`pml.position, pml.media_id`,
  )} from product_media pml
    join media pmm on pmm.id = pml.media_id and pmm.shop_id = pml.shop_id
    where pml.shop_id = ${a}.shop_id and pml.product_id = ${a}.id)`;
};
