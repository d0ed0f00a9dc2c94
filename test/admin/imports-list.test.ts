import { describe, expect, it } from 'vitest';
import { csvOf, importCsv } from '../helpers/imports';
import { adminCall, merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

const HEADER = ['Handle', 'Title', 'Option1 Name', 'Option1 Value', 'Variant Price'];
const row = (handle: string) => ({
  Handle: handle,
  Title: handle,
  'Option1 Name': 'Title',
  'Option1 Value': 'Default Title',
  'Variant Price': '3',
});

type ImportList = {
  object: string;
  data: Array<{ id: string; object: string; status: string; created: number; dry_run: boolean }>;
  has_more: boolean;
  url: string;
};

describe('GET /imports', () => {
  it("lists the shop's imports newest first with status and counts, pages, and shows no other shop's", async () => {
    const shop = await createTestShop();
    const { key } = await merchantOf(shop);
    const first = await importCsv(key.secret, csvOf(HEADER, [row('a')]));
    const second = await importCsv(key.secret, csvOf(HEADER, [row('b'), row('c')]), {
      dryRun: true,
    });
    const get = (query: string, secret: string) =>
      adminCall(`/imports${query}`, { headers: { authorization: `Bearer ${secret}` } });
    const list = async (query: string, secret = key.secret) => {
      const response = await get(query, secret);
      expect(response.status).toBe(200);
      return response.body as ImportList;
    };

    const all = await list('');
    expect(all).toMatchObject({ object: 'list', has_more: false, url: '/admin/api/v1/imports' });
    expect(all.data.map((i) => [i.id, i.object, i.status, i.created, i.dry_run])).toEqual([
      [second.id, 'import', 'completed', 2, true],
      [first.id, 'import', 'completed', 1, false],
    ]);

    const page1 = await list('?limit=1');
    expect(page1.data.map((i) => i.id)).toEqual([second.id]);
    expect(page1.has_more).toBe(true);
    const page2 = await list(`?limit=1&starting_after=${second.id}`);
    expect(page2.data.map((i) => i.id)).toEqual([first.id]);
    expect(page2.has_more).toBe(false);

    const other = await merchantOf(await createTestShop());
    expect((await list('', other.key.secret)).data).toEqual([]);
    const foreignCursor = await get(`?starting_after=${first.id}`, other.key.secret);
    expect(foreignCursor.status).toBe(422);
  });
});
