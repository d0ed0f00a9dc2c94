import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createMedia } from '../helpers/catalog-factory';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

let counter = 0;
const slugOf = (base: string) => `${base}-${Date.now().toString(36)}-${counter++}`;

describe('content models and entries through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;
  const storefront = () => client(shop.apiKey);

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop, { scopes: ['content:write', 'catalogue:write'] })).api;
  });

  const newModel = async (body: Record<string, unknown>) => {
    const res = await api.post('/content-models', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; slug: string; version: number };
  };
  const journal = () =>
    newModel({
      slug: slugOf('journal'),
      name: 'Journal',
      kind: 'collection',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'richtext' },
        { name: 'rating', type: 'number' },
        { name: 'tags', type: 'list' },
      ],
    });

  it('creates a model the storefront serves, with only published entries, from the next request', async () => {
    const model = await journal();
    expect(model).toMatchObject({ object: 'content_model', kind: 'collection', version: 1 });
    const empty = await storefront().get(`/content/${model.slug}`);
    expect(empty.body.data).toMatchObject({ totalDocuments: 0, data: [] });

    const draft = await api.post(`/content-models/${model.id}/entries`, {
      data: { title: 'Draft post', tags: ['a'] },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body).toMatchObject({
      object: 'content_entry',
      status: 'draft',
      model_id: model.id,
    });
    expect(draft.roundTrips).toBe(5); // BEGIN, lock model, insert, audit, COMMIT
    const live = await api.post(`/content-models/${model.id}/entries`, {
      status: 'published',
      data: { title: 'Live post', rating: 4.5 },
    });
    const page = await storefront().get(`/content/${model.slug}`);
    expect(page.body.data.data).toEqual([
      { _id: live.body.id, title: 'Live post', rating: 4.5, updatedAt: expect.any(String) },
    ]);
    expectError(
      await storefront().get(`/content/${model.slug}/${draft.body.id}`),
      404,
      'CONTENT_ENTRY_NOT_FOUND',
    );

    const published = await api.patch(`/content-entries/${draft.body.id}`, { status: 'published' });
    expect(published.body).toMatchObject({ status: 'published', version: 2 });
    const one = await storefront().get(`/content/${model.slug}/${draft.body.id}`);
    expect(one.body.data).toMatchObject({ _id: draft.body.id, title: 'Draft post', tags: ['a'] });

    await api.patch(`/content-entries/${live.body.id}`, { status: 'archived' });
    const after = await storefront().get(`/content/${model.slug}`);
    expect(after.body.data.data.map((e: { _id: string }) => e._id)).toEqual([draft.body.id]);
  });

  it('refuses entries that do not match the model, naming each field', async () => {
    const model = await journal();
    const post = (data: Record<string, unknown>) =>
      api.post(`/content-models/${model.id}/entries`, { data });
    const unknown = expectError(
      await post({ title: 'x', subtitle: 'y' }),
      422,
      'CONTENT_ENTRY_INVALID',
    );
    expect(unknown.details).toEqual([
      { field: 'data.subtitle', message: 'The model has no such field.' },
    ]);
    const missing = expectError(await post({ body: '<p>x</p>' }), 422, 'CONTENT_ENTRY_INVALID');
    expect(missing.details).toEqual([{ field: 'data.title', message: 'This field is required.' }]);
    const wrong = expectError(
      await post({ title: 3, rating: '4', tags: [1] }),
      422,
      'CONTENT_ENTRY_INVALID',
    );
    expect(wrong.details?.map((d: { field: string }) => d.field)).toEqual([
      'data.title',
      'data.rating',
      'data.tags',
    ]);
    expectError(await post({ title: null }), 422, 'CONTENT_ENTRY_INVALID');
    expectError(
      await api.post(`/content-models/${model.id}/entries`, { data: {}, colour: 'red' }),
      422,
      'VALIDATION_FAILED',
    );
    const list = await api.get(`/content-models/${model.id}/entries`);
    expect(list.body.data).toEqual([]);
  });

  it('checks dates, times, URLs and images, storing an image field as the image object', async () => {
    const image = await createMedia(shop, { title: 'Hero' });
    const model = await newModel({
      slug: slugOf('hero'),
      name: 'Hero',
      kind: 'singleton',
      fields: [
        { name: 'launch', type: 'date' },
        { name: 'at', type: 'datetime' },
        { name: 'link', type: 'url' },
        { name: 'picture', type: 'image' },
        { name: 'extra', type: 'json' },
      ],
    });
    const post = (data: Record<string, unknown>) =>
      api.post(`/content-models/${model.id}/entries`, { status: 'published', data });
    for (const bad of [
      { launch: '2026-02-30' },
      { at: '2026-01-31 09:30' },
      { link: 'javascript:alert(1)' },
      { picture: crypto.randomUUID() },
      { picture: 'not-an-id' },
    ]) {
      const error = expectError(await post(bad), 422, 'CONTENT_ENTRY_INVALID');
      expect(error.details?.[0]?.field).toBe(`data.${Object.keys(bad)[0]}`);
    }
    const ok = await post({
      launch: '2026-03-01',
      at: '2026-03-01T09:30:00+01:00',
      link: '/collections/new',
      picture: image.id,
      extra: { any: ['thing'] },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const imageObject = {
      _id: image.id,
      type: 'image/jpeg',
      size: '1234',
      title: 'Hero',
      uploadUrl: `${shop.id}/media/${image.filename}`,
    };
    expect(ok.body.data.picture).toEqual(imageObject);
    const served = await storefront().get(`/content/${model.slug}`);
    expect(served.body.data).toMatchObject({ _id: ok.body.id, picture: imageObject });

    const second = await post({ launch: '2026-03-02' });
    expectError(second, 409, 'CONTENT_SINGLETON_TAKEN');
    // Writing the entry back as read keeps its image.
    const same = await api.patch(`/content-entries/${ok.body.id}`, { data: ok.body.data });
    expect(same.body.version).toBe(1);
    // The image cannot be deleted while the entry shows it.
    const inUse = expectError(await api.delete(`/media/${image.id}`), 409, 'MEDIA_IN_USE');
    expect(inUse.details).toEqual([{ field: 'content_entries', message: 'Used by 1.' }]);
  });

  it('refuses a model change that existing entries would not fit, naming how many', async () => {
    const model = await journal();
    for (const title of ['One', 'Two']) {
      await api.post(`/content-models/${model.id}/entries`, { data: { title, body: 'text' } });
    }
    const withRequired = await api.patch(`/content-models/${model.id}`, {
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'richtext' },
        { name: 'author', type: 'text', required: true },
      ],
    });
    const error = expectError(withRequired, 409, 'CONTENT_MODEL_HAS_INVALID_ENTRIES');
    expect(error.message).toContain('2 entries');
    expect(error.details?.[0]?.field).toMatch(/^entries\.[0-9a-f-]{36}\.author$/);
    const retyped = await api.patch(`/content-models/${model.id}`, {
      fields: [{ name: 'title', type: 'number' }],
    });
    expectError(retyped, 409, 'CONTENT_MODEL_HAS_INVALID_ENTRIES');
    expect((await api.get(`/content-models/${model.id}`)).body.version).toBe(1);
  });

  it('drops a removed field from every entry, and serves a renamed model at its new slug only', async () => {
    const model = await journal();
    const entry = await api.post(`/content-models/${model.id}/entries`, {
      status: 'published',
      data: { title: 'Kept', body: 'Gone soon' },
    });
    const newSlug = slugOf('notes');
    const res = await api.patch(
      `/content-models/${model.id}`,
      { slug: newSlug, fields: [{ name: 'title', type: 'text', required: true }] },
      { headers: { 'if-match': '"1"' } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ slug: newSlug, version: 2 });
    const read = await api.get(`/content-entries/${entry.body.id}`);
    expect(read.body).toMatchObject({ data: { title: 'Kept' }, version: 2 });
    expect(read.headers.get('etag')).toBe('"2"');
    const served = await storefront().get(`/content/${newSlug}/${entry.body.id}`);
    expect(served.body.data).toEqual({
      _id: entry.body.id,
      title: 'Kept',
      updatedAt: expect.any(String),
    });
    expectError(await storefront().get(`/content/${model.slug}`), 404, 'CONTENT_MODEL_NOT_FOUND');

    const other = await journal();
    const taken = await api.patch(`/content-models/${other.id}`, { slug: newSlug });
    expectError(taken, 409, 'CONTENT_MODEL_SLUG_TAKEN');
    expectError(
      await api.post('/content-models', { slug: newSlug, name: 'x', kind: 'collection' }),
      409,
      'CONTENT_MODEL_SLUG_TAKEN',
    );
    expectError(
      await api.patch(`/content-models/${other.id}`, { kind: 'singleton' }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await api.patch(
        `/content-models/${model.id}`,
        { name: 'x' },
        { headers: { 'if-match': '"1"' } },
      ),
      412,
      'PRECONDITION_FAILED',
    );
  });

  it('refuses bad field definitions', async () => {
    const base = { slug: slugOf('bad'), name: 'Bad', kind: 'collection' };
    for (const fields of [
      [
        { name: 'a', type: 'text' },
        { name: 'a', type: 'number' },
      ],
      [{ name: '_id', type: 'text' }],
      [{ name: 'x', type: 'colour' }],
      [{ name: '1st', type: 'text' }],
    ]) {
      expectError(await api.post('/content-models', { ...base, fields }), 422, 'VALIDATION_FAILED');
    }
  });

  it('deletes a model only once its entries are gone; lists page with a cursor and a status filter', async () => {
    const model = await journal();
    const ids: string[] = [];
    for (const status of ['draft', 'published', 'published']) {
      const res = await api.post(`/content-models/${model.id}/entries`, {
        status,
        data: { title: status },
      });
      ids.push(res.body.id);
    }
    const first = await api.get(`/content-models/${model.id}/entries?limit=2`);
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.has_more).toBe(true);
    const rest = await api.get(
      `/content-models/${model.id}/entries?limit=2&starting_after=${ids[1]}`,
    );
    expect(rest.body.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    const drafts = await api.get(`/content-models/${model.id}/entries?status=draft`);
    expect(drafts.body.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);

    const refused = expectError(
      await api.delete(`/content-models/${model.id}`),
      409,
      'CONTENT_MODEL_HAS_ENTRIES',
    );
    expect(refused.message).toContain('3 entries');
    for (const id of ids) expect((await api.delete(`/content-entries/${id}`)).status).toBe(200);
    expectError(await api.get(`/content-entries/${ids[0]}`), 404, 'CONTENT_ENTRY_NOT_FOUND');
    const deleted = await api.delete(`/content-models/${model.id}`);
    expect(deleted.body).toEqual({ id: model.id, object: 'content_model', deleted: true });
    expectError(await storefront().get(`/content/${model.slug}`), 404, 'CONTENT_MODEL_NOT_FOUND');
    expectError(
      await api.get(`/content-models/${model.id}/entries`),
      404,
      'CONTENT_MODEL_NOT_FOUND',
    );
    const models = await api.get('/content-models?limit=100');
    expect(models.body.data.map((m: { id: string }) => m.id)).not.toContain(model.id);
  });

  it("keeps a shop's models and entries invisible to another shop's key", async () => {
    const model = await journal();
    const entry = (await api.post(`/content-models/${model.id}/entries`, { data: { title: 't' } }))
      .body;
    const stranger = (await merchantOf(await createTestShop())).api;
    expectError(await stranger.get(`/content-models/${model.id}`), 404, 'CONTENT_MODEL_NOT_FOUND');
    expectError(
      await stranger.get(`/content-models/${model.id}/entries`),
      404,
      'CONTENT_MODEL_NOT_FOUND',
    );
    expectError(
      await stranger.post(`/content-models/${model.id}/entries`, { data: { title: 't' } }),
      404,
      'CONTENT_MODEL_NOT_FOUND',
    );
    expectError(await stranger.get(`/content-entries/${entry.id}`), 404, 'CONTENT_ENTRY_NOT_FOUND');
    expectError(
      await stranger.patch(`/content-entries/${entry.id}`, { status: 'published' }),
      404,
      'CONTENT_ENTRY_NOT_FOUND',
    );
    expectError(
      await stranger.delete(`/content-entries/${entry.id}`),
      404,
      'CONTENT_ENTRY_NOT_FOUND',
    );
    expect((await stranger.get('/content-models')).body.data).toEqual([]);
    const still = await api.get(`/content-entries/${entry.id}`);
    expect(still.body).toMatchObject({ status: 'draft', version: 1 });
  });
});
