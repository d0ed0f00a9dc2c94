import type { Context } from 'hono';
import { raw } from 'hono/html';
import type { ThemeEnv } from '../env';
import { escapeHtml, safeMarkup, unescapeHtml } from '../lib/html';
import { renderPage } from '../render';

type C = Context<ThemeEnv>;

const field = (form: Record<string, unknown>, name: string) => {
  const v = form[name];
  return typeof v === 'string' ? v.trim() : '';
};

export function notFound(c: C) {
  return renderPage(
    c,
    {
      url: new URL(c.req.url).pathname,
      fallbackTitle: 'Page not found',
      status: 404,
      noindex: true,
    },
    <>
      <h1>Page not found</h1>
      <p>
        That page does not exist or is no longer available. <a href="/shop">Browse the shop</a> or
        use the search above.
      </p>
    </>,
  );
}

/** What a visitor sees while the shop's health check fails: no data is asked for. */
export function maintenance(shopName = 'The shop') {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(shopName)} is unavailable</title><meta name="robots" content="noindex"><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:15vh auto;padding:0 16px;line-height:1.5;color:#1d1d1f}</style></head><body><main><h1>We will be back soon</h1><p>The shop is not available right now. Please try again in a few minutes.</p></main></body></html>`;
  return new Response(body, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'retry-after': '120',
      'cache-control': 'no-store',
    },
  });
}

const POLICY_TITLES: Record<string, string> = {
  privacy: 'Privacy policy',
  'terms-of-service': 'Terms of service',
  refund: 'Refund policy',
  return: 'Return policy',
  exchange: 'Exchange policy',
  shipping: 'Shipping policy',
  delivery: 'Delivery policy',
  cancellation: 'Cancellation policy',
  payment: 'Payment policy',
  pricing: 'Pricing policy',
  order: 'Order policy',
  warranty: 'Warranty',
  disclaimer: 'Disclaimer',
  cookie: 'Cookie policy',
};

export async function support(c: C) {
  const type = c.req.param('type') ?? '';
  if (!POLICY_TITLES[type]) return notFound(c);
  const { data } = await c
    .get('api')
    .GET('/settings/policy/{type}', { params: { path: { type: type as 'privacy' } } });
  if (!data) return notFound(c);
  const content = data.data.content ? await safeMarkup(unescapeHtml(data.data.content)) : '';
  return renderPage(
    c,
    { url: '/support/:id', param: type, fallbackTitle: POLICY_TITLES[type] ?? type },
    <article class="prose">
      <h1>{POLICY_TITLES[type]}</h1>
      {content ? <div>{raw(content)}</div> : <p>The shop has not written this policy yet.</p>}
    </article>,
  );
}

export async function contact(c: C) {
  const b = c.get('settings').branding;
  const chat = b.messagingNumber
    ? `https://wa.me/${b.messagingNumber.replace(/[^0-9]/g, '')}?text=${encodeURIComponent(b.messagingText ?? '')}`
    : null;
  return renderPage(
    c,
    { url: '/contact-us', fallbackTitle: 'Contact us' },
    <div class="prose">
      <h1>Contact us</h1>
      <p>We answer every message within a working day.</p>
      <dl>
        {b.helpEmail ? (
          <>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${b.helpEmail}`}>{b.helpEmail}</a>
            </dd>
          </>
        ) : null}
        {b.helpPhone ? (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${b.helpPhone.replace(/\s+/g, '')}`}>{b.helpPhone}</a>
            </dd>
          </>
        ) : null}
        {chat ? (
          <>
            <dt>Chat</dt>
            <dd>
              <a href={chat} rel="noopener">
                Message us
              </a>
            </dd>
          </>
        ) : null}
        {b.address ? (
          <>
            <dt>Address</dt>
            <dd>{b.address}</dd>
          </>
        ) : null}
      </dl>
    </div>,
  );
}

const NEWSLETTER_ERRORS: Record<string, string> = {
  EMAIL_ALREADY_SUBSCRIBED: 'That email is already subscribed.',
  NEWSLETTER_LIMIT_EXCEEDED: 'The newsletter is full for now.',
  NEWSLETTER_RATE_LIMITED: 'Too many sign-ups from here. Try again later.',
  SUBSCRIPTION_NOT_FOUND: 'That subscription does not exist.',
  SUBSCRIPTION_NOT_VALID: 'That link is not valid.',
};

