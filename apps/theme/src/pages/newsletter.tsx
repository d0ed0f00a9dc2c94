/** POST /newsletter: the footer's sign-up form, answered with a page saying what happened. */
import {
  type NewsletterResult,
  newsletterResult,
  renderNewsletterResult,
} from '../components/newsletter-result';
import type { ThemeContext } from '../env';
import { field } from '../lib/forms';

export async function load(c: ThemeContext): Promise<NewsletterResult> {
  const form = await c.req.parseBody();
  const answer = await c.get('api').POST('/newsletter', {
    body: { email: field(form, 'email'), _hp: field(form, '_hp') },
  });
  const message = answer.data?.message;
  const text =
    message === 'Subscribed' || message === 'Email not verified, new link sent'
      ? 'Almost done: confirm your subscription with the link we just emailed you.'
      : 'Welcome back: your subscription is renewed.';
  return newsletterResult(
    '/newsletter',
    answer,
    { title: 'Newsletter', otherwise: 'That email could not be subscribed.' },
    { title: 'Newsletter', text },
  );
}

export const render = renderNewsletterResult;
