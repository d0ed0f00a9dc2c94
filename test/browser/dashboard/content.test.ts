import { expect, it } from 'vitest';
import { checkScreen, storefrontApi, unique, useDashboardPage } from './helpers';

const tag = unique();

const journey = useDashboardPage('admin');

it('makes a content model and publishes an entry through the form made from it', async () => {
  const { page } = journey;
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Content' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Content and policies' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Policies' }).waitFor();
  await checkScreen(page, 'content');

  const name = `Lookbook ${tag}`;
  const slug = `lookbook-${tag}`;
  await page.getByRole('button', { name: 'New content model' }).click();
  await page.getByLabel('Model name').fill(name);
  await page.getByLabel('Slug').fill(slug);
  for (const [i, [field, type]] of [
    ['headline', 'text'],
    ['story', 'richtext'],
    ['featured', 'boolean'],
  ].entries()) {
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel(`Field name (field ${i + 1})`).fill(field ?? '');
    await page.getByLabel(`Type (field ${i + 1})`).selectOption(type ?? '');
  }
  await page.getByLabel('Required (field 1)').selectOption({ label: 'Required' });
  await page.getByRole('button', { name: 'Create content model' }).click();
  await page.getByText(`${name} created.`).waitFor();

  await page.getByRole('button', { name: `Entries of ${name}` }).click();
  await page.getByRole('button', { name: `New ${name} entry` }).click();
  // A required field left empty is refused beside it.
  await page.getByRole('button', { name: `Create ${name} entry` }).click();
  await page.getByText('Enter headline').waitFor();
  const headline = `Summer in linen ${tag}`;
  await page.getByLabel('headline').fill(headline);
  await page.getByRole('textbox', { name: 'story', exact: true }).fill('Light and cool.');
  await page.getByLabel('featured').check();
  await page.getByLabel('Status').first().selectOption('published');
  await checkScreen(page, 'content-entry');
  await page.getByRole('button', { name: `Create ${name} entry` }).click();
  await page.getByText(`${headline} created.`).waitFor();

  const served = await storefrontApi(`/content/${slug}`);
  expect(served.status).toBe(200);
  expect(JSON.stringify(served.body)).toContain(headline);
});

it('writes a policy the storefront serves', async () => {
  const { page } = journey;
  const text = `<p>Returns within 30 days ${tag}.</p>`;
  await page.getByLabel('Policy', { exact: true }).selectOption('refund');
  await page.getByLabel('Policy title').fill('Refunds');
  await page
    .getByRole('toolbar', { name: 'Format Policy text' })
    .getByRole('button', { name: 'HTML' })
    .click();
  await page.getByLabel('Policy text (HTML)').fill(text);
  await page.getByRole('button', { name: 'Save the policy' }).click();
  await page.getByText('Policy saved.').waitFor();
  const served = await storefrontApi<{ data: { content: string } }>('/settings/policy/refund');
  expect(served.status).toBe(200);
  expect(served.body.data.content).toContain(`Returns within 30 days ${tag}`);
});
