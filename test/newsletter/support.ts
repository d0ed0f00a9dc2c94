import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as s from '../../src/db/schema';
import { client, newIp } from '../helpers/api';
import { testDb } from '../helpers/db';
import { type SinkEmail, waitForEmail } from '../helpers/mail';

/** A fresh address nobody else in the run uses. */
export const newAddress = (tag = 'reader') =>
  `${tag}-${crypto.randomUUID().slice(0, 12)}@mail.example`;

/** POST /newsletter from a given IP (a new one unless told). */
export function subscribe(apiKey: string, body: unknown, ip = newIp()) {
  return client(apiKey).post('/newsletter', body, { headers: { 'cf-connecting-ip': ip } });
}

export type ConfirmationLinks = {
  verify: URL;
  unsubscribe: URL;
  subscription: string;
  integrity: string;
  email: string;
};

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`https://\\S+${path}\\?\\S+`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return new URL(match[0]);
};

/** The verify and unsubscribe links of a confirmation email. */
export function linksOf(email: SinkEmail): ConfirmationLinks {
  const verify = linkIn(email.text, '/newsletter/verify');
  const unsubscribe = linkIn(email.text, '/newsletter/unsubscribe');
  return {
    verify,
    unsubscribe,
    subscription: verify.searchParams.get('subscription') ?? '',
    integrity: verify.searchParams.get('integrity') ?? '',
    email: verify.searchParams.get('email') ?? '',
  };
}

/** Waits for the newest confirmation email to `to` that was not seen before. */
export async function nextConfirmation(to: string, seen: ReadonlyArray<string> = []) {
  const email = await waitForEmail(
    to,
    (e) => e.subject.startsWith('Confirm your subscription') && !seen.includes(e.id),
  );
  return { email, links: linksOf(email) };
}

/** The stored subscriptions of one address in one shop. */
export async function subscriptionsOf(shopId: string, email: string) {
  return testDb()
    .select()
    .from(s.newsletterSubscriptions)
    .where(
      and(eq(s.newsletterSubscriptions.shopId, shopId), eq(s.newsletterSubscriptions.email, email)),
    );
}

/** Subscribes and confirms an address; returns its links. */
export async function verifiedSubscriber(apiKey: string, email: string) {
  expect((await subscribe(apiKey, { email, _hp: '' })).status).toBe(200);
  const { links } = await nextConfirmation(email);
  const res = await client(apiKey).patch(`/newsletter/${links.subscription}`, {
    email,
    integrityId: links.integrity,
  });
  expect(res.body).toEqual({ status: 'success', message: 'Verified' });
  return links;
}

type Status = 'pending' | 'verified' | 'unsubscribed';

/** Subscribers straight into the database, oldest first, one second apart. */
export async function createSubscribers(shop: { id: string }, statuses: Status[]) {
  const start = Date.now() - statuses.length * 1000;
  return testDb()
    .insert(s.newsletterSubscriptions)
    .values(
      statuses.map((status, i) => ({
        shopId: shop.id,
        email: `reader-${i}-${crypto.randomUUID().slice(0, 8)}@example.test`,
        status,
        verifiedAt: status === 'verified' ? new Date(start + i * 1000) : null,
        createdAt: new Date(start + i * 1000),
      })),
    )
    .returning();
}
