import { expect, it } from 'vitest';
import {
  checkScreen,
  merchantApi,
  origin,
  storefrontApi,
  unique,
  useDashboardPage,
} from './helpers';

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

const journey = useDashboardPage('catalogue_editor');

const category = async (id: string) => (await merchantApi<Category>(`/categories/${id}`)).body;
const idInUrl = () => new URL(journey.page.url()).pathname.split('/').at(-1) ?? '';

it('creates a category with a description and an image, nests one under it, reorders and moves it', async () => {
  const { page } = journey;
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
  // The description's markup, typed in the rich-text field's HTML view.
  await page
    .getByRole('toolbar', { name: 'Format Description' })
    .getByRole('button', { name: 'HTML' })
    .click();
  await page.getByLabel('Description (HTML)').fill('<p>Light for every room.</p>');
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
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Description', exact: true }).textContent())
    .toBe('Changed elsewhere');
  expect(await page.getByLabel('Parent category').inputValue()).toBe('');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Changes saved.').waitFor();
  const moved = await category(deskId);
  expect([moved.parent_id, moved.description]).toEqual([null, 'Changed elsewhere']);
});

it('drags a category before another and into a third, moves one with the keyboard, and the storefront follows', async () => {
  const { page } = journey;
  const tag = unique();
  const make = async (title: string, parent_id: string | null = null) => {
    const made = await merchantApi<Category>('/categories', {
      method: 'POST',
      body: JSON.stringify({ title, parent_id, status: 'published' }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body;
  };
  const shelves = await make(`Shelves ${tag}`);
  const baskets = await make(`Baskets ${tag}`);
  for (const name of ['Wall', 'Floor', 'Corner']) await make(`${name} shelves ${tag}`, shelves.id);
  const children = async (parent: string) =>
    (
      await storefrontApi<{ data: { name: string }[] }>(`/categories?parent=${parent}&limit=50`)
    ).body.data.map((c) => c.name);
  expect(await children(shelves.id)).toEqual([
    `Wall shelves ${tag}`,
    `Floor shelves ${tag}`,
    `Corner shelves ${tag}`,
  ]);

  await page.goto(`${origin()}/admin/categories`);
  const link = (name: string) => page.getByRole('link', { name, exact: true });
  const branchOf = (name: string) =>
    page
      .getByRole('listitem')
      .filter({ has: link(name) })
      .getByRole('list')
      .first();
  await link(`Corner shelves ${tag}`).waitFor();

  // Dropped on the top edge of "Wall shelves": it goes before it.
  await link(`Corner shelves ${tag}`).dragTo(
    // The innermost item holding the link: Wall shelves' own, not its parent's.
    page
      .getByRole('listitem')
      .filter({ has: link(`Wall shelves ${tag}`) })
      .last(),
    { targetPosition: { x: 40, y: 3 } },
  );
  await page.getByText(`Corner shelves ${tag} moved before Wall shelves ${tag}.`).waitFor();
  await expect
    .poll(() => branchOf(`Shelves ${tag}`).getByRole('link').allTextContents())
    .toEqual([`Corner shelves ${tag}`, `Wall shelves ${tag}`, `Floor shelves ${tag}`]);

  // Dropped on the middle of "Baskets": it goes inside it.
  await link(`Floor shelves ${tag}`).dragTo(link(`Baskets ${tag}`));
  await page.getByText(`Floor shelves ${tag} moved into Baskets ${tag}.`).waitFor();
  await expect
    .poll(() => branchOf(`Baskets ${tag}`).getByRole('link').allTextContents())
    .toEqual([`Floor shelves ${tag}`]);

  // Without a pointer: the "Move to" list puts "Wall shelves" into "Baskets" too.
  await page
    .getByLabel(`Move Wall shelves ${tag} to`)
    .selectOption({ label: `Into Baskets ${tag}` });
  await page.getByText(`Wall shelves ${tag} moved into Baskets ${tag}.`).waitFor();
  await expect
    .poll(() => branchOf(`Baskets ${tag}`).getByRole('link').allTextContents())
    .toEqual([`Floor shelves ${tag}`, `Wall shelves ${tag}`]);
  await checkScreen(page, 'categories-moved');

  expect(await children(shelves.id)).toEqual([`Corner shelves ${tag}`]);
  expect(await children(baskets.id)).toEqual([`Floor shelves ${tag}`, `Wall shelves ${tag}`]);
});
