/** GET /newsletter/verify: the emailed confirmation link confirms the subscription. */
import {
  type NewsletterResult,
  newsletterRefusal,
  renderNewsletterResult,
} from '../components/newsletter-result';
import type { ThemeContext } from '../env';

export async function load(c: ThemeContext): Promise<NewsletterResult> {
  const id = c.req.query('subscription') ?? '';
  const { data, error } = await c.get('api').PATCH('/newsletter/{id}', {
    params: { path: { id } },
    body: { email: c.req.query('email') ?? '', integrityId: c.req.query('integrity') ?? '' },
  });
  const url = '/newsletter/verify';
  if (!data) {
    const text = newsletterRefusal(error?.code, 'That link could not be used.');
    return { url, title: 'Subscription not confirmed', text, ok: false };
  }
  const text = 'Thank you: you will hear from us.';
  return { url, title: 'Subscription confirmed', text, ok: true };
}

export const render = renderNewsletterResult;
