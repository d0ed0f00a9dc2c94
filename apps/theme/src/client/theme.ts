/**
 * The script every page loads (no framework): analytics as the contract's Events section says,
 * the bag count in the header, and the top bar's announcements in turn.
 */
import { type AnalyticsState, type EventKind, track } from '../lib/analytics';
import { readCompactCart } from '../lib/cookies';

const STATE_KEY = 'sf_analytics';

type CookieStore = {
  get(name: string): Promise<{ value: string } | null>;
  delete(options: { name: string; path: string }): Promise<void>;
};
const cookieStore = (globalThis as { cookieStore?: CookieStore }).cookieStore;

/**
 * A cookie's value, through the Cookie Store API where the browser has one: reading
 * `document.cookie` is a synchronous round trip to the browser's cookie store, which holds the
 * main thread while the page loads (tens of milliseconds on a busy phone); `cookieStore.get`
 * waits off it.
 */
async function cookie(name: string): Promise<string | undefined> {
  const raw = cookieStore
    ? (await cookieStore.get(name).catch(() => null))?.value
    : document.cookie
        .split('; ')
        .find((c) => c.startsWith(`${name}=`))
        ?.slice(name.length + 1);
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

const newId = () => crypto.randomUUID();

function loadState(): AnalyticsState {
  try {
    const parsed = JSON.parse(localStorage.getItem(STATE_KEY) ?? 'null') as AnalyticsState | null;
    if (parsed && typeof parsed.visitorId === 'string') return parsed;
  } catch {
    // a fresh state below
  }
  return { visitorId: newId(), session: null };
}

/** Removes a cookie, through the same store `cookie` reads, so a later read does not see it. */
async function clearCookie(name: string) {
  if (cookieStore) return cookieStore.delete({ name, path: '/' }).catch(() => undefined);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** Sends one event when the rules allow it; the page never waits (keepalive, not awaited). */
function emit(event: EventKind, metadata: Record<string, unknown>) {
  // Nothing is sent before health has passed: the server names the shop only after it has.
  if (!document.body.dataset.shop) return;
  const referrer =
    document.referrer && !document.referrer.startsWith(location.origin)
      ? document.referrer
      : undefined;
  const { state, payload } = track(loadState(), {
    event,
    metadata,
    path: location.pathname,
    now: Date.now(),
    newId,
    ...(referrer ? { referrer } : {}),
  });
  try {
    localStorage.setItem(STATE_KEY, JSON.stringify(state));
  } catch {
    // private mode: the visit still counts, without a remembered session
  }
  if (!payload) return;
  void fetch('/_api/analytics', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    keepalive: true,
  }).catch(() => undefined);
}

/** Events a form post left for this page (add to bag, wish list, order placed). */
async function sendPending() {
  const raw = await cookie('sf_events');
  if (!raw) return;
  await clearCookie('sf_events');
  try {
    const list = JSON.parse(raw) as Array<{ event: EventKind; metadata: Record<string, unknown> }>;
    for (const e of list) emit(e.event, e.metadata ?? {});
  } catch {
    // ignored: a malformed cookie carries nothing to send
  }
}

let flushing = Promise.resolve();
/** One read of the pending events at a time, so no event is read twice before it is cleared. */
const flushPending = () => {
  flushing = flushing.then(sendPending).catch(() => undefined);
  return flushing;
};

function pageEvents() {
  emit('page_view', { url: location.pathname });
  const q = new URLSearchParams(location.search);
  const source = q.get('utm_source');
  if (source) {
    emit('social_referral', {
      utm_source: source,
      utm_medium: q.get('utm_medium') ?? '',
      utm_campaign: q.get('utm_campaign') ?? '',
    });
  }
  const declared = document.body.dataset.events;
  if (declared) {
    try {
      for (const e of JSON.parse(declared) as Array<{
        event: EventKind;
        metadata: Record<string, unknown>;
      }>)
        emit(e.event, e.metadata);
    } catch {
      // ignored
    }
  }
  void flushPending();
}

export async function updateBagCount() {
  const count = readCompactCart(await cookie('sf_cart')).reduce((n, l) => n + l.quantity, 0);
  const text = count ? `(${count})` : '';
  // Written only when it changes: an empty bag leaves the page as the server sent it.
  for (const el of document.querySelectorAll<HTMLElement>('[data-bag-count]')) {
    if (el.textContent !== text) el.textContent = text;
  }
}

function rotateAnnouncements() {
  const bar = document.querySelector<HTMLElement>('.topbar');
  const items = bar ? [...bar.querySelectorAll<HTMLElement>('li')] : [];
  if (!bar || items.length < 2) return;
  const interval = Math.max(2000, Number(bar.dataset.interval) || 5000);
  let index = 0;
  let paused = false;
  bar.addEventListener('mouseenter', () => (paused = true));
  bar.addEventListener('mouseleave', () => (paused = false));
  bar.addEventListener('focusin', () => (paused = true));
  bar.addEventListener('focusout', () => (paused = false));
  setInterval(() => {
    if (paused || document.hidden) return;
    items[index]?.setAttribute('hidden', '');
    index = (index + 1) % items.length;
    items[index]?.removeAttribute('hidden');
  }, interval);
}

document.addEventListener('sf:flush', () => {
  void flushPending();
  void updateBagCount();
});
void updateBagCount();
rotateAnnouncements();
pageEvents();
