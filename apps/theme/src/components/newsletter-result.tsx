/** What the newsletter's sign-up, confirmation and unsubscribe answer: one short page. */
import type { ThemeContext } from '../env';
import { renderPage } from '../render';

const NEWSLETTER_ERRORS: Record<string, string> = {
  EMAIL_ALREADY_SUBSCRIBED: 'That email is already subscribed.',
  NEWSLETTER_LIMIT_EXCEEDED: 'The newsletter is full for now.',
  NEWSLETTER_RATE_LIMITED: 'Too many sign-ups from here. Try again later.',
  SUBSCRIPTION_NOT_FOUND: 'That subscription does not exist.',
  SUBSCRIPTION_NOT_VALID: 'That link is not valid.',
};

/** The page's pattern for POST /config, its title, and what happened (`ok`) in words. */
export type NewsletterResult = { url: string; title: string; text: string; ok: boolean };

/**
 * What an answer of the newsletter API means for the visitor: the refusal in their words
 * (`otherwise` for a code without words of its own), or `done`.
 */
export function newsletterResult(
  url: string,
  answer: { data?: unknown; error?: { code?: string } },
  refused: { title: string; otherwise: string },
  done: { title: string; text: string },
): NewsletterResult {
  if (answer.data) return { url, ...done, ok: true };
  const text = NEWSLETTER_ERRORS[answer.error?.code ?? ''] ?? refused.otherwise;
  return { url, title: refused.title, text, ok: false };
}

export function renderNewsletterResult(
  c: ThemeContext,
  { url, title, text, ok }: NewsletterResult,
) {
  return renderPage(
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
}