const newsletterPage = (c: C, url: string, title: string, text: string, ok: boolean) =>
  renderPage(
    c,
    { url, fallbackTitle: title, noindex: true, status: ok ? 200 : 422 },
    <div class="prose">
      <h1>{title}</h1>
      <p role={ok ? 'status' : 'alert'} class={ok ? undefined : 'error'}>
        {text}
      </p>
      <p>
        <a href="/shop">Continue shopping</a>
      </p>
    </div>,
  );

export async function subscribe(c: C) {
  const form = await c.req.parseBody();
  const { data, error } = await c.get('api').POST('/newsletter', {
    body: { email: field(form, 'email'), _hp: field(form, '_hp') },
  });
  if (!data)
    return newsletterPage(
      c,
      '/newsletter',
      'Newsletter',
      NEWSLETTER_ERRORS[error?.code ?? ''] ?? 'That email could not be subscribed.',
      false,
    );
  const text =
    data.message === 'Subscribed' || data.message === 'Email not verified, new link sent'
      ? 'Almost done: confirm your subscription with the link we just emailed you.'
      : 'Welcome back: your subscription is renewed.';
  return newsletterPage(c, '/newsletter', 'Newsletter', text, true);
}

export async function verify(c: C) {
  const id = c.req.query('subscription') ?? '';
  const { data, error } = await c.get('api').PATCH('/newsletter/{id}', {
    params: { path: { id } },
    body: { email: c.req.query('email') ?? '', integrityId: c.req.query('integrity') ?? '' },
  });
  if (!data)
    return newsletterPage(
      c,
      '/newsletter/verify',
      'Subscription not confirmed',
      NEWSLETTER_ERRORS[error?.code ?? ''] ?? 'That link could not be used.',
      false,
    );
  return newsletterPage(
    c,
    '/newsletter/verify',
    'Subscription confirmed',
    'Thank you: you will hear from us.',
    true,
  );
}

/** The emailed link opens a confirmation button, so a mail scanner following it unsubscribes nobody. */
export async function unsubscribePage(c: C) {
  const id = c.req.query('subscription') ?? '';
  const email = c.req.query('email') ?? '';
  return renderPage(
    c,
    { url: '/newsletter/unsubscribe', fallbackTitle: 'Unsubscribe', noindex: true },
    <div class="prose">
      <h1>Unsubscribe</h1>
      <form method="post" action="/newsletter/unsubscribe" class="form">
        <input type="hidden" name="subscription" value={id} />
        <input type="hidden" name="email" value={email} />
        <p>Stop sending the newsletter to {email}?</p>
        <button type="submit">Unsubscribe</button>
      </form>
    </div>,
  );
}

export async function unsubscribe(c: C) {
  const form = await c.req.parseBody();
  const { data, error } = await c.get('api').DELETE('/newsletter/{id}', {
    params: { path: { id: field(form, 'subscription') } },
    body: { email: field(form, 'email') },
  });
  if (!data)
    return newsletterPage(
      c,
      '/newsletter/unsubscribe',
      'Not unsubscribed',
      NEWSLETTER_ERRORS[error?.code ?? ''] ?? 'That link could not be used.',
      false,
    );
  return newsletterPage(
    c,
    '/newsletter/unsubscribe',
    'Unsubscribed',
    'You will not receive the newsletter any more.',
    true,
  );
}

/** The sitemap the API lists, its URLs moved onto the host this theme answers on. */
export async function sitemap(c: C) {
  const { data } = await c.get('api').GET('/config/site-map');
  const origin = new URL(c.req.url).origin;
  const rows = (data?.data ?? []).map((e) => {
    let loc = e.url;
    try {
      const u = new URL(e.url);
      loc = origin + u.pathname + u.search;
    } catch {
      loc = origin + (e.url.startsWith('/') ? e.url : `/${e.url}`);
    }
    return `<url><loc>${escapeHtml(loc)}</loc><lastmod>${escapeHtml(e.lastModified)}</lastmod><changefreq>${escapeHtml(e.changeFrequency)}</changefreq><priority>${e.priority}</priority></url>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${rows.join('')}</urlset>\n`;
  return c.body(xml, 200, {
    'content-type': 'application/xml; charset=utf-8',
    'cache-control': 'public, max-age=300',
  });
}

export function robots(c: C) {
  const origin = new URL(c.req.url).origin;
  const text = `User-agent: *\nDisallow: /checkout\nDisallow: /dashboard\nDisallow: /wish-list\nDisallow: /auth/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
  return c.text(text, 200, { 'cache-control': 'public, max-age=3600' });
}
