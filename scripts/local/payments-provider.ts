import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, header, readBody, sendJson, startHttpServer } from './http-server';
import { LOOPBACK } from './net';
import {
  type Checked,
  id,
  invalid,
  missing,
  obj,
  type Params,
  type ParamValue,
  parseForm,
  type Reply,
  refuse,
  str,
  stripeError,
} from './payments-protocol';
import { createRefunds } from './payments-refunds';

/**
 * A stand-in for the part of Stripe's REST API the worker uses: Checkout Sessions
 * (create, retrieve, expire, list line items) and Refunds (create, retrieve) with Stripe's
 * auth, form encoding, validation,
 * idempotency and error shapes. Tests read what was created, and pay or
 * expire a session to get the event Stripe would then deliver, through `/__test/…` routes.
 */
export interface PaymentsProvider {
  /** Use as STRIPE_API_BASE. */
  url: string;
  close(): Promise<void>;
  sessions(): StoredSession[];
}

export type StoredLineItem = {
  id: string;
  object: 'item';
  description: string;
  quantity: number;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  price: { object: 'price'; currency: string; unit_amount: number };
};

export type StoredSession = {
  session: Record<string, unknown> & { id: string; amount_total: number };
  lineItems: StoredLineItem[];
  apiKey: string;
};

const MAX_BODY_BYTES = 1024 * 1024;
/** Stripe refuses a Checkout total below the currency's minimum charge (0.50 in most). */
const MINIMUM_CHARGE: Record<string, number> = { gbp: 30, jpy: 50, huf: 17500 };
const API_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/;
const isUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

function readLineItems(params: Params): Checked<StoredLineItem[]> {
  const raw = params.line_items;
  const list = Array.isArray(raw) ? raw : obj(raw) ? Object.values(obj(raw) ?? {}) : undefined;
  if (!list || list.length === 0) return missing('line_items');
  const items: StoredLineItem[] = [];
  for (const [i, entry] of list.entries()) {
    const at = `line_items[${i}]`;
    const item = obj(entry);
    const priceData = obj(item?.price_data);
    if (!item || !priceData) return missing(`${at}[price_data]`);
    const currency = str(priceData.currency)?.toLowerCase();
    if (!currency) return missing(`${at}[price_data][currency]`);
    if (!/^[a-z]{3}$/.test(currency))
      return invalid(`${at}[price_data][currency]`, 'Invalid currency');
    const unitRaw = str(priceData.unit_amount);
    if (unitRaw === undefined) return missing(`${at}[price_data][unit_amount]`);
    const unit = Number(unitRaw);
    if (!/^\d+$/.test(unitRaw) || unit > 99_999_999) {
      return invalid(`${at}[price_data][unit_amount]`, `Invalid integer: ${unitRaw}`);
    }
    const name = str(obj(priceData.product_data)?.name);
    if (!name) return missing(`${at}[price_data][product_data][name]`);
    const quantityRaw = str(item.quantity);
    if (quantityRaw === undefined) return missing(`${at}[quantity]`);
    const quantity = Number(quantityRaw);
    if (!/^\d+$/.test(quantityRaw) || quantity < 1) {
      return invalid(`${at}[quantity]`, 'This value must be greater than or equal to 1.');
    }
    items.push({
      id: id('li'),
      object: 'item',
      description: name,
      quantity,
      currency,
      amount_subtotal: unit * quantity,
      amount_total: unit * quantity,
      price: { object: 'price', currency, unit_amount: unit },
    });
  }
  const currencies = new Set(items.map((i) => i.currency));
  if (currencies.size > 1) {
    return refuse(
      stripeError(400, 'All line items must have the same currency.', { param: 'line_items' }),
    );
  }
  return { ok: true, value: items };
}

function readMetadata(
  value: ParamValue | undefined,
  param: string,
): Checked<Record<string, string>> {
  if (value === undefined) return { ok: true, value: {} };
  const entries = Object.entries(obj(value) ?? {});
  if (!obj(value) || entries.length > 50) return invalid(param, 'Invalid metadata');
  for (const [key, v] of entries) {
    if (key.length > 40 || typeof v !== 'string' || v.length > 500) {
      return invalid(`${param}[${key}]`, 'Invalid metadata value');
    }
  }
  return { ok: true, value: Object.fromEntries(entries) as Record<string, string> };
}

