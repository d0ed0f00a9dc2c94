/**
 * What the demo shop's people change while a journey watches the storefront: settings through
 * the merchant API with the demo merchant key, and what only the shop's operator changes (the
 * shop's status, its payment provider) in the stack's database, as `npm run shop` and the
 * back office do.
 */
import pg from 'pg';
import { inject } from 'vitest';
import { setShopStatus } from '../../../scripts/admin/shops';
import { DEMO_API_KEY, DEMO_MERCHANT_KEY } from '../../../scripts/seed/keys';

const admin = () => `${inject('devOrigin')}/admin/api/v1`;
const merchant = { authorization: `Bearer ${DEMO_MERCHANT_KEY}` };

type Section = Record<string, unknown>;

/** One section of the settings document, as the merchant API shows it. */
export async function readSettings(section: string): Promise<Section> {
  const res = await fetch(`${admin()}/settings`, { headers: merchant });
  if (res.status !== 200) throw new Error(`GET settings: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as Record<string, Section>;
  const found = body[section];
  if (!found) throw new Error(`no settings section ${section}`);
  return found;
}

/** Changes fields of one section; answers the fields as they were, to put them back. */
export async function patchSettings(section: string, patch: Section): Promise<Section> {
  const before = await readSettings(section);
  const res = await fetch(`${admin()}/settings/${section}`, {
    method: 'PATCH',
    headers: { ...merchant, 'content-type': 'application/json' },
    body: JSON.stringify(patch),
  });
  if (res.status !== 200) throw new Error(`PATCH settings: ${res.status} ${await res.text()}`);
  return Object.fromEntries(Object.keys(patch).map((k) => [k, before[k]]));
}

/** The demo shop's id, as its health check names it. */
async function shopId(): Promise<string> {
  const res = await fetch(`${inject('devOrigin')}/access/api/v1/settings/health`, {
    headers: { 'x-api-key': DEMO_API_KEY },
  });
  const body = (await res.json()) as { id?: string };
  if (!body.id) throw new Error(`health named no shop: ${res.status}`);
  return body.id;
}

function databaseUrl(): string {
  const url = inject('databaseUrl');
  if (!url) throw new Error('these journeys need the stack database (BROWSER_DATABASE_URL)');
  return url;
}

/**
 * Opens (`active`) or closes the demo shop as `npm run shop -- status` does. Without Redis the
 * dev stack's generations live in the worker, out of the command's reach, so a merchant write
 * that changes what a cached shop holds (its name, changed and put back) makes the worker look
 * the shop up again at once rather than after the shop cache's minute.
 */
export async function setDemoShopStatus(status: 'active' | 'maintenance') {
  await setShopStatus(databaseUrl(), 'aurora', status);
  const { name } = await readSettings('shop');
  await patchSettings('shop', { name: `${String(name)} (status)` });
  await patchSettings('shop', { name });
}

/**
 * Connects the demo shop to the payment stand-in, as the back office does (the merchant API
 * has no route for a provider's secret); answers the function that disconnects it.
 */
export async function connectPayments(): Promise<() => Promise<void>> {
  const id = await shopId();
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(
      `insert into payment_providers (shop_id, provider, secret_key, webhook_secret, active)
       values ($1, 'stripe', $2, $3, true) returning id`,
      [id, `sk_test_theme${Date.now()}journey0000`, `whsec_theme${Date.now()}journey0000`],
    );
    const providerId = rows[0]?.id;
    return async () => {
      const again = new pg.Client({ connectionString: databaseUrl() });
      await again.connect();
      try {
        await again.query('delete from payment_providers where id = $1', [providerId]);
      } finally {
        await again.end();
      }
    };
  } finally {
    await db.end();
  }
}

/**
 * Refunds `amountMinor` of one of the buyer's paid, not yet refunded orders through the
 * merchant API, as the merchant does from the dashboard; answers the order's id.
 */
export async function refundPartOfAPaidOrder(email: string, amountMinor: number) {
  const query = new URLSearchParams({ email, payment_status: 'fully-paid', limit: '50' });
  const res = await fetch(`${admin()}/orders?${query}`, { headers: merchant });
  if (res.status !== 200) throw new Error(`GET orders: ${res.status} ${await res.text()}`);
  const list = (await res.json()) as {
    data: Array<{ id: string; status: string }>;
  };
  const order = list.data.find((o) => o.status !== 'cancelled' && o.status !== 'refunded');
  if (!order) throw new Error(`no paid order of ${email} to refund`);
  const refund = await fetch(`${admin()}/orders/${order.id}/refunds`, {
    method: 'POST',
    headers: { ...merchant, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: amountMinor, reason: 'One item arrived scratched' }),
  });
  if (refund.status !== 200) throw new Error(`refund: ${refund.status} ${await refund.text()}`);
  return order.id;
}
