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

it('chooses in the check which column becomes categories; tags stay tags, listed and filtered', async () => {
  const { page } = journey;
  const tag = unique();
  const handle = `scarf-${tag}`;
  const csv = [
    'Handle,Title,Product Category,Type,Tags,Variant Price,Status',
    `${handle},Wool scarf ${tag},Apparel > Scarves ${tag},Knitwear ${tag},"Winter ${tag}, wool-${tag}",25.00,active`,
  ].join('\n');

  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Imports' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Imports and exports' }).waitFor();
  await page
    .getByLabel('Product CSV file')
    .setInputFiles({ name: 'products_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check the file' }).click();

  // The check says what each column would make, and that tags stay tags.
  const mapping = page.getByRole('group', { name: 'Which column becomes categories?' });
  await mapping.waitFor();
  await mapping.getByText('2 tags from 1 product become product tags', { exact: false }).waitFor();
  await expect.poll(() => mapping.getByRole('radio', { name: 'Type' }).isChecked()).toBe(true);
  await expect
    .poll(() => mapping.getByRole('radio', { name: 'Collection' }).isDisabled())
    .toBe(true);
  const byTaxonomy = mapping.getByRole('radio', { name: 'Product Category (its last level)' });
  await byTaxonomy.check();
  await page.getByRole('button', { name: 'Run the import' }).waitFor();
  await checkScreen(page, 'imports-mapping');

  await page.getByRole('button', { name: 'Run the import' }).click();
  await page.getByText(/^Import done: 1 created/).waitFor();
  type Imported = { id: string; tags: string[]; category_ids: string[]; version: number };
  const found = await merchantApi<{ data: Imported[] }>(
    `/products?tag=${encodeURIComponent(`winter ${tag}`)}`,
  );
  const [product] = found.body.data;
  expect(product?.tags).toEqual([`Winter ${tag}`, `wool-${tag}`]);
  expect(product?.category_ids).toHaveLength(1);
  const category = await merchantApi<{ title: string }>(
    `/categories/${product?.category_ids[0] ?? ''}`,
  );
  expect(category.body.title).toBe(`Scarves ${tag}`);

  // The product list shows the tags; a chip filters the list by its tag.
  await page.getByRole('link', { name: 'See the products' }).click();
  await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: `Wool scarf ${tag}` });
  await row.getByRole('link', { name: `wool-${tag}` }).click();
  await expect.poll(() => page.getByLabel('Tag', { exact: true }).inputValue()).toBe(`wool-${tag}`);
  await expect.poll(() => page.getByRole('row').count()).toBe(2);
  await checkScreen(page, 'products-tag-filter');
  await page.getByRole('button', { name: 'Any tag' }).click();
  await page.getByLabel('Tag', { exact: true }).waitFor();

  // Put the demo shop back: the product and the category the import made.
  if (product) {
    await merchantApi(`/products/${product.id}`, { method: 'DELETE' });
    await merchantApi(`/categories/${product.category_ids[0]}`, { method: 'DELETE' });
  }
});