function createSession(params: Params, baseUrl: string): Checked<StoredSession> {
  const mode = str(params.mode);
  if (!mode) return missing('mode');
  if (mode !== 'payment') return invalid('mode', `Invalid mode: ${mode}`);
  const successUrl = str(params.success_url);
  if (!successUrl) return missing('success_url');
  if (!isUrl(successUrl)) return invalid('success_url', 'Not a valid URL');
  const cancelUrl = str(params.cancel_url);
  if (cancelUrl !== undefined && !isUrl(cancelUrl)) return invalid('cancel_url', 'Not a valid URL');
  const items = readLineItems(params);
  if (!items.ok) return items;
  const lineItems = items.value;
  const metadata = readMetadata(params.metadata, 'metadata');
  if (!metadata.ok) return metadata;
  const currency = lineItems[0]?.currency ?? 'usd';
  const total = lineItems.reduce((sum, i) => sum + i.amount_total, 0);
  const minimum = MINIMUM_CHARGE[currency] ?? 50;
  if (total < minimum) {
    return refuse(
      stripeError(
        400,
        `The Checkout Session's total amount due must add up to at least ${minimum} ${currency}`,
        { param: 'line_items' },
      ),
    );
  }
  const sessionId = id('cs_test');
  const created = Math.floor(Date.now() / 1000);
  const session = {
    id: sessionId,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    cancel_url: cancelUrl ?? null,
    client_reference_id: str(params.client_reference_id) ?? null,
    created,
    currency,
    customer_email: str(params.customer_email) ?? null,
    expires_at: created + 24 * 60 * 60,
    livemode: false,
    metadata: metadata.value,
    mode,
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: successUrl,
    url: `${baseUrl}/c/pay/${sessionId}`,
  };
  return { ok: true, value: { apiKey: '', lineItems, session } };
}

const noSuchSession = (sessionId: string) =>
  stripeError(404, `No such checkout.session: '${sessionId}'`, { code: 'resource_missing' });
const notOpen = (found: StoredSession) =>
  stripeError(
    400,
    `This Checkout Session is ${String(found.session.status)}; only an open session can be closed.`,
    { code: 'checkout_session_not_open' },
  );

/** The key of `Authorization: Bearer sk_…` or Basic `sk_…:`, or an error reply. */
function apiKeyOf(req: IncomingMessage): Checked<string> {
  const auth = header(req, 'authorization') ?? '';
  const bearer = /^Bearer (.+)$/i.exec(auth)?.[1];
  const basic = /^Basic (.+)$/i.exec(auth)?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : '');
  if (!key) {
    return refuse(
      stripeError(401, 'You did not provide an API key. Provide it in the Authorization header.'),
    );
  }
  if (!API_KEY.test(key)) {
    return refuse(stripeError(401, `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(8)}`));
  }
  return { ok: true, value: key };
}

