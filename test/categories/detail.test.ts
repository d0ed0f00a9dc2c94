import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createCategory, createMedia } from '../helpers/category-factory';
import { announceChange } from '../helpers/freshness';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('GET /categories/:id', () => {
  let shop: TestShop;
  let other: TestShop;
  let parent: { id: string };
  let category: { id: string; slug: string };
  let draft: { id: string; slug: string };
  let archived: { id: string; slug: string };
  let underHidden: { id: string };
  let otherShops: { id: string; slug: string };
  let image: { id: string };
  let header: { id: string };
  const created = new Date('2024-03-05T06:07:08.901Z');

  beforeAll(async () => {
    [shop, other] = await Promise.all([createTestShop(), createTestShop()]);
    [image, header] = await Promise.all([
      createMedia(shop.id, { filename: 'tile.png', mimeType: 'image/png', sizeBytes: 10 }),
      createMedia(shop.id, { filename: 'banner.webp', mimeType: 'image/webp', title: 'Banner' }),
    ]);
    parent = await createCategory(shop.id, { name: 'Home', slug: 'home' });
    category = await createCategory(shop.id, {
      name: 'Kitchen',
      slug: 'kitchen',
      parentId: parent.id,
      featured: true,
      description: '<h2>Cook & <em>eat</em></h2>',
      imageId: image.id,
      headerImageId: header.id,
      createdAt: created,
    });
    await createCategory(shop.id, { name: 'Pans', parentId: category.id });
    const hidden = await createCategory(shop.id, { name: 'Hidden', status: 'draft' });
    underHidden = await createCategory(shop.id, { name: 'Under hidden', parentId: hidden.id });
    draft = await createCategory(shop.id, { name: 'Draft', status: 'draft' });
    archived = await createCategory(shop.id, { name: 'Archived', status: 'archived' });
    otherShops = await createCategory(other.id, { name: 'Elsewhere', slug: 'elsewhere' });
    await createCategory(other.id, { name: 'Kitchen of the other shop', slug: 'kitchen' });
  });

  const expected = () => ({
    _id: category.id,
    name: 'Kitchen',
    slug: 'kitchen',
    featured: true,
    parent: parent.id,
    image: {
      _id: image.id,
      type: 'image/png',
      size: '10',
      title: 'An image',
      uploadUrl: `${shop.id}/media/tile.png`,
    },
    hasChildren: true,
    description: '<h2>Cook & <em>eat</em></h2>',
    date: '2024-03-05T06:07:08.901Z',
    headerImage: {
      _id: header.id,
      type: 'image/webp',
      size: '1234',
      title: 'Banner',
      uploadUrl: `${shop.id}/media/banner.webp`,
    },
  });

  it('finds a category by slug, with the description as stored HTML', async () => {
    const res = await client(shop.apiKey).get('/categories/kitchen');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: expected() });
  });

  it('finds a category by _id', async () => {
    const res = await client(shop.apiKey).get(`/categories/${category.id}`);
    expect(res.body.data).toEqual(expected());
  });

  it('matches the response schema exactly', async () => {
    // The API helper holds every answer to its declared schema, undeclared fields included.
    const res = await client(shop.apiKey).get('/categories/kitchen');
    expect(res.status).toBe(200);
    expect(res.body.data.slug).toBe('kitchen');
  });

  it('answers null images, no parent and no children where there are none', async () => {
    const res = await client(shop.apiKey).get('/categories/home');
    expect(res.body.data).toMatchObject({
      parent: null,
      image: null,
      headerImage: null,
      hasChildren: true,
      featured: false,
      description: '',
    });
    expect(new Date(res.body.data.date).toISOString()).toBe(res.body.data.date);
    const leaf = await client(shop.apiKey).get(`/categories/${underHidden.id}`);
    expect(leaf.body.data).toMatchObject({ parent: null, hasChildren: false });
  });

  it.each([
    ['an unknown slug', () => 'no-such-category'],
    ['an unknown uuid', () => '00000000-0000-4000-8000-000000000000'],
    ['a malformed uuid', () => '00000000-0000-4000-8000-00000000000Z'],
    ['a draft by slug', () => draft.slug],
    ['a draft by id', () => draft.id],
    ['an archived category', () => archived.id],
    ["another shop's category by id", () => otherShops.id],
    ["another shop's category by slug", () => otherShops.slug],
  ])('answers CATEGORY_NOT_FOUND for %s', async (_label, ref) => {
    const res = await client(shop.apiKey).get(`/categories/${encodeURIComponent(ref())}`);
    expectError(res, 404, 'CATEGORY_NOT_FOUND');
    expect(res.roundTrips).toBe(1);
  });

  it('serves each shop its own category when slugs collide', async () => {
    const res = await client(other.apiKey).get('/categories/kitchen');
    expect(res.body.data.name).toBe('Kitchen of the other shop');
  });

  it('prefers the category whose _id matches over one whose slug is that uuid', async () => {
    await createCategory(shop.id, { name: 'Impostor', slug: category.id });
    const res = await client(shop.apiKey).get(`/categories/${category.id}`);
    expect(res.body.data.name).toBe('Kitchen');
  });

  it('answers in one database round trip when not cached', async () => {
    await announceChange(shop.id);
    expect((await client(shop.apiKey).get('/categories/kitchen')).roundTrips).toBe(1);
    expect((await client(shop.apiKey).get(`/categories/${category.id}`)).roundTrips).toBe(1);
  });
});
