import type { ShippingDimensions } from '../../src/db/schema';
import { addDigitalFiles, type DigitalFileSeed } from './files';
import { addArt } from './images';
import { hashOf, newId, type ProductRef, type ShopPlan, slugify } from './plan';
import { addVariants, type SaleKind, saleWindow, type VariantRules } from './variants';

export type CategorySeed = {
  slug: string;
  name: string;
  parent?: string;
  /** Short code used in SKUs of products whose primary category this is. */
  code?: string;
  description: string;
  featured?: boolean;
  showInMenu?: boolean;
  status?: 'draft' | 'archived';
  /** Defaults: every category has an image, top-level ones also a header image. */
  image?: boolean;
  header?: boolean;
};

export type ProductSeed = {
  title: string;
  /** Category slugs separated by spaces; the first is the primary category. */
  cats: string;
  /** Price in minor units (the base price of a variant product). */
  price: number;
  blurb: string;
  featured?: boolean;
  sale?: [priceMinor: number, window: SaleKind];
  /** Units on hand; by default a repeatable number between 4 and 48. */
  stock?: number;
  untracked?: boolean;
  status?: 'draft' | 'archived';
  variants?: VariantRules;
  digital?: DigitalFileSeed[];
};

export type CatalogSeed = {
  /** Shop name printed on the pictures. */
  caption: string;
  skuPrefix: string;
  categories: CategorySeed[];
  products: ProductSeed[];
  /** Bullet points added to descriptions, by the nearest category (or ancestor) listed. */
  details: Record<string, string[]>;
  /** Products listed in this category were added in the last two weeks. */
  recentCategory?: string;
};

/** Categories (parents first), products with their pictures, variants and files. */
export function addCatalog(plan: ShopPlan, seed: CatalogSeed): void {
  const parents = new Map(seed.categories.map((c) => [c.slug, c.parent]));
  const codes = new Map(
    seed.categories.map((c) => [c.slug, c.code ?? c.slug.slice(0, 3).toUpperCase()]),
  );
  for (const [position, c] of seed.categories.entries())
    addCategory(plan, seed.caption, c, position);

  const skuCounts = new Map<string, number>();
  const listed = new Map<string, number>();
  seed.products.forEach((p, index) => {
    const [primary = '', ...others] = p.cats.split(' ');
    const code = codes.get(primary) ?? 'GEN';
    const count = (skuCounts.get(code) ?? 0) + 1;
    skuCounts.set(code, count);
    const sku = `${seed.skuPrefix}-${code}-${String(count).padStart(3, '0')}`;
    const lineage = [primary];
    for (let up = parents.get(primary); up; up = parents.get(up)) lineage.push(up);
    const details = lineage.map((slug) => seed.details[slug]).find(Boolean);
    const recent = seed.recentCategory !== undefined && others.includes(seed.recentCategory);
    const id = addProduct(plan, seed.caption, p, {
      sku,
      // The merchant's own labels: the department, and the collections the product is in.
      tags: [...new Set([lineage.at(-1) ?? primary, ...others])],
      details: index % 3 === 2 ? undefined : details,
      ageDays: recent ? 1 + (hashOf(p.title) % 13) + index / 1440 : 20 + (hashOf(p.title) % 300),
    });
    for (const slug of [primary, ...others]) {
      const position = listed.get(slug) ?? 0;
      listed.set(slug, position + 1);
      plan.rows.productCategories.push({
        shopId: plan.shopId,
        productId: id,
        categoryId: plan.category(slug),
        position,
      });
    }
  });
}