/** Starts the stand-in on 127.0.0.1 (any free port unless `port` is given). */
export async function startPaymentsProvider(
  opts: { port?: number } = {},
): Promise<PaymentsProvider> {
  const stored: StoredSession[] = [];
  const replays = new Map<string, { body: string; path: string; reply: Reply }>();
  const refunds = createRefunds(stored);
  let baseUrl = '';

  const createOne = (body: string, key: string): Reply => {
    const created = createSession(parseForm(body), baseUrl);
    if (!created.ok) return created.reply;
    stored.push({ ...created.value, apiKey: key });
    return [200, created.value.session];
  };

  const api = async (req: IncomingMessage, path: string): Promise<Reply> => {
    const auth = apiKeyOf(req);
    if (!auth.ok) return auth.reply;
    const key = auth.value;
    if (req.method === 'POST' && (path === '/v1/checkout/sessions' || path === '/v1/refunds')) {
      const body = (await readBody(req, MAX_BODY_BYTES)).toString('utf8');
      const type = header(req, 'content-type') ?? '';
      if (!type.startsWith('application/x-www-form-urlencoded')) {
        return stripeError(400, 'Invalid request: expected a form-encoded body.');
      }
      const idempotencyKey = header(req, 'idempotency-key');
      const replayKey = idempotencyKey ? `${key}\n${idempotencyKey}` : undefined;
      const seen = replayKey ? replays.get(replayKey) : undefined;
      if (seen && (seen.body !== body || seen.path !== path)) {
        return [
          400,
          {
            error: {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          },
        ];
      }
      if (seen) return [seen.reply[0], seen.reply[1], { 'idempotent-replayed': 'true' }];
      const reply =
        path === '/v1/refunds' ? refunds.create(parseForm(body), key) : createOne(body, key);
      if (replayKey && reply[0] < 500) replays.set(replayKey, { body, path, reply });
      return reply;
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (req.method === 'POST' && expire) {
      const found = stored.find((s) => s.session.id === expire[1] && s.apiKey === key);
      if (!found) return noSuchSession(expire[1] ?? '');
      if (found.session.status !== 'open') return notOpen(found);
      return [200, closeSession(found, 'expired')];
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/line_items)?$/.exec(path);
    if (req.method === 'GET' && match) {
      const found = stored.find((s) => s.session.id === match[1] && s.apiKey === key);
      if (!found) return noSuchSession(match[1] ?? '');
      if (!match[2]) return [200, found.session];
      return [200, { object: 'list', data: found.lineItems, has_more: false, url: `${path}` }];
    }
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && refund) return refunds.retrieve(refund[1] ?? '', key);
    return stripeError(404, `Unrecognized request URL (${req.method}: ${path}).`);
  };

  /** The event Stripe delivers when a session changes state. */
  const eventOf = (type: string, session: Record<string, unknown>) => ({
    id: id('evt'),
    object: 'event',
    api_version: '2024-06-20',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object: session },
  });

  /** Moves an open session to its end state, as paying or letting it lapse does. */
  const closeSession = (found: StoredSession, outcome: 'paid' | 'expired') => {
    found.session =
      outcome === 'paid'
        ? { ...found.session, status: 'complete', payment_status: 'paid', payment_intent: id('pi') }
        : { ...found.session, status: 'expired', url: null };
    return found.session;
  };

  // Test routes: not part of Stripe's API; they stand for the dashboard, the customer and
  // the clock. Each returns the event Stripe would then deliver.
  const testRoutes = (req: IncomingMessage, url: URL): Reply => {
    if (req.method === 'GET' && url.pathname === '/__test/refunds') {
      return [200, refunds.list(url.searchParams.get('order_id'))];
    }
    if (req.method === 'GET' && url.pathname === '/__test/sessions') {
      const orderId = url.searchParams.get('order_id');
      const orderOf = (s: StoredSession) => (s.session.metadata as Record<string, string>).order_id;
      return [200, stored.filter((s) => !orderId || orderOf(s) === orderId)];
    }
    const close = /^\/__test\/sessions\/([^/]+)\/(complete|expire)$/.exec(url.pathname);
    if (req.method === 'POST' && close) {
      const found = stored.find((s) => s.session.id === close[1]);
      if (!found) return stripeError(404, 'No such session');
      if (found.session.status !== 'open') return notOpen(found);
      const paid = close[2] === 'complete';
      const session = closeSession(found, paid ? 'paid' : 'expired');
      return [
        200,
        eventOf(paid ? 'checkout.session.completed' : 'checkout.session.expired', session),
      ];
    }
    return stripeError(404, 'Unknown test route');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://local');
    try {
      const [status, body, headers] = url.pathname.startsWith('/__test/')
        ? testRoutes(req, url)
        : await api(req, url.pathname);
      sendJson(res, status, body, { 'request-id': id('req'), ...headers });
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      sendJson(res, 413, { error: { type: 'invalid_request_error', message: error.message } });
    }
  };

  const http = await startHttpServer(handle, opts.port);
  baseUrl = `http://${LOOPBACK}:${http.port}`;
  return { url: baseUrl, close: http.close, sessions: () => stored.slice() };
}
