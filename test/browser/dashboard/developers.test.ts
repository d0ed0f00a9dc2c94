import { beforeAll, expect, it } from 'vitest';
import { checkScreen, merchantApi, origin, unique, useDashboardPage } from './helpers';

const journey = useDashboardPage('admin');
beforeAll(() => journey.page.context().grantPermissions(['clipboard-read', 'clipboard-write']));

const callWith = (secret: string, path: string) =>
  fetch(`${origin()}/admin/api/v1${path}`, { headers: { authorization: `Bearer ${secret}` } });

it('creates an API key with scopes, shows its secret once, and revokes it', async () => {
  const { page } = journey;
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Developers' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Developers' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Audit log' }).waitFor();
  await checkScreen(page, 'developers');

  const name = `Stock sync ${unique()}`;
  await page.getByRole('button', { name: 'New API key' }).click();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Catalogue: view', { exact: true }).check();
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByText(`The secret of ${name}: copy it now.`).waitFor();
  const keyRow = page.getByRole('row').filter({ hasText: name });
  const scope = keyRow.getByText('Catalogue: view', { exact: true });
  expect(await scope.getAttribute('title')).toBe('catalogue:read');
  await checkScreen(page, 'developers-key-created');
  const secret = (await page.locator('.secret code').textContent()) ?? '';
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await page.getByRole('button', { name: 'Copied' }).waitFor();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);

  // The key does what its scopes allow, and nothing else.
  expect((await callWith(secret, '/products?limit=1')).status).toBe(200);
  expect((await callWith(secret, '/orders?limit=1')).status).toBe(403);

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke ${name}?` });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Revoke API key' }).click();
  await page.getByText(`${name} revoked.`).waitFor();
  expect((await callWith(secret, '/products?limit=1')).status).toBe(401);
  // Once shown, the secret is never shown again.
  expect(await page.locator('.secret code').count()).toBe(0);
});

it('adds a webhook endpoint, lists its deliveries and replays one', async () => {
  const { page } = journey;
  const url = `https://hooks.example.com/${unique()}`;
  await page.getByRole('button', { name: 'New webhook endpoint' }).click();
  await page.getByLabel('Address (https)').fill(url);
  await page.getByLabel('product.updated').check();
  await page.getByRole('button', { name: 'Create webhook endpoint' }).click();
  await page.getByText(`${url} created.`).waitFor();
  await page.getByText(`The signing secret of ${url}: copy it now.`).waitFor();

  // A product changes elsewhere: the endpoint gets a delivery.
  const product = (await merchantApi<{ data: { id: string; version: number }[] }>('/products')).body
    .data[0];
  expect(product).toBeDefined();
  if (!product) return;
  const changed = await merchantApi(`/products/${product.id}`, {
    method: 'PATCH',
    headers: { 'if-match': `"${product.version}"`, 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ description: `Updated ${unique()}` }),
  });
  expect(changed.status).toBe(200);

  await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
  await page.getByRole('heading', { level: 2, name: 'Deliveries' }).waitFor();
  const deliveries = page.getByRole('table', { name: 'Deliveries' });
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Close deliveries' }).click();
        await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
        return deliveries.getByRole('row').filter({ hasText: 'product.updated' }).count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  await checkScreen(page, 'developers-deliveries');
  await deliveries.getByRole('button', { name: 'Replay product.updated' }).first().click();
  await page.getByText('Delivery sent again.').waitFor();
  await expect
    .poll(() => deliveries.getByRole('row').filter({ hasText: '(replay)' }).count())
    .toBeGreaterThan(0);
});

it('filters the audit log by actor and resource', async () => {
  const { page } = journey;
  const log = page.getByRole('form', { name: 'Filter the audit log' });
  await log.getByLabel('Actor (email or key)').fill(journey.email);
  await log.getByLabel('Resource type').fill('merchant_key');
  await log.getByRole('button', { name: 'Filter' }).click();
  const table = page.getByRole('table', { name: 'Audit log' });
  // The key's create and revoke, by this member only (the rows are the header and those).
  await expect
    .poll(async () => {
      const rows = (await table.getByRole('row').allTextContents()).slice(1);
      return rows.map((r) => [
        r.includes(journey.email),
        /merchant_key/.test(r),
        /revoke|create/.exec(r)?.[0],
      ]);
    })
    .toEqual([
      [true, true, 'revoke'],
      [true, true, 'create'],
    ]);
  await checkScreen(page, 'developers-audit');
});
