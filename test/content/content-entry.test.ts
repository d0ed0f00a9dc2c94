import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createContentModel, createEntry } from '../helpers/content-factory';
import { announceChange } from '../helpers/freshness';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Row = { id: string };

describe('GET /content/:modelSlug/:entryId', () => {
  let shop: TestShop;
  let other: TestShop;
  let post: Row;
  let spoofing: Row;
  let draft: Row;
  let archived: Row;
  let faq: Row;
  let settingsEntry: Row;
  let otherShopEntry: Row;
  const updated = new Date('2024-06-01T08:30:15.250Z');

  beforeAll(async () => {
    [shop, other] = await Promise.all([createTestShop(), createTestShop()]);
    const blog = await createContentModel(shop.id, 'collection', { slug: 'blog' });
    const faqs = await createContentModel(shop.id, 'collection', { slug: 'faqs' });
    const settings = await createContentModel(shop.id, 'singleton', { slug: 'site' });
    post = await createEntry(blog, {
      data: { title: 'Hello', body: '<p>Hi & welcome</p>', tags: ['news'], cover: null },
      updatedAt: updated,
    });
    spoofing = await createEntry(blog, {
      data: { _id: 'not-the-id', updatedAt: 'yesterday', title: 'Tricky' },
      updatedAt: updated,
    });
    draft = await createEntry(blog, { status: 'draft', data: { title: 'Draft' } });
    archived = await createEntry(blog, { status: 'archived', data: { title: 'Archived' } });
    faq = await createEntry(faqs, { data: { question: 'Why?' } });
    settingsEntry = await createEntry(settings, { data: { banner: 'Sale' } });
    const otherBlog = await createContentModel(other.id, 'collection', { slug: 'blog' });
    otherShopEntry = await createEntry(otherBlog, { data: { title: 'Other shop' } });
  });

  it('answers one published entry with its fields flattened, HTML as stored', async () => {
    const res = await client(shop.apiKey).get(`/content/blog/${post.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      data: {
        _id: post.id,
        updatedAt: '2024-06-01T08:30:15.250Z',
        title: 'Hello',
        body: '<p>Hi & welcome</p>',
        tags: ['news'],
        cover: null,
      },
    });
  });

  it('matches the response schema', async () => {
    // The API helper holds every answer to its declared schema, undeclared fields included.
    const res = await client(shop.apiKey).get(`/content/blog/${post.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data._id).toBe(post.id);
  });

  it('lets _id and updatedAt win over merchant fields of the same name', async () => {
    const res = await client(shop.apiKey).get(`/content/blog/${spoofing.id}`);
    expect(res.body.data).toEqual({
      _id: spoofing.id,
      updatedAt: updated.toISOString(),
      title: 'Tricky',
    });
    const list = await client(shop.apiKey).get('/content/blog');
    const listed = list.body.data.data.find((e: { title: string }) => e.title === 'Tricky');
    expect(listed._id).toBe(spoofing.id);
    expect(listed.updatedAt).toBe(updated.toISOString());
  });

  it("answers a singleton's entry by id too", async () => {
    const res = await client(shop.apiKey).get(`/content/site/${settingsEntry.id}`);
    expect(res.body.data).toMatchObject({ _id: settingsEntry.id, banner: 'Sale' });
  });

  it.each([
    ['an unknown uuid', () => '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a uuid', () => 'hello'],
    ['a malformed uuid', () => `${post.id}0`],
    ['a draft entry', () => draft.id],
    ['an archived entry', () => archived.id],
    ['an entry of another model', () => faq.id],
    ["an entry of another shop's model with the same slug", () => otherShopEntry.id],
  ])('answers CONTENT_ENTRY_NOT_FOUND for %s', async (_label, id) => {
    const res = await client(shop.apiKey).get(`/content/blog/${id()}`);
    expectError(res, 404, 'CONTENT_ENTRY_NOT_FOUND');
    expect(res.roundTrips).toBe(1);
  });

  it('answers CONTENT_MODEL_NOT_FOUND for an unknown model, even with a valid entry id', async () => {
    const res = await client(shop.apiKey).get(`/content/no-such-model/${post.id}`);
    expectError(res, 404, 'CONTENT_MODEL_NOT_FOUND');
    expect(res.roundTrips).toBe(1);
  });

  it("answers CONTENT_MODEL_NOT_FOUND for another shop's model", async () => {
    const mine = await createContentModel(shop.id, 'collection', { slug: 'only-mine' });
    const entry = await createEntry(mine, { data: { x: 1 } });
    expectError(
      await client(other.apiKey).get(`/content/only-mine/${entry.id}`),
      404,
      'CONTENT_MODEL_NOT_FOUND',
    );
  });

  it('answers in one database round trip when not cached', async () => {
    await announceChange(shop.id);
    expect((await client(shop.apiKey).get(`/content/blog/${post.id}`)).roundTrips).toBe(1);
  });
});
