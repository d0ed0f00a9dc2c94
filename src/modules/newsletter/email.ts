import { escapeHtml } from '../../lib/html';

export type NewsletterLinks = { verify: string; unsubscribe: string };

/** The storefront pages that read the links' query parameters (contract paths). */
export function newsletterLinks(
  origin: string,
  subscriptionId: string,
  email: string,
  integrity: string,
): NewsletterLinks {
  const verify = new URLSearchParams({ subscription: subscriptionId, integrity, email });
  const unsubscribe = new URLSearchParams({ subscription: subscriptionId, email });
  return {
    verify: `${origin}/newsletter/verify?${verify}`,
    unsubscribe: `${origin}/newsletter/unsubscribe?${unsubscribe}`,
  };
}

/** The double opt-in email: a confirmation link, and the unsubscribe link every newsletter email carries. */
export function confirmationEmail(shopName: string, links: NewsletterLinks) {
  const shop = escapeHtml(shopName);
  return {
    subject: `Confirm your subscription to ${shopName}`,
    html: `<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5;color:#222">
<p>Please confirm that you want to receive the ${shop} newsletter.</p>
<p><a href="${escapeHtml(links.verify)}" style="display:inline-block;padding:10px 18px;background:#222;color:#fff;text-decoration:none;border-radius:4px">Confirm subscription</a></p>
<p>If you did not ask for this, ignore this email and you will not hear from us.</p>
<p style="font-size:12px;color:#777"><a href="${escapeHtml(links.unsubscribe)}" style="color:#777">Unsubscribe</a></p>
</body></html>`,
    text: [
      `Please confirm that you want to receive the ${shopName} newsletter:`,
      links.verify,
      '',
      'If you did not ask for this, ignore this email and you will not hear from us.',
      '',
      `Unsubscribe: ${links.unsubscribe}`,
    ].join('\n'),
  };
}
