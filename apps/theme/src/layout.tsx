import type { Schema } from '@storefront-api/client';
import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import type { Settings } from './api';
import { imageUrl, mediaOrigin } from './lib/images';
import { CSS } from './styles';

export type PageMeta = Schema<'PageMetadata'> | null;

export type LayoutProps = {
  settings: Settings;
  shop: { id: string; name: string };
  meta: PageMeta;
  /** Used when the shop gave no metadata for the URL. */
  fallbackTitle: string;
  path: string;
  /** Events this page declares for the analytics script (sent once health has passed). */
  events?: Array<{ event: string; metadata: Record<string, unknown> }>;
  /** The island scripts, the theme script first. */
  scripts: string[];
  noindex?: boolean;
  /** ISO 4217 code, for the islands' price formatting. */
  currency: string;
  children: Child;
};

const SOCIALS: Array<[keyof Settings['branding'], string]> = [
  ['facebookUrl', 'Facebook'],
  ['instagramUrl', 'Instagram'],
  ['xUrl', 'X'],
  ['tiktokUrl', 'TikTok'],
  ['linkedinUrl', 'LinkedIn'],
  ['pinterestUrl', 'Pinterest'],
  ['youtubeUrl', 'YouTube'],
];

function Menu({ settings }: { settings: Settings }) {
  const top = settings.headerTopbar;
  if (top.menuContent === 'collections') {
    const items = top.menuCollections.slice(0, top.menuCollectionsLimit || 6);
    return (
      <ul>
        <li>
          <a href="/shop">Shop all</a>
        </li>
        {items.map((c) => (
          <li>
            <a href={`/collections/${encodeURIComponent(c.slug)}`}>{c.name}</a>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul>
      {top.menuPages.map((p) => (
        <li>
          <a href={p.url}>{p.name}</a>
        </li>
      ))}
    </ul>
  );
}

function TopBar({ settings }: { settings: Settings }) {
  const top = settings.headerTopbar;
  if (!top.activateTopBar || top.announcements.length === 0) return null;
  return (
    <section
      class="topbar"
      aria-label="Announcements"
      data-interval={String(top.announcementInterval || 5000)}
    >
      <ul aria-live="polite">
        {top.announcements.map((a, i) => (
          <li hidden={i > 0}>
            {a.value}
            {top.showShopNowButton && i === 0 ? <a href="/shop">Shop now</a> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Footer({ settings }: { settings: Settings }) {
  const b = settings.branding;
  const media = settings.media.url;
  const logo = imageUrl(media, settings.footerConfig.logo);
  const socials = SOCIALS.filter(([key]) => typeof b[key] === 'string' && b[key]);
  return (
    <footer class="site">
      <div class="wrap cols">
        <div>
          {logo ? (
            <img
              src={logo}
              alt={settings.footerConfig.logo?.title ?? ''}
              width="150"
              height="40"
              loading="lazy"
            />
          ) : null}
          {b.showContacts ? (
            <address>
              {b.address}
              <br />
              {b.helpEmail ? <a href={`mailto:${b.helpEmail}`}>{b.helpEmail}</a> : null}
              <br />
              {b.helpPhone ? (
                <a href={`tel:${b.helpPhone.replace(/\s+/g, '')}`}>{b.helpPhone}</a>
              ) : null}
            </address>
          ) : null}
        </div>
        {settings.footer.map((col) => (
          <nav aria-label={col.title}>
            <h2>{col.title}</h2>
            <ul>
              {col.links.map((l) => (
                <li>
                  <a href={l.link}>{l.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {settings.footerConfig.showNewsletter ? (
          <form method="post" action="/newsletter" class="form">
            <h2>Newsletter</h2>
            <label>
              Email for the newsletter
              <input type="email" name="email" required autocomplete="email" />
            </label>
            <div class="sr" aria-hidden="true">
              <label>
                Leave empty
                <input type="text" name="_hp" tabindex={-1} autocomplete="off" />
              </label>
            </div>
            <button type="submit">Subscribe</button>
          </form>
        ) : null}
      </div>
      <div class="wrap">
        <nav aria-label="Policies">
          <ul class="inline">
            {settings.footerPolicies.map((p) => (
              <li>
                <a href={p.link}>{p.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        {b.showSocials && socials.length > 0 ? (
          <nav aria-label="Social media">
            <ul class="inline">
              {socials.map(([key, label]) => (
                <li>
                  <a href={String(b[key])} rel="noopener">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </footer>
  );
}

export function Layout(props: LayoutProps) {
  const { settings, meta } = props;
  const title = meta?.title || props.fallbackTitle;
  const description = meta?.description || '';
  const logo = imageUrl(settings.media.url, settings.branding.logo);
  const media = mediaOrigin(settings.media.url);
  return (
    <>
      {raw('<!doctype html>')}
      <html lang="en" data-currency={props.currency}>
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{title}</title>
          {description ? <meta name="description" content={description} /> : null}
          {props.noindex ? <meta name="robots" content="noindex" /> : null}
          {meta?.keywords?.length ? (
            <meta name="keywords" content={meta.keywords.join(', ')} />
          ) : null}
          {meta?.author ? <meta name="author" content={String(meta.author)} /> : null}
          {(meta?.icons?.icon ?? []).map((icon) => (
            <link rel="icon" href={icon.url} type={icon.type} />
          ))}
          {meta?.openGraph ? (
            <>
              <meta property="og:type" content={meta.openGraph.type} />
              <meta property="og:title" content={meta.openGraph.title} />
              <meta property="og:description" content={meta.openGraph.description} />
              {meta.openGraph.url ? <meta property="og:url" content={meta.openGraph.url} /> : null}
              {meta.openGraph.images.map((src) => (
                <meta property="og:image" content={src} />
              ))}
            </>
          ) : null}
          {/* The images come from the API's host: its connection opens while the HTML parses. */}
          {media ? <link rel="preconnect" href={media} /> : null}
          <style>{raw(CSS)}</style>
          {props.scripts.map((s) => (
            <script type="module" src={s} />
          ))}
        </head>
        <body
          data-shop={props.shop.id}
          data-events={props.events?.length ? JSON.stringify(props.events) : undefined}
        >
          <a class="skip" href="#main">
            Skip to content
          </a>
          <TopBar settings={settings} />
          <header class="site">
            <div class="wrap">
              <div class="bar">
                <a class="logo" href="/" aria-label={`${props.shop.name}, home`}>
                  {logo ? (
                    <img src={logo} alt="" width="180" height="40" />
                  ) : (
                    <strong>{props.shop.name}</strong>
                  )}
                </a>
                <search class="search">
                  <form method="get" action="/search" class="inline">
                    <label class="sr" for="q">
                      Search products
                    </label>
                    <input id="q" type="search" name="term" placeholder="Search" />
                    <button type="submit">Search</button>
                  </form>
                </search>
                <div class="tools">
                  <a href="/wish-list">Wish list</a>
                  <a href="/account">Account</a>
                  <a href="/bag">
                    Bag <span data-bag-count />
                  </a>
                </div>
              </div>
              <nav class="menu" aria-label="Main">
                <Menu settings={settings} />
              </nav>
            </div>
          </header>
          <main id="main" class="wrap">
            {props.children}
          </main>
          <Footer settings={settings} />
          <div class="sr" aria-live="polite" data-announcer />
        </body>
      </html>
    </>
  );
}
