import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ShippingDimensions } from '../../db/schema';
import { saleActive } from '../../read-models/prices';

/** One product as an export writes it. Amounts in minor units; images by filename. */
export type ExportProduct = {
  id: string;
  slug: string;
  title: string;
  description: string;
  status: 'published' | 'draft' | 'archived';
  featured: boolean;
  vendor: string;
  tags: string[];
  seo_title: string;
  seo_description: string;
  sku: string;
  price: number | null;
  sale: number | null;
  on_sale: boolean;
  track_stock: boolean;
  stock: number;
  has_shipping: boolean;
  shipping: ShippingDimensions | null;
  primary_category: string | null;
  other_categories: string[];
  images: Array<{ filename: string; alt: string }>;
  options: Array<{ name: string }>;
  variants: Array<{
    sku: string;
    price: number;
    sale: number | null;
    on_sale: boolean;
    track_stock: boolean;
    stock: number;
    has_shipping: boolean;
    shipping: ShippingDimensions | null;
    values: string[];
    image: string | null;
  }>;
};

/** One page of a shop's products (every status), after `after` by id: one statement. */
export async function selectExportPage(
  db: Db,
  shopId: string,
  after: string | null,
  limit: number,
): Promise<ExportProduct[]> {
  const result = await db.execute(sql`
    select p.id, p.slug, p.title, p.description, p.status, p.featured, p.sku,
      p.vendor, p.tags, p.seo_title, p.seo_description,
      p.price_minor as price, p.sale_price_minor as sale, ${saleActive('p')} as on_sale,
      p.track_stock, p.stock, p.has_shipping, p.shipping,
      pc.name as primary_category,
      (select coalesce(json_agg(c.name order by l.position, c.name), '[]')
        from product_categories l join categories c on c.id = l.category_id
        where l.shop_id = p.shop_id and l.product_id = p.id
          and c.id is distinct from p.primary_category_id) as other_categories,
      (select coalesce(json_agg(json_build_object('filename', m.filename, 'alt', m.title)
          order by pm.position), '[]')
        from product_media pm join media m on m.id = pm.media_id
        where pm.shop_id = p.shop_id and pm.product_id = p.id) as images,
      (select coalesce(json_agg(json_build_object('name', o.name) order by o.position), '[]')
        from product_options o where o.shop_id = p.shop_id and o.product_id = p.id) as options,
      (select coalesce(json_agg(json_build_object(
          'sku', v.sku, 'price', v.price_minor, 'sale', v.sale_price_minor,
          'on_sale', ${saleActive('v')}, 'track_stock', v.track_stock, 'stock', v.stock,
          'has_shipping', v.has_shipping, 'shipping', v.shipping,
          'values', (select coalesce(json_agg(ov.value order by o.position), '[]')
            from product_option_values ov join product_options o on o.id = ov.option_id
            where o.shop_id = p.shop_id and o.product_id = p.id
              and position(ov.id::text in v.key) > 0),
          'image', (select m.filename from variant_media vm join media m on m.id = vm.media_id
            where vm.shop_id = v.shop_id and vm.variant_id = v.id
            order by vm.position limit 1)
        ) order by v.position), '[]')
        from product_variants v
        where v.shop_id = p.shop_id and v.product_id = p.id and v.active) as variants
    from products p
    left join categories pc on pc.id = p.primary_category_id and pc.shop_id = p.shop_id
    where p.shop_id = ${shopId} ${after ? sql`and p.id > ${after}` : sql``}
    order by p.id
    limit ${limit}`);
  return result.rows as ExportProduct[];
}
