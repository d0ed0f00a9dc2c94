import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/chromium';
import { checkScreen, merchantApi, newPage, origin, signInAs, unique } from './helpers';

// A 1×1 PNG, as a merchant's photo would arrive from their disk.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Category = {
  id: string;
  title: string;
  description: string;
  parent_id: string | null;
  position: number;
  image_id: string | null;
};

let browser: Browser;
let page: Page;
let cspErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, cspErrors } = await newPage(browser));
  await signInAs(page, 'catalogue_editor');
});
afterAll(async () => {
  expect(cspErrors).toEqual([]);
  await browser?.close();
});

const category = async (id: string) => (await merchantApi<Category>(`/categories/${id}`)).body;
const idInUrl = () => new URL(page.url()).pathname.split('/').at(-1) ?? '';

it('creates a category with a description and an image, nests one under it, reorders and moves it', async () => {
  const tag = unique();
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Categories' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
  await page.getByRole('region', { name: 'Category tree' }).getByRole('link').first().waitFor();
  await checkScreen(page, 'categories');

  await page.getByRole('link', { name: 'Add category' }).click();
  await page.getByRole('heading', { level: 1, name: 'New category' }).waitFor();
  await page.getByRole('button', { name: 'Create category' }).click();
  await page.getByText('Enter a title').waitFor();
  await page.getByLabel('Title').fill(`Lamps ${tag}`);
  await page.getByLabel('Description').fill('<p>Light for every room.</p>');
  await page.getByLabel('Choose image').setInputFiles({
    name: 'lamps.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.getByRole('img', { name: 'lamps' }).waitFor();
  await checkScreen(page, 'category-editor');
  await page.getByRole('button', { name: 'Create category' }).click();
  await page.getByText('Category created.').waitFor();
  const parentId = idInUrl();
  const parent = await category(parentId);
  expect(parent.description).toBe('<p>Light for every room.</p>');
  expect(parent.image_id).not.toBeNull();

  // A child, made in the editor with the parent picked from the tree's order.
  await page.goto(`${origin()}/admin/categories/new`);
  await page.getByLabel('Title').fill(`Desk lamps ${tag}`);
  await page.getByLabel('Parent category').selectOption({ label: `Lamps ${tag}` });
  await page.getByRole('button', { name: 'Create category' }).click();
  await page.getByText('Category created.').waitFor();
  const deskId = idInUrl();
  expect((await category(deskId)).parent_id).toBe(parentId);
  const floor = await merchantApi<Category>('/categories', {
    method: 'POST',
    body: JSON.stringify({ title: `Floor lamps ${tag}`, parent_id: parentId }),
  });
  expect(floor.status).toBe(201);

  // In the tree, the children sit under their parent; "up" puts the second before the first.
  await page.getByRole('link', { name: '← Categories' }).click();
  const branch = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Lamps ${tag}`, exact: true }) });
  await branch.getByRole('link', { name: `Floor lamps ${tag}` }).waitFor();
  await expect
    .poll(() => branch.getByRole('list').getByRole('link').allTextContents())
    .toEqual([`Desk lamps ${tag}`, `Floor lamps ${tag}`]);
  await page.getByRole('button', { name: `Move Floor lamps ${tag} up` }).click();
  await page.getByText(`Floor lamps ${tag} moved up.`).waitFor();
  await expect
    .poll(() => branch.getByRole('list').getByRole('link').allTextContents())
    .toEqual([`Floor lamps ${tag}`, `Desk lamps ${tag}`]);
  expect((await category(floor.body.id)).position).toBeLessThan((await category(deskId)).position);

  // Moving to the top level, from the editor; a change made meanwhile elsewhere is kept.
  await page.getByRole('link', { name: `Desk lamps ${tag}` }).click();
  await page.getByRole('heading', { level: 1, name: `Desk lamps ${tag}` }).waitFor();
  const meanwhile = await merchantApi(`/categories/${deskId}`, {
    method: 'PATCH',
    body: JSON.stringify({ description: 'Changed elsewhere' }),
  });
  expect(meanwhile.status).toBe(200);
  await page.getByLabel('Parent category').selectOption({ label: 'None (top level)' });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('was changed by someone else').waitFor();
  await checkScreen(page, 'category-stale');
  await page.getByRole('button', { name: 'Load their changes and keep mine' }).click();
  await expect.poll(() => page.getByLabel('Description').inputValue()).toBe('Changed elsewhere');
  expect(await page.getByLabel('Parent category').inputValue()).toBe('');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Changes saved.').waitFor();
  const moved = await category(deskId);
  expect([moved.parent_id, moved.description]).toEqual([null, 'Changed elsewhere']);
});
