import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { hmacHex } from '../../src/lib/crypto';
import { client, expectError } from '../helpers/api';
import { testDb } from '../helpers/db';
import { listEmails, waitForEmail } from '../helpers/mail';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import {
  newAddress,
  nextConfirmation,
  subscribe,
  subscriptionsOf,
  verifiedSubscriber,
} from './support';

const secret = (env as unknown as { APP_HMAC_SECRET: string }).APP_HMAC_SECRET;

describe('POST /newsletter', () => {
  let shop: TestShop;
  const primary = `news-${crypto.randomUUID().slice(0, 8)}.example`;

  beforeAll(async () => {
    shop = await createTestShop({
      name: 'Fern & Ink',
      domains: [
        { hostname: `old-${primary}`, isPrimary: false },
        { hostname: primary, isPrimary: true },
      ],
    });
  });

  it('subscribes a new address as pending and emails a confirmation link', async () => {
    const email = newAddress();
    const res = await subscribe(shop.apiKey, { email, _hp: '' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Subscribed' });

    const [row] = await subscriptionsOf(shop.id, email);
    expect(row).toMatchObject({ status: 'pending', verifiedAt: null });

    const { email: mail, links } = await nextConfirmation(email);
    expect(mail.subject).toBe('Confirm your subscription to Fern & Ink');
    expect(links.verify.origin).toBe(`https://${primary}`);
    expect(links.verify.pathname).toBe('/newsletter/verify');
    expect(links.subscription).toBe(row?.id);
    expect(links.email).toBe(email);
    expect(links.integrity).toBe(await hmacHex(secret, 'newsletter', `${row?.id}:${email}`));
    expect(links.unsubscribe.origin).toBe(`https://${primary}`);
    expect(links.unsubscribe.pathname).toBe('/newsletter/unsubscribe');
    expect(Object.fromEntries(links.unsubscribe.searchParams)).toEqual({
      subscription: row?.id,
      email,
    });
    expect(mail.html).toContain('/newsletter/unsubscribe?');
    expect(mail.html).toContain('Fern &amp; Ink');
  });

  it('stores and mails the address trimmed and lower-cased', async () => {
    const email = newAddress('Mixed');
    const res = await subscribe(shop.apiKey, { email: `  ${email.toUpperCase()} `, _hp: '' });
    expect(res.body.message).toBe('Subscribed');
    expect(await subscriptionsOf(shop.id, email.toLowerCase())).toHaveLength(1);
    const { links } = await nextConfirmation(email.toLowerCase());
    expect(links.email).toBe(email.toLowerCase());
  });

  it('accepts a body without the honeypot field', async () => {
    const res = await subscribe(shop.apiKey, { email: newAddress() });
    expect(res.body.message).toBe('Subscribed');
  });

  it('sends a new link to an address that has not confirmed yet', async () => {
    const email = newAddress();
    await subscribe(shop.apiKey, { email, _hp: '' });
    const first = await nextConfirmation(email);
    const res = await subscribe(shop.apiKey, { email, _hp: '' });
    expect(res.body).toEqual({ status: 'success', message: 'Email not verified, new link sent' });
    const second = await nextConfirmation(email, [first.email.id]);
    expect(second.links.subscription).toBe(first.links.subscription);
    expect(second.links.integrity).toBe(first.links.integrity);
    expect(await subscriptionsOf(shop.id, email)).toHaveLength(1);
  });

  it('refuses an address that is already confirmed', async () => {
    const email = newAddress();
    await verifiedSubscriber(shop.apiKey, email);
    expectError(await subscribe(shop.apiKey, { email, _hp: '' }), 409, 'EMAIL_ALREADY_SUBSCRIBED');
  });

  it('renews an unsubscribed address as pending and asks it to confirm again', async () => {
    const email = newAddress();
    const links = await verifiedSubscriber(shop.apiKey, email);
    await client(shop.apiKey).delete(`/newsletter/${links.subscription}`, { email });
    const before = await waitForEmail(email);

    const res = await subscribe(shop.apiKey, { email, _hp: '' });
    expect(res.body).toEqual({ status: 'success', message: 'Subscription renewed' });
    const [row] = await subscriptionsOf(shop.id, email);
    expect(row).toMatchObject({ id: links.subscription, status: 'pending', unsubscribedAt: null });
    await nextConfirmation(email, [before.id]);
  });

  it('answers a filled honeypot like a new subscription, storing and sending nothing', async () => {
    const trapped = newAddress('bot');
    const res = await subscribe(shop.apiKey, { email: trapped, _hp: 'http://spam.example' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Subscribed' });

    // A real subscription right after: once its email is out, the trapped one would be too.
    const real = newAddress();
    await subscribe(shop.apiKey, { email: real, _hp: '' });
    await nextConfirmation(real);
    expect(await subscriptionsOf(shop.id, trapped)).toEqual([]);
    const queued = await testDb().select().from(s.emailOutbox).where(eq(s.emailOutbox.to, trapped));
    expect(queued).toEqual([]);
    expect((await listEmails()).some((m) => m.to.includes(trapped))).toBe(false);
  });

  it.each([
    ['a missing email', { _hp: '' }],
    ['a blank email', { email: '   ', _hp: '' }],
    ['a malformed email', { email: 'not-an-address', _hp: '' }],
    ['two addresses', { email: 'a@example.com, b@example.com', _hp: '' }],
    ['an over-long email', { email: `${'a'.repeat(250)}@example.com`, _hp: '' }],
    ['a non-string email', { email: 42, _hp: '' }],
  ])('refuses %s with VALIDATION_FAILED naming the field', async (_case, body) => {
    const res = await subscribe(shop.apiKey, body);
    const envelope = expectError(res, 422, 'VALIDATION_FAILED') as {
      details?: Array<{ field: string }>;
    };
    expect(envelope.details?.map((d) => d.field)).toContain('email');
  });

  it('refuses a body that is not JSON', async () => {
    const res = await client(shop.apiKey).post('/newsletter', '{"email":', {
      headers: { 'cf-connecting-ip': '10.9.9.9' },
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
  });

  it('lets only one of several simultaneous first subscriptions create the row (no 500)', async () => {
    const email = newAddress('race');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => subscribe(shop.apiKey, { email, _hp: '' })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const messages = answers.map((a) => a.body.message as string);
    expect(messages.filter((m) => m === 'Subscribed')).toHaveLength(1);
    expect(messages.filter((m) => m === 'Email not verified, new link sent')).toHaveLength(4);
    expect(await subscriptionsOf(shop.id, email)).toHaveLength(1);
  });

  it('links to <handle>.<suffix> when the shop has no domain', async () => {
    const bare = await createTestShop();
    const email = newAddress();
    await subscribe(bare.apiKey, { email, _hp: '' });
    const { links } = await nextConfirmation(email);
    expect(links.verify.origin).toBe(`https://${bare.handle}.localhost`);
  });

  it('keeps the same address apart in two shops', async () => {
    const other = await createTestShop();
    const email = newAddress();
    await verifiedSubscriber(shop.apiKey, email);
    const res = await subscribe(other.apiKey, { email, _hp: '' });
    expect(res.body.message).toBe('Subscribed');
  });

  it('needs the storefront key', async () => {
    const res = await client('').post('/newsletter', { email: newAddress(), _hp: '' });
    expectError(res, 401, 'API_KEY_MISSING');
  });
});

describe('the shop subscription cap', () => {
  it('refuses new addresses once pending and verified subscriptions reach the cap', async () => {
    const shop = await createTestShop({ newsletterCap: 2 });
    const pending = newAddress();
    const verified = newAddress();
    expect((await subscribe(shop.apiKey, { email: pending, _hp: '' })).body.message).toBe(
      'Subscribed',
    );
    await verifiedSubscriber(shop.apiKey, verified);

    const refused = await subscribe(shop.apiKey, { email: newAddress(), _hp: '' });
    expectError(refused, 403, 'NEWSLETTER_LIMIT_EXCEEDED');
    // Already counted: a pending address still gets its new link.
    const again = await subscribe(shop.apiKey, { email: pending, _hp: '' });
    expect(again.body.message).toBe('Email not verified, new link sent');
  });

  it('does not count unsubscribed addresses, and counts a renewal against the cap', async () => {
    const shop = await createTestShop({ newsletterCap: 1 });
    const first = newAddress();
    const links = await verifiedSubscriber(shop.apiKey, first);
    await client(shop.apiKey).delete(`/newsletter/${links.subscription}`, { email: first });

    const second = newAddress();
    expect((await subscribe(shop.apiKey, { email: second, _hp: '' })).body.message).toBe(
      'Subscribed',
    );
    expectError(
      await subscribe(shop.apiKey, { email: first, _hp: '' }),
      403,
      'NEWSLETTER_LIMIT_EXCEEDED',
    );
  });

  it('lets exactly one of many simultaneous new addresses take the last place', async () => {
    const shop = await createTestShop({ newsletterCap: 3 });
    for (const email of [newAddress(), newAddress()]) {
      expect((await subscribe(shop.apiKey, { email, _hp: '' })).body.message).toBe('Subscribed');
    }
    const rivals = Array.from({ length: 8 }, () => newAddress('rival'));
    const answers = await Promise.all(
      rivals.map((email) => subscribe(shop.apiKey, { email, _hp: '' })),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won.map((a) => a.body.message)).toEqual(['Subscribed']);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expectError(refused, 403, 'NEWSLETTER_LIMIT_EXCEEDED');
    }
    const rows = await testDb()
      .select()
      .from(s.newsletterSubscriptions)
      .where(eq(s.newsletterSubscriptions.shopId, shop.id));
    expect(rows).toHaveLength(3);
    // Nothing of a refused request was written: only the winner was sent a link.
    const queued = await testDb()
      .select({ to: s.emailOutbox.to })
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.shopId, shop.id));
    expect(queued.filter((m) => rivals.includes(m.to))).toHaveLength(1);
  });

  it('refuses every address with a cap of zero, and the honeypot still looks like success', async () => {
    const shop = await createTestShop({ newsletterCap: 0 });
    expectError(
      await subscribe(shop.apiKey, { email: newAddress(), _hp: '' }),
      403,
      'NEWSLETTER_LIMIT_EXCEEDED',
    );
    expect((await subscribe(shop.apiKey, { email: newAddress(), _hp: 'x' })).body.message).toBe(
      'Subscribed',
    );
  });
});
