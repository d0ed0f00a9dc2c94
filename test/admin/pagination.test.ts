import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

describe('cursor pagination', () => {
  let api: MerchantClient;
  let ids: string[];

  beforeAll(async () => {
    api = (await merchantOf(await createTestShop())).api;
    ids = [];
    for (let i = 0; i < 7; i++) {
      ids.push(
        (await api.post('/shipping-rates', { title: `Rate ${i}`, amount: i }).then((r) => r.body))
          .id,
      );
    }
    ids.reverse(); // newest first, as lists run
  });

  const idsOf = (body: { data: Array<{ id: string }> }) => body.data.map((r) => r.id);

  it('pages newest first with limit, starting_after and ending_before', async () => {
    const first = (await api.get('/shipping-rates?limit=3')).body;
    expect(first).toMatchObject({
      object: 'list',
      has_more: true,
      url: '/admin/api/v1/shipping-rates',
    });
    expect(idsOf(first)).toEqual(ids.slice(0, 3));
    const second = (await api.get(`/shipping-rates?limit=3&starting_after=${ids[2]}`)).body;
    expect(idsOf(second)).toEqual(ids.slice(3, 6));
    const last = (await api.get(`/shipping-rates?limit=3&starting_after=${ids[5]}`)).body;
    expect(idsOf(last)).toEqual(ids.slice(6));
    expect(last.has_more).toBe(false);
    const back = (await api.get(`/shipping-rates?limit=2&ending_before=${ids[3]}`)).body;
    expect(idsOf(back)).toEqual(ids.slice(1, 3));
    expect(back.has_more).toBe(true);
    const list = await api.get('/shipping-rates');
    expect(list.body.data).toHaveLength(7);
    expect(list.roundTrips).toBe(1);
  });

  it('stays stable while the merchant writes: new rates never shift the pages still to read', async () => {
    const first = (await api.get('/shipping-rates?limit=3')).body;
    for (let i = 0; i < 3; i++)
      await api.post('/shipping-rates', { title: `Late ${i}`, amount: 1 });
    await api.patch(`/shipping-rates/${ids[4]}`, { title: 'Renamed' });
    const seen = [...idsOf(first)];
    let cursor = seen.at(-1);
    for (;;) {
      const page = (await api.get(`/shipping-rates?limit=3&starting_after=${cursor}`)).body;
      seen.push(...idsOf(page));
      cursor = seen.at(-1);
      if (!page.has_more) break;
    }
    expect(seen).toEqual(ids);
  });

  it('refuses bad paging parameters naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['starting_after=nope', 'starting_after'],
      [`starting_after=${crypto.randomUUID()}`, 'starting_after'],
      [`ending_before=${crypto.randomUUID()}`, 'ending_before'],
      [`starting_after=${ids[0]}&ending_before=${ids[1]}`, 'ending_before'],
    ] as const) {
      const error = expectError(
        await api.get(`/shipping-rates?${query}`),
        422,
        'VALIDATION_FAILED',
      );
      expect((error as { details?: Array<{ field: string }> }).details?.[0]?.field, query).toBe(
        field,
      );
    }
  });
});
