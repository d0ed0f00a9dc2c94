import { expect, it } from 'vitest';
import { checkScreen, merchantApi, origin, storefrontApi, useDashboardPage } from './helpers';

type Review = {
  id: string;
  product_id: string;
  buyer_name: string;
  buyer_display_name: string;
  product: { id: string; title: string; image_id: string | null } | null;
  variation_label: string;
  comment: string;
  status: string;
};

const journey = useDashboardPage('support');

it('approves a review from the moderation queue, and the storefront lists it', async () => {
  const { page } = journey;
  const pending = (
    await merchantApi<{ data: Review[] }>('/reviews?status=pending&hidden=false&limit=100')
  ).body.data;
  const review = pending[0];
  expect(review).toBeDefined();
  if (!review) return;
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Reviews' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
  const card = page.getByRole('article').filter({ hasText: review.comment });
  await card.waitFor();
  // The card names the product (a link to it, with its image) and the buyer as the storefront
  // does, never by ids.
  const product = card.getByRole('link', { name: review.product?.title ?? '' });
  expect(await product.getAttribute('href')).toBe(`/admin/products/${review.product_id}`);
  if (review.product?.image_id) await card.locator('.reviewed-product img').waitFor();
  const text = (await card.textContent()) ?? '';
  expect(text).toContain(`by ${review.buyer_display_name}`);
  expect(text).not.toContain(review.product_id);
  if (review.variation_label) expect(text).not.toContain(review.variation_label);
  await checkScreen(page, 'reviews');
  await card.getByRole('button', { name: 'Approve' }).click();
  await page.getByText('1 review approved.').waitFor();
  expect((await merchantApi<Review>(`/reviews/${review.id}`)).body.status).toBe('approved');
  const listed = await storefrontApi<{ data: { comment: string }[] }>(
    `/reviews/${review.product_id}`,
  );
  expect(listed.body.data.map((r) => r.comment)).toContain(review.comment);
});

it('hides two reviews at once, and shows each again', async () => {
  const { page } = journey;
  // The queue's "Approved" page as the API answers it: two listed reviews on it.
  const approved = (
    await merchantApi<{ data: (Review & { hidden: boolean })[] }>(
      '/reviews?status=approved&limit=25',
    )
  ).body.data
    .filter((r) => !r.hidden)
    .slice(0, 2);
  expect(approved.length).toBe(2);
  await page.goto(`${origin()}/admin/reviews`);
  await page.getByRole('heading', { level: 1, name: 'Reviews' }).waitFor();
  await page.getByLabel('Show').selectOption('approved');
  const cardOf = (r: Review) => page.getByRole('article').filter({ hasText: r.comment }).first();
  for (const r of approved) await cardOf(r).getByRole('checkbox').check();
  await page.getByRole('group', { name: '2 selected' }).waitFor();
  await checkScreen(page, 'reviews-bulk');
  await page.getByRole('button', { name: 'Hide selected' }).click();
  await page.getByText('2 reviews hidden.').waitFor();
  for (const r of approved) {
    const read = await merchantApi<{ hidden: boolean }>(`/reviews/${r.id}`);
    expect(read.body.hidden).toBe(true);
  }
  for (const r of approved) {
    await cardOf(r).getByRole('button', { name: 'Show again' }).click();
    await expect
      .poll(async () => (await merchantApi<{ hidden: boolean }>(`/reviews/${r.id}`)).body.hidden)
      .toBe(false);
    await cardOf(r).getByRole('button', { name: 'Hide' }).waitFor();
  }
});
