import { afterAll, expect, inject, it } from 'vitest';
import { checkScreen, merchantApi, origin, placeOrder, unique, useDashboardPage } from './helpers';

type Product = { id: string; slug: string; description: string; category_ids: string[] };
type Category = { id: string };

const journey = useDashboardPage('owner');
/** The text selected in the page. */
const selected = () => journey.page.evaluate('String(document.getSelection())');
const made: { products: string[]; categories: string[] } = { products: [], categories: [] };

// The demo shop as it was: what the journey made is deleted, children before parents.
afterAll(async () => {
  for (const id of made.products) await merchantApi(`/products/${id}`, { method: 'DELETE' });
  for (const id of made.categories.reverse()) {
    await merchantApi(`/categories/${id}`, { method: 'DELETE' });
  }
});

async function category(title: string, parentId: string | null = null): Promise<string> {
  const res = await merchantApi<Category>('/categories', {
    method: 'POST',
    body: JSON.stringify({ title, slug: `c-${unique()}`, parent_id: parentId }),
  });
  if (res.status !== 201) throw new Error(`category ${title}: ${res.status}`);
  made.categories.push(res.body.id);
  return res.body.id;
}

it('writes a description with a heading, a list, bold text and a link from the toolbar, files the product under a nested category by its path, and the storefront shows it', async () => {
  const { page } = journey;
  const tag = unique();
  const women = await category(`Women ${tag}`);
  const men = await category(`Men ${tag}`);
  const womensKnitwear = await category(`Knitwear ${tag}`, women);
  await category(`Knitwear ${tag}`, men);
  const created = await merchantApi<Product>('/products', {
    method: 'POST',
    body: JSON.stringify({ title: `Rich Text Jumper ${tag}`, price: 5900, status: 'published' }),
  });
  expect(created.status).toBe(201);
  const { id, slug } = created.body;
  made.products.push(id);

  await page.goto(`${origin()}/admin/products/${id}`);
  await page.getByRole('heading', { level: 1, name: `Rich Text Jumper ${tag}` }).waitFor();
  // Two "Knitwear", told apart by their paths.
  await page.getByLabel(`Men ${tag} › Knitwear ${tag}`, { exact: true }).waitFor();
  await page.getByLabel(`Women ${tag} › Knitwear ${tag}`, { exact: true }).check();

  const toolbar = page.getByRole('toolbar', { name: 'Format Description' });
  const editor = page.getByRole('textbox', { name: 'Description' });
  await editor.click();
  await page.keyboard.type('Care guide');
  await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
  await expect
    .poll(() =>
      toolbar.getByRole('button', { name: 'Heading', exact: true }).getAttribute('aria-pressed'),
    )
    .toBe('true');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Wash cold');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Dry flat');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Handle gently, see the guide');
  for (let i = 0; i < 'the guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(selected).toBe('the guide');
  await page.keyboard.press('Control+K');
  await page.getByLabel('Link address').fill('https://example.com/care');
  await page.getByRole('button', { name: 'Apply link' }).click();
  await editor.getByRole('link', { name: 'the guide' }).waitFor();
  await page.keyboard.press('End');
  for (let i = 0; i < ', see the guide'.length; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 'gently'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(selected).toBe('gently');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await expect
    .poll(() => toolbar.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed'))
    .toBe('true');
  await editor.getByRole('link', { name: 'the guide' }).waitFor();
  // Pasted markup keeps only what the storefront keeps.
  await page.keyboard.press('Control+End');
  // A paste event as the browser sends it (the test's own code has no DOM types).
  await page.evaluate(`(() => {
    const data = new DataTransfer();
    data.setData('text/html', '<p onclick="steal()">Pasted <b>words</b><script>steal()</script></p>');
    document.activeElement.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  })()`);
  await editor.getByText('Pasted').waitFor();
  await checkScreen(page, 'rich-text-editor');

  // The markup stays reachable.
  await toolbar.getByRole('button', { name: 'HTML' }).click();
  const raw = page.getByLabel('Description (HTML)');
  await expect.poll(() => raw.inputValue()).toContain('<h2>Care guide</h2>');
  await checkScreen(page, 'rich-text-html');
  await toolbar.getByRole('button', { name: 'HTML' }).click();

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Changes saved.').waitFor();
  const saved = (await merchantApi<Product>(`/products/${id}`)).body;
  expect(saved.category_ids).toEqual([womensKnitwear]);
  expect(saved.description).toContain('<h2>Care guide</h2>');
  expect(saved.description).toMatch(/<ul><li>Wash cold<\/li><li>Dry flat<\/li><\/ul>/);
  expect(saved.description).toContain('<strong>gently</strong>');
  expect(saved.description).toContain('<a href="https://example.com/care">the guide</a>');
  expect(saved.description).toContain('<p>Pasted <strong>words</strong></p>');
  expect(saved.description).not.toMatch(/script|onclick|steal/);

  const theme = inject('themeOrigin');
  const shopper = await journey.browser.newPage();
  try {
    await shopper.goto(`${theme}/product/${slug}`);
    await shopper.getByRole('heading', { name: 'Care guide' }).waitFor();
    expect(await shopper.getByRole('listitem').filter({ hasText: 'Dry flat' }).count()).toBe(1);
    await shopper.getByRole('link', { name: 'the guide' }).waitFor();
    expect(await shopper.locator('strong', { hasText: 'gently' }).count()).toBe(1);
  } finally {
    await shopper.close();
  }
});

it('names the member who added a note in the order timeline', async () => {
  const { page } = journey;
  const placed = await placeOrder(`buyer-${unique()}@example.test`);
  await page.goto(`${origin()}/admin/orders/${placed._id}`);
  await page.getByRole('heading', { level: 1, name: `Order #${placed.orderNumber}` }).waitFor();
  const notes = page.getByRole('region', { name: 'Internal notes' });
  await notes.getByLabel('New note').fill('Gift wrap, please');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await notes.getByText('Note added.').waitFor();
  const latest = page
    .getByRole('list', { name: 'Changes, newest first' })
    .getByRole('listitem')
    .first();
  await latest.getByText('Note added: “Gift wrap, please”').waitFor();
  await latest.getByText('Journey Member').waitFor();
  expect(await latest.getByText(journey.email).count()).toBe(1);
  await checkScreen(page, 'order-timeline-member');
});
