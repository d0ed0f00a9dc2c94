/** GET /support/:type: one of the shop's policies, as the merchant wrote it. */
import { raw } from 'hono/html';
import type { ThemeContext } from '../env';
import { safeMarkup, unescapeHtml } from '../lib/html';
import { renderPage } from '../render';
import { notFound } from './not-found';

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

type Policy = { type: string; title: string; content: string };

export async function load(c: ThemeContext): Promise<Policy | Response> {
  const type = c.req.param('type') ?? '';
  const title = POLICY_TITLES[type];
  if (!title) return notFound(c);
  const { data } = await c
    .get('api')
    .GET('/settings/policy/{type}', { params: { path: { type: type as 'privacy' } } });
  if (!data) return notFound(c);
  const content = data.data.content ? await safeMarkup(unescapeHtml(data.data.content)) : '';
  return { type, title, content };
}

export function render(c: ThemeContext, { type, title, content }: Policy) {
  return renderPage(
    c,
    { url: '/support/:id', param: type, fallbackTitle: title },
    <article class="prose">
      <h1>{title}</h1>
      {content ? <div>{raw(content)}</div> : <p>The shop has not written this policy yet.</p>}
    </article>,
  );
}
