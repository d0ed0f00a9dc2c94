import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import {
  type ConfirmationLinks,
  newAddress,
  nextConfirmation,
  subscribe,
  subscriptionsOf,
} from './support';

describe('PATCH /newsletter/:id and DELETE /newsletter/:id', () => {
  let shop: TestShop;
  let other: TestShop;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    shop = await createTestShop();
    other = await createTestShop();
    api = client(shop.apiKey);
  });

  /** A pending subscription and the links of its confirmation email. */
  const pendingSubscription = async (): Promise<ConfirmationLinks> => {
    const email = newAddress();
    await subscribe(shop.apiKey, { email, _hp: '' });
    return (await nextConfirmation(email)).links;
  };
  const verify = (links: ConfirmationLinks, overrides: Record<string, unknown> = {}, via = api) =>
    via.patch(`/newsletter/${links.subscription}`, {
      email: links.email,
      integrityId: links.integrity,
      ...overrides,
    });

  describe('verify', () => {
    it('confirms a pending subscription with the link, and again without error', async () => {
      const links = await pendingSubscription();
      const res = await verify(links);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', message: 'Verified' });
      const [row] = await subscriptionsOf(shop.id, links.email);
      expect(row?.status).toBe('verified');
      expect(row?.verifiedAt).toBeInstanceOf(Date);

      const again = await verify(links);
      expect(again.body).toEqual({ status: 'success', message: 'Verified' });
      const [after] = await subscriptionsOf(shop.id, links.email);
      expect(after?.verifiedAt?.getTime()).toBe(row?.verifiedAt?.getTime());
    });

    it('compares the address case-insensitively', async () => {
      const links = await pendingSubscription();
      const res = await verify(links, { email: ` ${links.email.toUpperCase()}` });
      expect(res.body.message).toBe('Verified');
    });

    it('refuses a wrong integrity and leaves the subscription pending', async () => {
      const links = await pendingSubscription();
      const flipped = `${links.integrity.slice(0, -1)}${links.integrity.endsWith('0') ? '1' : '0'}`;
      for (const integrityId of [
        flipped,
        'guess',
        links.integrity.toUpperCase(),
        `${links.integrity}0`,
      ]) {
        expectError(await verify(links, { integrityId }), 400, 'SUBSCRIPTION_NOT_VALID');
      }
      const [row] = await subscriptionsOf(shop.id, links.email);
      expect(row?.status).toBe('pending');
    });

    it("refuses another address, even with that address's own valid-looking link", async () => {
      const links = await pendingSubscription();
      expectError(await verify(links, { email: newAddress() }), 400, 'SUBSCRIPTION_NOT_VALID');
      const theirs = await pendingSubscription();
      // A genuine integrity, but for a different subscription id.
      expectError(
        await verify(links, { email: theirs.email, integrityId: theirs.integrity }),
        400,
        'SUBSCRIPTION_NOT_VALID',
      );
    });

    it.each([
      ['a non-uuid id', 'not-a-uuid'],
      ['a long non-uuid id', 'x'.repeat(300)],
      ['an unknown id', crypto.randomUUID()],
    ])('answers SUBSCRIPTION_NOT_FOUND for %s', async (_case, id) => {
      const links = await pendingSubscription();
      expectError(await verify({ ...links, subscription: id }), 404, 'SUBSCRIPTION_NOT_FOUND');
    });

    it("answers SUBSCRIPTION_NOT_FOUND for another shop's subscription", async () => {
      const links = await pendingSubscription();
      expectError(await verify(links, {}, client(other.apiKey)), 404, 'SUBSCRIPTION_NOT_FOUND');
      const [row] = await subscriptionsOf(shop.id, links.email);
      expect(row?.status).toBe('pending');
    });

    it('does not let an old link confirm an address that unsubscribed', async () => {
      const links = await pendingSubscription();
      await verify(links);
      await api.delete(`/newsletter/${links.subscription}`, { email: links.email });
      expectError(await verify(links), 400, 'SUBSCRIPTION_NOT_VALID');
      const [row] = await subscriptionsOf(shop.id, links.email);
      expect(row?.status).toBe('unsubscribed');
    });

    it('answers SUBSCRIPTION_NOT_VALID, with details, for a link missing its parameters', async () => {
      const links = await pendingSubscription();
      const bodies = [
        { email: links.email },
        { integrityId: links.integrity },
        { email: links.email, integrityId: '' },
      ];
      for (const body of bodies) {
        const res = await api.patch(`/newsletter/${links.subscription}`, body);
        const envelope = expectError(res, 400, 'SUBSCRIPTION_NOT_VALID') as { details?: unknown[] };
        expect(envelope.details?.length).toBeGreaterThan(0);
      }
    });
  });

  describe('unsubscribe', () => {
    it('unsubscribes with the link, and again without error', async () => {
      const links = await pendingSubscription();
      await verify(links);
      const res = await api.delete(`/newsletter/${links.subscription}`, { email: links.email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', message: 'Unsubscribed' });
      const [row] = await subscriptionsOf(shop.id, links.email);
      expect(row?.status).toBe('unsubscribed');
      expect(row?.unsubscribedAt).toBeInstanceOf(Date);

      const again = await api.delete(`/newsletter/${links.subscription}`, { email: links.email });
      expect(again.body).toEqual({ status: 'success', message: 'Unsubscribed' });
      const [after] = await subscriptionsOf(shop.id, links.email);
      expect(after?.unsubscribedAt?.getTime()).toBe(row?.unsubscribedAt?.getTime());
    });

    it('unsubscribes a pending subscription too (the link is in the confirmation email)', async () => {
      const links = await pendingSubscription();
      const res = await api.delete(`/newsletter/${links.subscription}`, {
        email: links.email.toUpperCase(),
      });
      expect(res.body.message).toBe('Unsubscribed');
    });

    it('refuses a body without the address as a validation failure', async () => {
      const links = await pendingSubscription();
      const res = await api.delete(`/newsletter/${links.subscription}`, {});
      expectError(res, 422, 'VALIDATION_FAILED');
    });

    it('answers SUBSCRIPTION_NOT_FOUND for a mismatched address, changing nothing', async () => {
      const links = await pendingSubscription();
      expectError(
        await api.delete(`/newsletter/${links.subscription}`, { email: newAddress() }),
        404,
        'SUBSCRIPTION_NOT_FOUND',
      );
      const [row] = await subscriptionsOf(shop.id, links.email);
      expect(row?.status).toBe('pending');
    });

    it.each([
      ['a non-uuid id', 'abc'],
      ['an unknown id', crypto.randomUUID()],
    ])('answers SUBSCRIPTION_NOT_FOUND for %s', async (_case, id) => {
      expectError(
        await api.delete(`/newsletter/${id}`, { email: newAddress() }),
        404,
        'SUBSCRIPTION_NOT_FOUND',
      );
    });

    it("answers SUBSCRIPTION_NOT_FOUND for another shop's subscription", async () => {
      const links = await pendingSubscription();
      const res = await client(other.apiKey).delete(`/newsletter/${links.subscription}`, {
        email: links.email,
      });
      expectError(res, 404, 'SUBSCRIPTION_NOT_FOUND');
    });
  });
});