function addCategory(plan: ShopPlan, caption: string, c: CategorySeed, position: number) {
  const id = newId();
  plan.categories.set(c.slug, id);
  const withImage = c.image ?? true;
  const withHeader = c.header ?? c.parent === undefined;
  plan.rows.categories.push({
    id,
    shopId: plan.shopId,
    parentId: c.parent ? plan.category(c.parent) : null,
    name: c.name,
    slug: c.slug,
    description: c.description,
    featured: c.featured ?? false,
    showInMenu: c.showInMenu ?? true,
    imageId: withImage ? addArt(plan, `category-${c.slug}`, { title: c.name, caption }) : null,
    headerImageId: withHeader
      ? addArt(plan, `category-${c.slug}-header`, {
          title: c.name,
          caption,
          width: 1600,
          height: 500,
        })
      : null,
    position,
    status: c.status ?? 'published',
    createdAt: plan.at(-500 + position),
    updatedAt: plan.at(-30 + position / 10),
  });
}

function describe(p: ProductSeed, details: string[] | undefined): string {
  const list = details ? `<ul>${details.map((d) => `<li>${d}</li>`).join('')}</ul>` : '';
  return `<p>${p.blurb}</p>${list}`;
}

function dimensions(slug: string): ShippingDimensions {
  const h = hashOf(slug);
  return {
    weight: Math.round((0.2 + (h % 21) / 10) * 100) / 100,
    length: 20 + (h % 25),
    width: 15 + ((h >>> 4) % 20),
    height: 3 + ((h >>> 8) % 12),
    weightUnit: 'kg',
    measurementUnit: 'cm',
  };
}

function addProduct(
  plan: ShopPlan,
  caption: string,
  p: ProductSeed,
  extra: { sku: string; tags: string[]; details: string[] | undefined; ageDays: number },
): string {
  const id = newId();
  const slug = slugify(p.title);
  const shopId = plan.shopId;
  const isDigital = p.digital !== undefined;
  const gallery = [addArt(plan, `${slug}-1`, { title: p.title, caption })];
  if (!isDigital)
    gallery.push(addArt(plan, `${slug}-2`, { title: `${p.title} · detail`, caption }));
  const shipping = isDigital ? null : dimensions(slug);
  const sale = p.sale ? saleWindow(plan, p.sale[1], p.sale[0]) : null;

  let defaultVariantId: string | null = null;
  const ref: ProductRef = {
    id,
    title: p.title,
    sku: extra.sku,
    priceMinor: p.price,
    sale: p.variants ? null : sale,
    isDigital,
    files: isDigital ? addDigitalFiles(plan, id, p.digital ?? []) : [],
    variants: new Map(),
  };
  if (p.variants && shipping) {
    const added = addVariants(
      plan,
      {
        id,
        slug,
        title: p.title,
        sku: extra.sku,
        basePriceMinor: p.price,
        primaryMediaId: gallery[0] ?? '',
        shipping,
        caption,
      },
      p.variants,
    );
    ref.variants = added.variants;
    defaultVariantId = added.defaultVariantId;
    gallery.push(...added.pictureIds);
  }
  plan.products.set(slug, ref);
  for (const [position, mediaId] of gallery.entries()) {
    plan.rows.productMedia.push({ shopId, productId: id, mediaId, position });
  }

  const hasVariants = p.variants !== undefined;
  plan.rows.products.push({
    id,
    shopId,
    title: p.title,
    slug,
    description: describe(p, extra.details),
    sku: extra.sku,
    tags: extra.tags,
    status: p.status ?? 'published',
    featured: p.featured ?? false,
    primaryCategoryId: plan.category(p.cats.split(' ')[0] ?? ''),
    priceMinor: hasVariants ? null : p.price,
    salePriceMinor: hasVariants ? null : (sale?.priceMinor ?? null),
    saleStartsAt: hasVariants ? null : (sale?.startsAt ?? null),
    saleEndsAt: hasVariants ? null : (sale?.endsAt ?? null),
    trackStock: !(p.untracked || isDigital),
    stock: hasVariants || p.untracked || isDigital ? 0 : (p.stock ?? 4 + (hashOf(slug) % 45)),
    hasShipping: !isDigital,
    shipping,
    isDigital,
    defaultVariantId,
    createdAt: plan.at(-extra.ageDays),
    updatedAt: plan.at(-Math.min(extra.ageDays, 3 + (hashOf(slug) % 17))),
  });
  return id;
}
