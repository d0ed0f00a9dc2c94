/** The local mail sink's JSON inbox, read as a person reads their email: newest first. */
import { setTimeout as delay } from 'node:timers/promises';

type Email = {
  to: string[] | string;
  subject: string;
  html: string;
  text?: string;
  createdAt?: string;
};

/** Waits for the newest email to `to` whose subject matches (sent after `since`), and returns it. */
export async function waitForEmail(
  mailOrigin: string,
  to: string,
  subject: RegExp,
  ms = 20_000,
  since = 0,
): Promise<Email> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const res = await fetch(`${mailOrigin}/api/emails`);
    const emails = (await res.json()) as Email[];
    const found = emails.find((e) => {
      const list = Array.isArray(e.to) ? e.to : [e.to];
      const fresh = !since || Date.parse(e.createdAt ?? '') >= since - 1000;
      return fresh && list.some((t) => t.includes(to)) && subject.test(e.subject);
    });
    if (found) return found;
    await delay(250);
  }
  throw new Error(`no email to ${to} matching ${subject} within ${ms} ms`);
}

/** The links of an email's HTML, entities decoded. */
export function linksOf(email: Email): string[] {
  return [...email.html.matchAll(/href="([^"]+)"/g)].map((m) =>
    (m[1] ?? '')
      .replace(/&amp;/g, '&')
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"'),
  );
}

/**
 * A link of an email, moved onto the local theme: the API writes the shop's public storefront
 * host into its emails; locally that storefront is the theme's address.
 */
export function onTheme(link: string, themeOrigin: string): string {
  const url = new URL(link);
  return `${themeOrigin}${url.pathname}${url.search}`;
}
