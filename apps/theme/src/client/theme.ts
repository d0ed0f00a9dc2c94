/**
 * The script every page loads (no framework): analytics as the contract's Events section says,
 * the bag count in the header, and the top bar's announcements in turn.
 */
import { type AnalyticsState, type EventKind, track } from '../lib/analytics';
import { readCompactCart } from '../lib/cookies';

const STATE_KEY = 'sf_analytics';

function cookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  if (!match) return undefined;
  try {
    return decodeURIComponent(match.slice(name.length + 1));
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
function flushPending() {
  const raw = cookie('sf_events');
  if (!raw) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet
  document.cookie = 'sf_events=; Max-Age=0; Path=/; SameSite=Lax';
  try {
    const list = JSON.parse(raw) as Array<{ event: EventKind; metadata: Record<string, unknown> }>;
    for (const e of list) emit(e.event, e.metadata ?? {});
  } catch {
    // ignored: a malformed cookie carries nothing to send
  }
}

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
  flushPending();
}

export function updateBagCount() {
  const count = readCompactCart(cookie('sf_cart')).reduce((n, l) => n + l.quantity, 0);
  for (const el of document.querySelectorAll<HTMLElement>('[data-bag-count]')) {
    el.textContent = count ? `(${count})` : '';
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
  flushPending();
  updateBagCount();
});
updateBagCount();
rotateAnnouncements();
pageEvents();
