import { expect, it } from 'vitest';
import { checkScreen, merchantApi, unique, useDashboardPage } from './helpers';

type Product = { title: string; slug: string; price: number | null };

const journey = useDashboardPage('catalogue_editor');

it('imports a Shopify CSV after its check, and the products are in the shop', async () => {
  const { page } = journey;
  const tag = unique();
  const good = [`mug-${tag}`, `cup-${tag}`];
  // As Shopify exports it: one row per product here, plus one with a price that is not one.
  const csv = [
    'Handle,Title,Variant Price,Status',
    `${good[0]},Stoneware mug ${tag},18.50,active`,
    `${good[1]},Tea cup ${tag},9.00,active`,
    `bad-${tag},Broken ${tag},nine,active`,
  ].join('\n');

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Imports' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Imports and exports' }).waitFor();
  await checkScreen(page, 'imports');
  await page
    .getByLabel('Product CSV file')
    .setInputFiles({ name: 'products_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check the file' }).click();

  // The dry run's report names the line and the column of the problem.
  const problems = page.getByRole('table', { name: 'Problems by line and column' }).first();
  await problems.waitFor();
  const row = problems.getByRole('row').filter({ hasText: 'Variant Price' });
  await expect.poll(() => row.first().getByRole('cell').first().textContent()).toBe('4');
  await page.getByRole('button', { name: 'Run the import' }).waitFor();
  await checkScreen(page, 'imports-dry-run');
  expect((await merchantApi<{ data: Product[] }>(`/products?query=${tag}`)).body.data).toEqual([]);

  await page.getByRole('button', { name: 'Run the import' }).click();
  await page.getByText(/^Import done: 2 created/).waitFor();
  await checkScreen(page, 'imports-done');

  const imported = (await merchantApi<{ data: Product[] }>(`/products?query=${tag}&limit=10`)).body
    .data;
  expect(imported.map((p) => p.slug).sort()).toEqual([...good].sort());
  expect(imported.find((p) => p.slug === good[0])?.price).toBe(1850);

  await page.getByRole('link', { name: 'See the products' }).click();
  await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
  await page.getByRole('link', { name: `Stoneware mug ${tag}` }).waitFor();
});
