/** POST /newsletter: the footer's sign-up form, answered with a page saying what happened. */
import {
  type NewsletterResult,
  newsletterRefusal,
  renderNewsletterResult,
} from '../components/newsletter-result';
import type { ThemeContext } from '../env';
import { field } from '../lib/forms';

export async function load(c: ThemeContext): Promise<NewsletterResult> {
  const form = await c.req.parseBody();
  const { data, error } = await c.get('api').POST('/newsletter', {
    body: { email: field(form, 'email'), _hp: field(form, '_hp') },
  });
  const url = '/newsletter';
  if (!data) {
    const text = newsletterRefusal(error?.code, 'That email could not be subscribed.');
    return { url, title: 'Newsletter', text, ok: false };
  }
  const text =
    data.message === 'Subscribed' || data.message === 'Email not verified, new link sent'
      ? 'Almost done: confirm your subscription with the link we just emailed you.'
      : 'Welcome back: your subscription is renewed.';
  return { url, title: 'Newsletter', text, ok: true };
}

export const render = renderNewsletterResult;
