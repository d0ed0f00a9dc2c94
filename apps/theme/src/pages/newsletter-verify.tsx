/** GET /newsletter/verify: the emailed confirmation link confirms the subscription. */
import {
  type NewsletterResult,
  newsletterResult,
  renderNewsletterResult,
} from '../components/newsletter-result';
import type { ThemeContext } from '../env';

export async function load(c: ThemeContext): Promise<NewsletterResult> {
  const answer = await c.get('api').PATCH('/newsletter/{id}', {
    params: { path: { id: c.req.query('subscription') ?? '' } },
    body: { email: c.req.query('email') ?? '', integrityId: c.req.query('integrity') ?? '' },
  });
  return newsletterResult(
    '/newsletter/verify',
    answer,
    { title: 'Subscription not confirmed', otherwise: 'That link could not be used.' },
    { title: 'Subscription confirmed', text: 'Thank you: you will hear from us.' },
  );
}

export const render = renderNewsletterResult;
