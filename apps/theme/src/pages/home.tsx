/** GET /: the hero content entry, featured products, best sellers, collections. */
import type { Schema } from '@storefront-api/client';
import { ProductGrid } from '../components/catalogue';
import { Image, SIZES } from '../components/image';
import type { ThemeContext } from '../env';
import { imageUrl } from '../lib/images';
import { ctxOf, prefetchMeta, renderPage } from '../render';

type MenuCollection = Schema<'MenuCollection'>;
type Home = Awaited<ReturnType<typeof load>>;

export async function load(c: ThemeContext) {
  prefetchMeta(c, '/');
  const api = c.get('api');
  const [featured, best, hero] = await Promise.all([
    api.GET('/products', { params: { query: { featured: 'true', limit: 8 } } }),
    api.GET('/products/best-sellers', { params: { query: { limit: 8 } } }),
    api.GET('/content/{modelSlug}', { params: { path: { modelSlug: 'home-hero' } } }),
  ]);
  const entry =
    hero.data && !('currentPage' in (hero.data.data ?? {}))
      ? (hero.data.data as Record<string, unknown> | null)
      : null;
  return {
    featured: featured.data?.data.data ?? [],
    best: best.data?.data.data ?? [],
    entry,
  };
}

export function render(c: ThemeContext, { featured, best, entry }: Home) {
  const ctx = ctxOf(c);
  const text = (k: string) => (typeof entry?.[k] === 'string' ? (entry[k] as string) : '');
  const heroImage = entry
    ? imageUrl(ctx.media, entry.image as { uploadUrl?: string } | null)
    : null;
  return renderPage(
    c,
    { url: '/', fallbackTitle: c.get('shop').name },
    <>
      {entry ? (
        <section class="hero" aria-labelledby="hero-title">
          <h1 id="hero-title">{text('headline') || c.get('shop').name}</h1>
          {text('subheadline') ? <p>{text('subheadline')}</p> : null}
          {text('ctaUrl') ? (
            <a class="button" href={text('ctaUrl')}>
              {text('ctaLabel') || 'Shop now'}
            </a>
          ) : null}
          {heroImage ? (
            <Image
              src={heroImage}
              alt=""
              width={1200}
              height={500}
              sizes={SIZES.hero}
              loading="priority"
              style="margin-top:16px;border-radius:6px"
            />
          ) : null}
        </section>
      ) : (
        <h1>{c.get('shop').name}</h1>
      )}
      <section aria-labelledby="featured">
        <h2 id="featured">Featured</h2>
        <ProductGrid items={featured} ctx={ctx} eager={entry ? 0 : 4} priority={!heroImage} />
      </section>
      <section aria-labelledby="best">
        <h2 id="best">Best sellers</h2>
        <ProductGrid items={best} ctx={ctx} />
      </section>
      <CollectionsStrip collections={c.get('settings').headerTopbar.menuCollections} />
    </>,
  );
}

function CollectionsStrip({ collections }: { collections: MenuCollection[] }) {
  if (collections.length === 0) return null;
  return (
    <section aria-labelledby="collections">
      <h2 id="collections">Collections</h2>
      <ul class="inline" style="list-style:none;padding:0">
        {collections.map((col) => (
          <li>
            <a class="button ghost" href={`/collections/${encodeURIComponent(col.slug)}`}>
              {col.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
