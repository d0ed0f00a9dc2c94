/**
 * /newsletter/unsubscribe: the emailed link opens a confirmation button (GET), so a mail
 * scanner following it unsubscribes nobody; the button posts back here.
 */
import {
  type NewsletterResult,
  newsletterResult,
  renderNewsletterResult,
} from '../components/newsletter-result';
import type { ThemeContext } from '../env';
import { field } from '../lib/forms';
import { page, renderPage } from '../render';

type Subscription = { id: string; email: string };

export const load = (c: ThemeContext): Subscription => ({
  id: c.req.query('subscription') ?? '',
  email: c.req.query('email') ?? '',
});

export function render(c: ThemeContext, { id, email }: Subscription) {
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

/** POST /newsletter/unsubscribe: the confirmation button. */
export const unsubscribe = page({
  async load(c): Promise<NewsletterResult> {
    const form = await c.req.parseBody();
    const answer = await c.get('api').DELETE('/newsletter/{id}', {
      params: { path: { id: field(form, 'subscription') } },
      body: { email: field(form, 'email') },
    });
    return newsletterResult(
      '/newsletter/unsubscribe',
      answer,
      { title: 'Not unsubscribed', otherwise: 'That link could not be used.' },
      { title: 'Unsubscribed', text: 'You will not receive the newsletter any more.' },
    );
  },
  render: renderNewsletterResult,
});
