/**
 * The contract's analytics rules, kept free of storage and network so they can be proven:
 * a visitor id kept indefinitely; a session that ends after 30 minutes without an event and is
 * renewed by each one; `sessionStartPage` the first page of the session; `page_view`,
 * `product_view` and `social_referral` at most once per context per session.
 */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

export type EventKind =
  | 'page_view'
  | 'product_view'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'begin_checkout'
  | 'complete_checkout'
  | 'search'
  | 'add_to_wishlist'
  | 'social_referral';

export type AnalyticsState = {
  visitorId: string;
  session: { id: string; startPage: string; lastAt: number; seen: string[] } | null;
};

export type AnalyticsEvent = {
  userId: string;
  sessionId: string;
  sessionStartPage: string;
  event: EventKind;
  metadata: Record<string, unknown>;
  referrerUrl?: string;
};

/** The context an event may be sent once for in a session; null when it is sent every time. */
export function onceKey(event: EventKind, metadata: Record<string, unknown>): string | null {
  if (event === 'page_view') return `page_view:${String(metadata.url)}`;
  if (event === 'product_view') return `product_view:${String(metadata.productId)}`;
  if (event === 'social_referral')
    return `social_referral:${String(metadata.utm_source)}:${String(metadata.utm_medium)}:${String(metadata.utm_campaign)}`;
  return null;
}

/**
 * One event happening at `now` on the page `path`: the next state and the payload to send,
 * or no payload when the rules say it was already sent in this session.
 */
export function track(
  state: AnalyticsState,
  input: {
    event: EventKind;
    metadata: Record<string, unknown>;
    path: string;
    now: number;
    newId: () => string;
    referrer?: string;
  },
): { state: AnalyticsState; payload: AnalyticsEvent | null } {
  let session = state.session;
  if (!session || input.now - session.lastAt > SESSION_IDLE_MS) {
    session = { id: input.newId(), startPage: input.path, lastAt: input.now, seen: [] };
  }
  const key = onceKey(input.event, input.metadata);
  if (key && session.seen.includes(key)) {
    // Not sent, so it does not count as activity either.
    return { state: { ...state, session }, payload: null };
  }
  const next = {
    ...session,
    lastAt: input.now,
    seen: key ? [...session.seen, key].slice(-200) : session.seen,
  };
  const payload: AnalyticsEvent = {
    userId: state.visitorId,
    sessionId: next.id,
    sessionStartPage: next.startPage,
    event: input.event,
    metadata: input.metadata,
    ...(input.referrer ? { referrerUrl: input.referrer } : {}),
  };
  return { state: { ...state, session: next }, payload };
}
